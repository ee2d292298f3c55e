import AtlasCore
import Testing

struct CalendarDateTests {
    @Test(arguments: ["2026-05-10", "2024-02-29", "0001-01-01", "9999-12-31"])
    func realDatesRoundTrip(_ text: String) {
        #expect(CalendarDate(iso: text)?.iso == text)
    }

    @Test(arguments: [
        "2025-02-30", "2025-02-29", "2100-02-29", "2026-13-01", "2026-00-10", "2026-04-31",
        "2026-5-10", "26-05-10", "2026-05-10T00:00", "２０２６-05-10", "0000-01-01", "", "+026-05-10",
    ])
    func impossibleOrMisshapenDatesAreRejected(_ text: String) {
        #expect(CalendarDate(iso: text) == nil)
    }

    @Test func theReadableFormIsEnglishGregorianInEveryLocale_B28() {
        #expect(CalendarDate(iso: "2026-05-10")?.readable == "10 May 2026")
    }

    @Test(arguments: [
        (Int64(0), "1970-01-01"), (Int64(1_777_636_800_000), "2026-05-01"), (Int64(-1), "1969-12-31"),
        (Int64(951_782_400_000), "2000-02-29"), (Int64(86_399_999), "1970-01-01"),
    ])
    func theUTCDayOfAnInstant(_ milliseconds: Int64, _ expected: String) {
        #expect(CalendarDate(utcMillisecondsSinceEpoch: milliseconds).iso == expected)
    }

    @Test func aYearFromTheLeapDayIsTheLastOfFebruary() {
        let leap = CalendarDate(iso: "2024-02-29")!
        #expect(leap.addingYears(1).iso == "2025-02-28")
        #expect(leap.addingYears(-1).iso == "2023-02-28")
        #expect(CalendarDate(iso: "2026-05-10")!.addingYears(1).iso == "2027-05-10")
    }
}
