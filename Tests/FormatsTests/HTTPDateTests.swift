import Testing

@testable import Formats

struct HTTPDateTests {
    @Test(
        "known instants format as IMF-fixdate",
        arguments: [
            (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),
            (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
            (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
            (1_709_164_799, "Wed, 28 Feb 2024 23:59:59 GMT"),
            (1_709_251_199, "Thu, 29 Feb 2024 23:59:59 GMT"),
            (4_107_542_400, "Mon, 01 Mar 2100 00:00:00 GMT"),
            (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
        ])
    func format(seconds: Int, expected: String) {
        #expect(HTTPDate.format(secondsSinceEpoch: seconds) == expected)
    }

    @Test(
        "IMF-fixdate parses back to the same instant",
        arguments: [0, 784_111_777, 951_782_400, 1_709_251_199, 4_107_542_400])
    func roundTrip(seconds: Int) {
        #expect(HTTPDate.parse(HTTPDate.format(secondsSinceEpoch: seconds)) == seconds)
    }

    @Test(
        "days round-trip through the civil calendar for 400 years from each start year",
        arguments: [1_600, 2_000, 2_400])
    func everyDay(startYear: Int) {
        let first = Gregorian.daysSinceEpoch(year: startYear, month: 1, day: 1)
        for day in first..<(first + 366 * 400) {
            let civil = Gregorian.civil(daysSinceEpoch: day)
            #expect(Gregorian.daysSinceEpoch(year: civil.year, month: civil.month, day: civil.day) == day)
            if Gregorian.daysSinceEpoch(year: civil.year, month: civil.month, day: civil.day) != day { return }
        }
    }

    @Test(
        "malformed texts and impossible dates are rejected",
        arguments: [
            "Sun, 06 Nov 1994 08:49:37 UTC",
            "Sun, 31 Feb 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 24:00:00 GMT",
            "Sunday, 06-Nov-94 08:49:37 UTC",
            "Sun, 06-Nov-94 08:49:37 GMT",
            "Sunday, 31-Apr-94 08:49:37 GMT",
            "Sunday, 6-Nov-94 08:49:37 GMT",
            "Sun Nov 6 08:49:37 1994",
            "Sun Nov  6 08:49:37 94",
            "Sun Feb 30 08:49:37 1994",
            "Sun Nov  6 08:60:37 1994",
            "Sun, 31 Feb 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 24:00:00 GMT",
            "Sun, 06 Xyz 1994 08:49:37 GMT",
            "",
        ])
    func rejects(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test(
        "the obsolete rfc850 and asctime forms are accepted (RFC 9110 §5.6.7)",
        arguments: [
            ("Sunday, 06-Nov-94 08:49:37 GMT", 784_111_777),
            ("Sun Nov  6 08:49:37 1994", 784_111_777),
            ("Tuesday, 29-Feb-00 00:00:00 GMT", 951_782_400),
            ("Tue Feb 29 00:00:00 2000", 951_782_400),
            ("Thu Jan  1 00:00:00 1970", 0),
            ("Wednesday, 28-Feb-24 23:59:59 GMT", 1_709_164_799),
        ])
    func obsoleteForms(text: String, seconds: Int) {
        #expect(HTTPDate.parse(text, currentYear: 2026) == seconds)
        #expect(HTTPDate.parse(text) == seconds)
    }

    @Test(
        "a two-digit rfc850 year more than 50 years ahead is the most recent past year with those digits",
        arguments: [
            (2026, "77", 1977), (2026, "76", 2076), (2026, "00", 2000), (2026, "26", 2026),
            (2080, "30", 2130), (2080, "31", 2031), (2099, "50", 2050), (1990, "41", 1941), (1990, "40", 2040),
        ])
    func twoDigitYear(currentYear: Int, digits: String, year: Int) {
        let expected = Gregorian.daysSinceEpoch(year: year, month: 1, day: 1) * 86_400
        #expect(HTTPDate.parse("Monday, 01-Jan-\(digits) 00:00:00 GMT", currentYear: currentYear) == expected)
    }

    @Test(
        "format is total: instants outside years 0000-9999 are clamped, not trapped",
        arguments: [
            (Int.min, "Sat, 01 Jan 0000 00:00:00 GMT"),
            (-62_167_219_201, "Sat, 01 Jan 0000 00:00:00 GMT"),
            (-62_167_219_200, "Sat, 01 Jan 0000 00:00:00 GMT"),
            (-62_135_596_800, "Mon, 01 Jan 0001 00:00:00 GMT"),
            (253_402_300_799, "Fri, 31 Dec 9999 23:59:59 GMT"),
            (253_402_300_800, "Fri, 31 Dec 9999 23:59:59 GMT"),
            (Int.max, "Fri, 31 Dec 9999 23:59:59 GMT"),
        ])
    func formatClamps(seconds: Int, expected: String) {
        #expect(HTTPDate.format(secondsSinceEpoch: seconds) == expected)
    }
}
