/// Number and date formatting for pages, independent of the process locale and calendar
/// (FIELD-CASES B28: a `th_TH` locale must not turn 2021 into 2564), so no `NumberFormatter`/`DateFormatter`.
enum Formatting {
    /// The text shown where a figure is unknown (`null` or missing upstream).
    static let notAvailable = "n/a"

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

    /// Today's change: `"+15,912"`, `"0"`, or `nil` when unknown (the cell then shows no change line).
    static func change(_ value: Int64?) -> String? {
        guard let value else { return nil }
        return value > 0 ? "+" + grouped(value) : grouped(value)
    }

    /// A date and time in UTC from milliseconds since the epoch.
    struct DateParts: Equatable {
        var year: Int64, month: Int, day: Int, hour: Int, minute: Int, second: Int
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// Splits ms since the epoch into UTC calendar parts (proleptic Gregorian; Howard Hinnant's
    /// civil-from-days algorithm).
    static func parts(millisecondsSinceEpoch ms: Int64) -> DateParts {
        let seconds = ms >= 0 ? ms / 1000 : (ms - 999) / 1000
        var days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthPrime + 2) / 5 + 1)
        let month = Int(monthPrime < 10 ? monthPrime + 3 : monthPrime - 9)
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return DateParts(
            year: year, month: month, day: day, hour: secondOfDay / 3600, minute: secondOfDay % 3600 / 60,
            second: secondOfDay % 60)
    }

    /// `"14 November 2021, 05:11 UTC"`.
    static func readableDateTime(millisecondsSinceEpoch ms: Int64) -> String {
        let p = parts(millisecondsSinceEpoch: ms)
        return "\(p.day) \(monthNames[p.month - 1]) \(p.year), \(twoDigits(p.hour)):\(twoDigits(p.minute)) UTC"
    }

    /// `"2021-11-14T05:11:02Z"`, for `<time datetime>`.
    static func isoDateTime(millisecondsSinceEpoch ms: Int64) -> String {
        let p = parts(millisecondsSinceEpoch: ms)
        return
            "\(p.year)-\(twoDigits(p.month))-\(twoDigits(p.day))T\(twoDigits(p.hour)):\(twoDigits(p.minute)):\(twoDigits(p.second))Z"
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
