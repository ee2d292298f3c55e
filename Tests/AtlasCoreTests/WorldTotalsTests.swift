import AtlasCore
import Testing

struct WorldTotalsSummingTests {
    @Test func sumsKnownFiguresAndCountsEntries() {
        let totals = WorldTotals(summing: [
            Country(updated: 10, country: "A", figures: [.cases: 5]),
            Country(updated: 30, country: "B", figures: [.cases: 7]),
            Country(updated: 9_999_999_999_999_999, country: "C"),
        ])
        #expect(totals[.cases] == 12)
        #expect(totals[.deaths] == nil)
        #expect(totals.updated == 30, "one entry from the far future must not set the data's time")
        #expect(totals[.affectedCountries] == 3)
    }
}
