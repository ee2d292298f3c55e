import AtlasCore

/// How pages name the day the data's daily figures (disease.sh's `today…`) are for: the UTC day of
/// the data's update. "Today" only while the data is fresh; on stale data, the date itself, so
/// five-year-old figures never read as today's (`+15,912 on 14 Nov 2021`).
struct DataDay: Sendable, Equatable {
    /// `today`, or the day with its preposition (`on 14 Nov 2021`), or `on the latest day reported`
    /// when the data carries no (believable) update time.
    let phrase: String
    /// The list's column heading: `Today`, or `New on 14 Nov 2021`.
    let columnHeading: String
    /// The sort's name: `New cases today`, or `New cases on 14 Nov 2021`.
    let newCasesLabel: String

    /// The day as `freshness` sees the data now.
    init(_ freshness: Freshness) {
        if !freshness.isStale {
            phrase = "today"
            columnHeading = "Today"
        } else if let updated = freshness.updated, !freshness.isFromTheFuture {
            let day = Formatting.shortDate(millisecondsSinceEpoch: updated)
            phrase = "on " + day
            columnHeading = "New on " + day
        } else {
            phrase = "on the latest day reported"
            columnHeading = "Latest day"
        }
        newCasesLabel = "New cases " + phrase
    }

    /// A daily figure as a stat cell's change line shows it: `+15,912 today`, `-3 on 14 Nov 2021`,
    /// `not reported today` (a zero that means nothing was reported, `Figures.dailyFiguresAreUnreported`);
    /// `nil` when the figure is unknown.
    func change(_ value: Int64?, unreported: Bool) -> String? {
        if unreported, value == 0 { return Formatting.notReported + " " + phrase }
        return Formatting.change(value).map { $0 + " " + phrase }
    }
}
