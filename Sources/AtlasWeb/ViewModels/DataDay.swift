import AtlasCore

/// How pages name the day the data's daily figures (disease.sh's `today…`) are for: the UTC day of
/// the data's update. "Today" only while the data is fresh; on stale data, the date itself, so
/// five-year-old figures never read as today's (`+15,912 on 14 Nov 2021`, `2021년 11월 14일 +15,912`).
/// In the language of `words` (its `daily.` texts).
struct DataDay: Sendable {
    /// Which day the daily figures are for, whatever the language.
    enum Moment: Sendable, Equatable {
        case today
        /// The data's UTC day, as ms since the epoch of its update.
        case day(Int64)
        /// The data carries no (believable) update time.
        case latestReported
    }

    let moment: Moment
    let words: PageWords

    /// The day as `freshness` sees the data now.
    init(_ freshness: Freshness, words: PageWords) {
        if !freshness.isStale {
            moment = .today
        } else if let updated = freshness.updated, !freshness.isFromTheFuture {
            moment = .day(updated)
        } else {
            moment = .latestReported
        }
        self.words = words
    }

    /// The day as a page writes it: `14 Nov 2021`, `2021년 11월 14일`; `nil` for `today` and an
    /// unknown day.
    private var day: String? {
        guard case .day(let updated) = moment else { return nil }
        return words.date(millisecondsSinceEpoch: updated)
    }

    /// The list's column heading: `Today`, or `New on 14 Nov 2021`.
    var columnHeading: String {
        switch moment {
        case .today: return words("daily.columnToday")
        case .day: return words("daily.columnOnDay", ["day": day!])
        case .latestReported: return words("daily.columnLatestDay")
        }
    }

    /// The sort's name: `New cases today`, or `New cases on 14 Nov 2021`.
    var newCasesLabel: String {
        switch moment {
        case .today: return words("daily.newCasesToday")
        case .day: return words("daily.newCasesOnDay", ["day": day!])
        case .latestReported: return words("daily.newCasesOnLatestDay")
        }
    }

    /// A daily figure as a stat cell's change line shows it: `+15,912 today`, `-3 on 14 Nov 2021`,
    /// `not reported today` (a zero that means nothing was reported, `Figures.dailyFiguresAreUnreported`);
    /// `nil` when the figure is unknown.
    func change(_ value: Int64?, unreported: Bool) -> String? {
        let change: String
        if unreported, value == 0 {
            change = words("daily.notReported")
        } else {
            guard let figure = Formatting.change(value) else { return nil }
            change = figure
        }
        switch moment {
        case .today: return words("daily.changeToday", ["change": change])
        case .day: return words("daily.changeOnDay", ["change": change, "day": day!])
        case .latestReported: return words("daily.changeOnLatestDay", ["change": change])
        }
    }
}
