import AtlasCore
import Foundation

/// Number and date formatting for pages, independent of the process locale and calendar
/// (docs/field-cases.md B28: a `th_TH` locale must not turn 2021 into 2564): numbers are grouped by hand
/// (always `,`), dates come from a Gregorian calendar fixed to UTC.
enum Formatting {
    /// The text shown where a figure is unknown (`null` or missing upstream).
    static let notAvailable = "n/a"
    /// The text shown where a daily figure is a 0 that means nothing was reported
    /// (`Figures.dailyFiguresAreUnreported`).
    static let notReported = "not reported"

    /// `17967672` → `"17,967,672"`; `nil` → `"n/a"`.
    static func grouped(_ value: Int64?) -> String {
        guard let value else { return notAvailable }
        let digits = String(value.magnitude)
        var result = ""
        result.reserveCapacity(digits.count + digits.count / 3 + 1)
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// A ratio with grouping and at most two decimals, trailing zeros dropped:
    /// `1529.05` → `"1,529.05"`, `0.7` → `"0.7"`, `3901.0` → `"3,901"`; `nil` → `"n/a"`.
    static func decimal(_ value: Double?) -> String {
        guard let value, value.isFinite else { return notAvailable }
        let hundredths = (value.magnitude * 100).rounded()
        guard hundredths < 9.2e18 else { return notAvailable }
        let whole = Int64(hundredths) / 100
        let fraction = Int64(hundredths) % 100
        var text = grouped(whole)
        if fraction != 0 {
            let padded = fraction < 10 ? "0\(fraction)" : "\(fraction)"
            text += "." + (padded.hasSuffix("0") ? String(padded.dropLast()) : padded)
        }
        return value < 0 && hundredths != 0 ? "-" + text : text
    }

    /// `value` with exactly `decimals` digits after the point (none for 0), rounded half away from
    /// zero, without grouping: `(1.25, 1)` → `"1.3"`, `(-3.14159, 2)` → `"-3.14"`; a result that
    /// rounds to zero has no sign. For chart labels and SVG coordinates, which must not depend on the
    /// process locale either. Magnitudes past 9 × 10¹⁸ units are clamped.
    static func decimalDigits(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        var factor: Double = 1
        for _ in 0..<decimals { factor *= 10 }
        let units = Int64(min((value.magnitude * factor).rounded(), 9.0e18))
        let digits = String(units)
        let sign = value < 0 && units != 0 ? "-" : ""
        guard decimals > 0 else { return sign + digits }
        let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
        return sign + padded.dropLast(decimals) + "." + padded.suffix(decimals)
    }

    /// Today's change: `"+15,912"`, `"0"`, or `nil` when unknown (the cell then shows no change line).
    static func change(_ value: Int64?) -> String? {
        guard let value else { return nil }
        return value > 0 ? "+" + grouped(value) : grouped(value)
    }

    /// A date and time in UTC from milliseconds since the epoch.
    struct DateParts: Equatable {
        var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// Splits ms since the epoch into UTC calendar parts: the day by `CalendarDate(daysSinceEpoch:)`
    /// (the proleptic Gregorian calendar, no locale or time zone), the time of day by arithmetic.
    /// Times are clamped to the years 1…9999, far beyond any real data, so no input can overflow.
    static func parts(millisecondsSinceEpoch ms: Int64) -> DateParts {
        let clamped = Int(min(max(ms, -62_135_596_800_000), 253_402_300_799_000))
        let seconds = clamped >= 0 ? clamped / 1000 : (clamped - 999) / 1000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let date = CalendarDate(daysSinceEpoch: days)
        return DateParts(
            year: date.year, month: date.month, day: date.day, hour: secondOfDay / 3600,
            minute: secondOfDay / 60 % 60, second: secondOfDay % 60)
    }

    /// `"14 November 2021, 05:11 UTC"`.
    static func readableDateTime(millisecondsSinceEpoch ms: Int64) -> String {
        let p = parts(millisecondsSinceEpoch: ms)
        return "\(p.day) \(monthNames[p.month - 1]) \(p.year), \(twoDigits(p.hour)):\(twoDigits(p.minute)) UTC"
    }

    /// `"14 Nov 2021"`: the UTC day of a time (clamped like `parts`, so no time traps).
    static func shortDate(millisecondsSinceEpoch ms: Int64) -> String {
        let p = parts(millisecondsSinceEpoch: ms)
        return "\(p.day) \(monthNames[p.month - 1].prefix(3)) \(p.year)"
    }

    /// `"2021-11-14T05:11:02Z"`, for `<time datetime>`.
    static func isoDateTime(millisecondsSinceEpoch ms: Int64) -> String {
        let p = parts(millisecondsSinceEpoch: ms)
        return
            "\(p.year)-\(twoDigits(p.month))-\(twoDigits(p.day))T\(twoDigits(p.hour)):\(twoDigits(p.minute)):\(twoDigits(p.second))Z"
    }

    /// The unit `age(seconds:)` counts in at that age, in seconds (1 for seconds … 365 days for years).
    static func ageUnitSeconds(_ seconds: Int64) -> Int64 {
        switch seconds {
        case ..<60: return 1
        case ..<3600: return 60
        case ..<86_400: return 3600
        case ..<(86_400 * 60): return 86_400
        case ..<(86_400 * 730): return 86_400 * 30
        default: return 86_400 * 365
        }
    }

    /// A coarse age: `"3 minutes"`, `"5 hours"`, `"2 days"`, `"4 years"`.
    static func age(seconds: Int64) -> String {
        func unit(_ count: Int64, _ name: String) -> String { "\(count) \(name)\(count == 1 ? "" : "s")" }
        switch seconds {
        case ..<60: return unit(max(seconds, 0), "second")
        case ..<3600: return unit(seconds / 60, "minute")
        case ..<86_400: return unit(seconds / 3600, "hour")
        case ..<(86_400 * 60): return unit(seconds / 86_400, "day")
        case ..<(86_400 * 730): return unit(seconds / (86_400 * 30), "month")
        default: return unit(seconds / (86_400 * 365), "year")
        }
    }

    /// Area in km² with grouping: `100210` → `"100,210 km²"`, `0.44` → `"0.44 km²"`; `nil`/negative → `nil`.
    static func area(_ km2: Double?) -> String? {
        guard let km2, km2 >= 0 else { return nil }
        return decimal(km2) + " km²"
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
