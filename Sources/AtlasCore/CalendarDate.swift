import Glibc

/// A day in the proleptic Gregorian calendar, independent of any locale, calendar setting or time
/// zone of the process (docs/field-cases.md B28): parsed and formatted by hand, never with a `DateFormatter`.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, 1…9999.
    public let year: Int
    /// The month, 1…12.
    public let month: Int
    /// The day of the month, 1…28/29/30/31.
    public let day: Int

    /// A date from its parts; `nil` when the day does not exist (`2025-02-30`) or the year is outside 1…9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CalendarDate.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD` (the value of an HTML `<input type="date">`, ISO 8601's extended
    /// calendar date); `nil` for any other shape or a day that does not exist.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The UTC day containing `milliseconds` since the epoch, from the C library's `gmtime_r` (the
    /// proleptic Gregorian calendar in UTC, whatever the process's locale or time zone).
    public init(utcMillisecondsSinceEpoch milliseconds: Int64) {
        var seconds = time_t(milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000)
        var parts = tm()
        let year = gmtime_r(&seconds, &parts) == nil ? (milliseconds < 0 ? 1 : 9999) : Int(parts.tm_year) + 1900
        // Clamped so a wild clock still gives a valid date rather than a trap.
        self =
            CalendarDate(year: year, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
            ?? CalendarDate(unchecked: min(max(year, 1), 9999), 1, 1)
    }

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD`, e.g. `2026-05-10`: for `<input type="date">` values and `<time datetime>`.
    public var iso: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// The same as `iso`, e.g. `2026-05-10`.
    public var description: String { iso }

    /// English day, month name and year, e.g. `10 May 2026`, the same in every locale.
    public var readable: String {
        "\(day) \(CalendarDate.monthNames[month - 1]) \(year)"
    }

    /// The same day `years` years later (earlier when negative); 29 February becomes 28 February in a
    /// common year. Clamped to the years 1…9999.
    public func addingYears(_ years: Int) -> CalendarDate {
        let target = min(max(year + years, 1), 9999)
        let lastDay = CalendarDate.daysInMonth(year: target, month: month)
        return CalendarDate(unchecked: target, month, min(day, lastDay))
    }

    /// Whether `lhs` is an earlier day than `rhs`.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

extension CalendarDate {
    /// The day `days` days after 1 January 1970 (before it when negative), in the proleptic Gregorian
    /// calendar (Howard Hinnant's `civil_from_days`, http://howardhinnant.github.io/date_algorithms.html).
    /// Clamped to the years 1…9999.
    public init(daysSinceEpoch days: Int) {
        let z = min(max(days, -719_162), 2_932_896) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self = CalendarDate(year: year, month: month, day: day) ?? CalendarDate(utcMillisecondsSinceEpoch: 0)
    }

    /// Days since 1 January 1970 (negative before it): the inverse of `init(daysSinceEpoch:)`
    /// (Hinnant's `days_from_civil`).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> CalendarDate { CalendarDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// English day, abbreviated month and year, e.g. `14 Nov 2021`, the same in every locale.
    public var short: String { "\(day) \(CalendarDate.monthNames[month - 1].prefix(3)) \(year)" }

    /// The abbreviated English month name, e.g. `Nov`.
    public var monthAbbreviation: String { String(CalendarDate.monthNames[month - 1].prefix(3)) }
}
