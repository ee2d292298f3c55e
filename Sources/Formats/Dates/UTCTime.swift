/// An instant split into its UTC calendar parts: the one place that turns seconds or milliseconds
/// since the epoch into a date and a time of day.
public struct UTCTime: Sendable, Equatable {
    /// 1…9999 (instants outside those years are clamped to their first or last second).
    public var year: Int
    /// 1…12.
    public var month: Int
    /// 1…31.
    public var day: Int
    /// 0…23.
    public var hour: Int
    /// 0…59.
    public var minute: Int
    /// 0…59.
    public var second: Int
    /// 0 (Sunday) … 6 (Saturday).
    public var weekday: Int
    /// Days since 1970-01-01 of the date.
    public var daysSinceEpoch: Int

    /// 0001-01-01T00:00:00Z … 9999-12-31T23:59:59Z in seconds since the epoch: what four digits show.
    public static let secondsRange = (-62_135_596_800)...253_402_300_799

    /// - Parameter secondsSinceEpoch: seconds since 1970-01-01T00:00:00Z; clamped to `secondsRange`.
    public init(secondsSinceEpoch: Int) {
        let seconds = min(max(secondsSinceEpoch, Self.secondsRange.lowerBound), Self.secondsRange.upperBound)
        let days = Gregorian.floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        (year, month, day) = Gregorian.civil(daysSinceEpoch: days)
        hour = secondOfDay / 3600
        minute = secondOfDay / 60 % 60
        second = secondOfDay % 60
        // 1970-01-01 was a Thursday (4 with Sunday = 0).
        weekday = ((days % 7) + 7 + 4) % 7
        daysSinceEpoch = days
    }

    /// - Parameter millisecondsSinceEpoch: ms since 1970-01-01T00:00:00Z; the second it falls in.
    public init(millisecondsSinceEpoch ms: Int64) {
        let clamped = min(
            max(ms, Int64(Self.secondsRange.lowerBound) * 1000), Int64(Self.secondsRange.upperBound) * 1000)
        self.init(secondsSinceEpoch: Int(Gregorian.floorDivide(Int(clamped), 1000)))
    }

    /// `2021-11-14T05:11:02Z` (RFC 3339), for `<time datetime>` and logs.
    public var iso8601: String {
        var bytes: [UInt8] = []
        appendISO8601(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `14 November 2021, 05:11 UTC`: English, to the minute, for people.
    public var readable: String {
        "\(day) \(Gregorian.monthNames[month - 1]) \(year), "
            + "\(Digits.padded(hour, width: 2)):\(Digits.padded(minute, width: 2)) UTC"
    }

    /// `iso8601` appended to `bytes` as ASCII, without building a `String` (for the access log).
    public func appendISO8601(to bytes: inout [UInt8]) {
        Digits.append(year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        Digits.append(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        Digits.append(day, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        Digits.append(hour, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        Digits.append(minute, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        Digits.append(second, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }
}
