#if canImport(Glibc)
    import Glibc
#endif

/// HTTP dates (RFC 9110 §5.6.7): formats IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`); parses it
/// and the obsolete rfc850-date and asctime forms. Integer arithmetic, no locale.
public enum HTTPDate {
    private static let dayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let longDayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let monthNames = Gregorian.monthAbbreviations

    /// The instants a four-digit year can show, in seconds since the epoch.
    static let earliestFormattable = Gregorian.daysSinceEpoch(year: 0, month: 1, day: 1) * 86_400
    static let latestFormattable = Gregorian.daysSinceEpoch(year: 9999, month: 12, day: 31) * 86_400 + 86_399

    /// Formats a time as IMF-fixdate.
    /// - Parameter secondsSinceEpoch: seconds since 1970-01-01T00:00:00Z, may be negative; clamped to
    ///   years 0000…9999.
    /// - Returns: 29 ASCII characters, such as `Sun, 06 Nov 1994 08:49:37 GMT` for 784111777.
    public static func format(secondsSinceEpoch: Int) -> String {
        let seconds = min(max(secondsSinceEpoch, earliestFormattable), latestFormattable)
        let days = Gregorian.floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = Gregorian.civil(daysSinceEpoch: days)
        // 1970-01-01 was a Thursday (4 with Sunday = 0).
        let weekday = ((days % 7) + 7 + 4) % 7
        var bytes: [UInt8] = []
        bytes.reserveCapacity(29)
        bytes.append(contentsOf: dayNames[weekday].utf8)
        bytes.append(contentsOf: ", ".utf8)
        appendTwoDigits(day, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: monthNames[month - 1].utf8)
        bytes.append(UInt8(ascii: " "))
        appendTwoDigits(year / 100, to: &bytes)
        appendTwoDigits(year % 100, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        appendTwoDigits(secondOfDay / 3600, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendTwoDigits(secondOfDay / 60 % 60, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendTwoDigits(secondOfDay % 60, to: &bytes)
        bytes.append(contentsOf: " GMT".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses an HTTP date, as sent in `If-Modified-Since` (RFC 9110 §13.1.3), in any of the three forms
    /// of RFC 9110 §5.6.7. A two-digit rfc850 year is placed in the 100 years ending 50 years from now.
    /// - Returns: seconds since 1970-01-01T00:00:00Z, or `nil` for another form or an impossible date
    ///   (callers then ignore the field, as RFC 9110 §13.1.3 allows).
    public static func parse(_ text: String) -> Int? {
        parse(text, currentYear: Gregorian.civil(daysSinceEpoch: Gregorian.floorDivide(Int(time(nil)), 86_400)).year)
    }

    /// `parse(_:)` with the current year given, so the rfc850 two-digit year rule is testable.
    public static func parse(_ text: String, currentYear: Int) -> Int? {
        let bytes = Array(text.utf8)
        if let fields = imfFixdate(bytes) ?? asctime(bytes) { return instant(fields) }
        guard var fields = rfc850(bytes) else { return nil }
        // RFC 9110 §5.6.7: a year more than 50 years ahead is the most recent such year in the past.
        fields.year += currentYear - currentYear % 100
        if fields.year > currentYear + 50 {
            fields.year -= 100
        } else if fields.year <= currentYear - 50 {
            fields.year += 100
        }
        return instant(fields)
    }

    private struct Fields {
        var year: Int
        var month: Int
        var day: Int
        var hour: Int
        var minute: Int
        var second: Int
    }

    /// `IMF-fixdate = day-name "," SP date1 SP time-of-day SP GMT`, date1 = `2DIGIT SP month SP 4DIGIT`.
    private static func imfFixdate(_ bytes: [UInt8]) -> Fields? {
        guard bytes.count == 29, bytes[3] == UInt8(ascii: ","), bytes[4] == UInt8(ascii: " "),
            bytes[7] == UInt8(ascii: " "), bytes[11] == UInt8(ascii: " "), bytes[16] == UInt8(ascii: " "),
            bytes[25...].elementsEqual(" GMT".utf8),
            dayNames.contains(where: { $0.utf8.elementsEqual(bytes[0..<3]) }),
            let month = month(bytes[8..<11]), let day = number(bytes[5..<7]), let year = number(bytes[12..<16]),
            let time = timeOfDay(bytes[17..<25])
        else { return nil }
        return Fields(year: year, month: month, day: day, hour: time.hour, minute: time.minute, second: time.second)
    }

    /// `rfc850-date = day-name-l "," SP 2DIGIT "-" month "-" 2DIGIT SP time-of-day SP GMT`; two-digit year.
    private static func rfc850(_ bytes: [UInt8]) -> Fields? {
        guard let comma = bytes.firstIndex(of: UInt8(ascii: ",")),
            longDayNames.contains(where: { $0.utf8.elementsEqual(bytes[0..<comma]) }),
            bytes.count == comma + 24
        else { return nil }
        let rest = bytes[(comma + 1)...]
        let base = rest.startIndex
        guard rest[base] == UInt8(ascii: " "), rest[base + 3] == UInt8(ascii: "-"),
            rest[base + 7] == UInt8(ascii: "-"), rest[base + 10] == UInt8(ascii: " "),
            rest[(base + 19)...].elementsEqual(" GMT".utf8),
            let day = number(rest[(base + 1)..<(base + 3)]), let month = month(rest[(base + 4)..<(base + 7)]),
            let year = number(rest[(base + 8)..<(base + 10)]), let time = timeOfDay(rest[(base + 11)..<(base + 19)])
        else { return nil }
        return Fields(year: year, month: month, day: day, hour: time.hour, minute: time.minute, second: time.second)
    }

    /// `asctime-date = day-name SP month SP ( 2DIGIT / ( SP DIGIT ) ) SP time-of-day SP year`.
    private static func asctime(_ bytes: [UInt8]) -> Fields? {
        guard bytes.count == 24, bytes[3] == UInt8(ascii: " "), bytes[7] == UInt8(ascii: " "),
            bytes[10] == UInt8(ascii: " "), bytes[19] == UInt8(ascii: " "),
            dayNames.contains(where: { $0.utf8.elementsEqual(bytes[0..<3]) }),
            let month = month(bytes[4..<7]),
            let day = bytes[8] == UInt8(ascii: " ") ? number(bytes[9..<10]) : number(bytes[8..<10]),
            let time = timeOfDay(bytes[11..<19]), let year = number(bytes[20..<24])
        else { return nil }
        return Fields(year: year, month: month, day: day, hour: time.hour, minute: time.minute, second: time.second)
    }

    private static func timeOfDay(_ bytes: ArraySlice<UInt8>) -> (hour: Int, minute: Int, second: Int)? {
        let base = bytes.startIndex
        guard bytes.count == 8, bytes[base + 2] == UInt8(ascii: ":"), bytes[base + 5] == UInt8(ascii: ":"),
            let hour = number(bytes[base..<(base + 2)]), let minute = number(bytes[(base + 3)..<(base + 5)]),
            let second = number(bytes[(base + 6)..<(base + 8)])
        else { return nil }
        return (hour, minute, second)
    }

    /// `Jan` → 1 … `Dec` → 12, case-sensitive (RFC 9110 §5.6.7).
    private static func month(_ bytes: ArraySlice<UInt8>) -> Int? {
        monthNames.firstIndex(where: { $0.utf8.elementsEqual(bytes) }).map { $0 + 1 }
    }

    private static func instant(_ fields: Fields) -> Int? {
        guard fields.day >= 1, fields.day <= Gregorian.daysInMonth(year: fields.year, month: fields.month),
            fields.hour < 24,
            fields.minute < 60, fields.second < 61
        else { return nil }
        return Gregorian.daysSinceEpoch(year: fields.year, month: fields.month, day: fields.day) * 86_400 + fields.hour
            * 3600
            + fields.minute * 60 + fields.second
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var result = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            result = result * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return result
    }

    private static func appendTwoDigits(_ value: Int, to bytes: inout [UInt8]) {
        Digits.append(value, width: 2, to: &bytes)
    }
}
