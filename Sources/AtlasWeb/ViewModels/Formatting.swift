import AtlasCore
import Formats

/// Number and date formatting for pages, independent of the process locale and calendar
/// (docs/field-cases.md B28: a `th_TH` locale must not turn 2021 into 2564): numbers are grouped by hand
/// (always `,`), dates come from a Gregorian calendar fixed to UTC.
enum Formatting {
    /// The text shown where a figure is unknown (`null` or missing upstream).
    static let notAvailable = "n/a"

    /// `17967672` → `"17,967,672"`; `nil` → `"n/a"` (`NumberText.grouped`).
    static func grouped(_ value: Int64?) -> String {
        value.map(NumberText.grouped) ?? notAvailable
    }

    /// A figure rounded as its size calls for (`NumberText.figure`: `613`, `33.3`, `2.46`); `nil` or not
    /// finite → `"n/a"`.
    static func figure(_ value: Double?) -> String {
        value.flatMap(NumberText.figure) ?? notAvailable
    }

    /// At most two decimals, grouped (`NumberText.decimal`), for coordinates; `nil` or not finite → `"n/a"`.
    static func decimal(_ value: Double?) -> String {
        value.flatMap(NumberText.decimal) ?? notAvailable
    }

    /// Today's change: `"+15,912"`, `"0"`, or `nil` when unknown (the cell then shows no change line).
    static func change(_ value: Int64?) -> String? {
        guard let value else { return nil }
        return value > 0 ? "+" + grouped(value) : grouped(value)
    }

    /// `"14 November 2021, 05:11 UTC"`.
    static func readableDateTime(millisecondsSinceEpoch ms: Int64) -> String {
        UTCTime(millisecondsSinceEpoch: ms).readable
    }

    /// `"14 Nov 2021"`: the UTC day of a time (clamped to the years 1…9999).
    static func shortDate(millisecondsSinceEpoch ms: Int64) -> String {
        let p = UTCTime(millisecondsSinceEpoch: ms)
        return "\(p.day) \(Gregorian.monthAbbreviations[p.month - 1]) \(p.year)"
    }

    /// `"2021-11-14T05:11:02Z"`, for `<time datetime>`.
    static func isoDateTime(millisecondsSinceEpoch ms: Int64) -> String {
        UTCTime(millisecondsSinceEpoch: ms).iso8601
    }

    /// The unit `age(seconds:)` counts in at that age, in seconds (1 for seconds … 365 days for years).
    static func ageUnitSeconds(_ seconds: Int64) -> Int64 { ElapsedTime(seconds: seconds).unit.rawValue }

    /// A coarse age (`ElapsedTime`, the same thresholds in every language): `"3 minutes"`, `"5 hours"`,
    /// `"2 days"`, `"4 years"`.
    static func age(seconds: Int64) -> String {
        let age = ElapsedTime(seconds: seconds)
        let name: String
        switch age.unit {
        case .second: name = "second"
        case .minute: name = "minute"
        case .hour: name = "hour"
        case .day: name = "day"
        case .month: name = "month"
        case .year: name = "year"
        }
        return "\(age.count) \(name)\(age.count == 1 ? "" : "s")"
    }

    /// Area in km² with grouping: `100210` → `"100,210 km²"`, `0.44` → `"0.44 km²"`; `nil`/negative → `nil`.
    static func area(_ km2: Double?) -> String? {
        guard let km2, km2 >= 0 else { return nil }
        return figure(km2) + " km²"
    }
}
