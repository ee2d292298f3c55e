import Formats

/// A proleptic Gregorian day, parsed and formatted by hand, independent of the process's locale,
/// calendar and time zone (docs/field-cases.md B28).
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, 1…9999.
    public let year: Int
    /// The month, 1…12.
    public let month: Int
    /// The day of the month, 1…28/29/30/31.
    public let day: Int

    /// `nil` when the day does not exist (`2025-02-30`) or the year is outside 1…9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CalendarDate.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD` (`<input type="date">`); `nil` for another shape or a day that does not
    /// exist.
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

    /// The UTC day containing `milliseconds` since the epoch (`UTCTime`), clamped to the years 1…9999.
    public init(utcMillisecondsSinceEpoch milliseconds: Int64) {
        let time = UTCTime(millisecondsSinceEpoch: milliseconds)
        self.init(unchecked: time.year, time.month, time.day)
    }

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD`, e.g. `2026-05-10`, for `<input type="date">` and `<time datetime>`.
    public var iso: String {
        // Ten bytes: a small string, made without an allocation (years are 1…9999, always four digits).
        String(unsafeUninitializedCapacity: 10) { bytes in
            func put(_ value: Int, width: Int, at start: Int) {
                var rest = value
                for index in (start..<start + width).reversed() {
                    bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            put(year, width: 4, at: 0)
            bytes[4] = UInt8(ascii: "-")
            put(month, width: 2, at: 5)
            bytes[7] = UInt8(ascii: "-")
            put(day, width: 2, at: 8)
            return 10
        }
    }

    /// The same as `iso`, e.g. `2026-05-10`.
    public var description: String { iso }

    /// `10 May 2026`, the same in every locale.
    public var readable: String {
        "\(day) \(Gregorian.monthNames[month - 1]) \(year)"
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

    static func daysInMonth(year: Int, month: Int) -> Int { Gregorian.daysInMonth(year: year, month: month) }
}

extension CalendarDate {
    /// The day `days` days after 1970-01-01 (before when negative), clamped to the years 1…9999.
    public init(daysSinceEpoch days: Int) {
        let (year, month, day) = Gregorian.civil(daysSinceEpoch: min(max(days, -719_162), 2_932_896))
        self.init(unchecked: year, month, day)
    }

    /// Days since 1970-01-01, negative before it.
    public var daysSinceEpoch: Int { Gregorian.daysSinceEpoch(year: year, month: month, day: day) }

    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> CalendarDate { CalendarDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// `14 Nov 2021`, the same in every locale.
    public var short: String { "\(day) \(Gregorian.monthAbbreviations[month - 1]) \(year)" }

    /// The abbreviated English month name, e.g. `Nov`.
    public var monthAbbreviation: String { Gregorian.monthAbbreviations[month - 1] }
}
