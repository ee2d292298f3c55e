import Testing

@testable import HTTPCore

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
        let first = HTTPDate.days(fromYear: startYear, month: 1, day: 1)
        for day in first..<(first + 366 * 400) {
            let civil = HTTPDate.civil(fromDays: day)
            #expect(HTTPDate.days(fromYear: civil.year, month: civil.month, day: civil.day) == day)
            if HTTPDate.days(fromYear: civil.year, month: civil.month, day: civil.day) != day { return }
        }
    }

    @Test(
        "other forms and impossible dates are rejected",
        arguments: [
            "Sunday, 06-Nov-94 08:49:37 GMT",
            "Sun Nov  6 08:49:37 1994",
            "Sun, 06 Nov 1994 08:49:37 UTC",
            "Sun, 31 Feb 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 24:00:00 GMT",
            "Sun, 06 Xyz 1994 08:49:37 GMT",
            "",
        ])
    func rejects(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }
}
