import AtlasCore

/// The checks a decoded `vaccinations.csv` must pass before it replaces the stored one, so a broken or
/// stale file never wipes good figures. Each refusal is one line naming the location, figure and day;
/// a running total that falls is kept as published and flagged (docs/field-cases.md B41).
public enum VaccinationValidation {
    /// How many days the new file may end before the stored one: two weeks. OWID publishes daily; a
    /// file ending weeks earlier is an old copy.
    public static let allowedShortening = 14

    /// What a file that passed holds, for the import's report.
    public struct Accepted: Sendable, Equatable {
        /// How many locations (countries, territories, `OWID_*` aggregates) it has.
        public var locationCount: Int
        /// How many rows (location and day).
        public var rowCount: Int
        /// The first and last day of any row, days since 1970-01-01.
        public var days: ClosedRange<Int>
        /// Each fall of a running total, kept as published: `Germany: people_vaccinated 100 on
        /// 2021-05-01 → 90 on 2021-05-02`, in location and day order.
        public var falls: [String]
    }

    /// Checks `new` against `stored` (the file stored now, `nil` before the first import).
    /// - Throws: `SourceError.invalidVaccinations` for a negative figure; a count (`VaccinationFigure
    ///   .isCount`) that is not a whole number; a file of under half the stored locations; a file whose
    ///   last day is over `allowedShortening` days before the stored one's.
    @discardableResult
    public static func validate(_ new: Vaccinations, stored: Vaccinations?) throws(SourceError) -> Accepted {
        guard let days = new.span else { throw .invalidVaccinations("the file has no row") }
        var falls: [String] = []
        for isoCode in new.series.keys.sorted() {
            let series = new.series[isoCode]!
            var previous: [VaccinationFigure: (day: Int, value: Double, text: String)] = [:]
            for day in series.days {
                for figure in VaccinationFigure.allCases {
                    guard let text = day[text: figure], let value = day[figure] else { continue }
                    if value < 0 {
                        throw .invalidVaccinations(
                            "\(figure.rawValue) of \(series.location) on \(day.date.iso) is negative (\(text))")
                    }
                    if figure.isCount && value != value.rounded() {
                        throw .invalidVaccinations(
                            "\(figure.rawValue) of \(series.location) on \(day.date.iso) is not a whole number "
                                + "(\(text))")
                    }
                    guard figure.isCumulative else { continue }
                    if let last = previous[figure], value < last.value {
                        falls.append(
                            "\(series.location): \(figure.rawValue) \(last.text) on "
                                + "\(CalendarDate(daysSinceEpoch: last.day).iso) → \(text) on \(day.date.iso)")
                    }
                    previous[figure] = (day.day, value, text)
                }
            }
        }
        if let stored {
            if new.series.count * 2 < stored.series.count {
                throw .invalidVaccinations(
                    "only \(new.series.count) locations, under half of the \(stored.series.count) stored")
            }
            if let storedDays = stored.span, days.upperBound < storedDays.upperBound - allowedShortening {
                throw .invalidVaccinations(
                    "the file ends on \(CalendarDate(daysSinceEpoch: days.upperBound).iso), "
                        + "\(storedDays.upperBound - days.upperBound) days before the stored one")
            }
        }
        return Accepted(locationCount: new.series.count, rowCount: new.rowCount, days: days, falls: falls)
    }
}
