import Testing

@testable import AtlasWeb

/// Dates and times as the pages print them.
struct DatePartsTests {
    @Test func readableAndISOFormsPadTheTimeOfDay() {
        #expect(Formatting.readableDateTime(millisecondsSinceEpoch: 1_636_866_662_000) == "14 November 2021, 05:11 UTC")
        #expect(Formatting.isoDateTime(millisecondsSinceEpoch: 1_636_866_662_000) == "2021-11-14T05:11:02Z")
        #expect(Formatting.shortDate(millisecondsSinceEpoch: -1) == "31 Dec 1969")
    }
}
