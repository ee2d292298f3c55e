import AtlasCore
import Testing

/// How JHU rows are summed into an entry's series (docs/field-cases.md B30, B31), as tables of rows
/// worked out by hand.
struct HistoryMappingTests {
    static let countries = [Country(country: "Aland", countryInfo: CountryInfo(iso2: "AL"))]

    static func row(_ province: String?, recovered: [Int64]) -> HistoricalRow {
        HistoricalRow(
            country: "Aland", province: province, firstDay: 18_000, cases: recovered.map { $0 * 10 },
            deaths: recovered.map { _ in 0 }, recovered: recovered)
    }

    static func recovered(_ rows: [HistoricalRow]) -> [Int64?]? {
        HistoryMapping.map(rows, onto: countries).series["al"]?.recovered
    }

    @Test(arguments: [
        // Each row's recovered as JHU publishes it → the sum's, nil where not reported.
        // Both report every day: the plain sum.
        ([[Int64](arrayLiteral: 1, 2, 3, 4), [10, 20, 30, 40]], [Int64?](arrayLiteral: 11, 22, 33, 44)),
        // The second row stops (0 from day 3 on, the USA on 14 Dec 2020): the sum stops with it, it never
        // falls by the stopped row's last report.
        ([[1, 2, 3, 4], [10, 20, 0, 0]], [11, 22, nil, nil]),
        // A row that stops with -1 placeholders: the same.
        ([[1, 2, 3, 4], [10, 20, -1, -1]], [11, 22, nil, nil]),
        // A row that never reports (Sweden, Canada's provinces) takes no part.
        ([[1, 2, 3, 4], [0, 0, 0, 0]], [1, 2, 3, 4]),
        // No row reports: none.
        ([[0, 0, 0, 0], [-1, -1, -1, -1]], [nil, nil, nil, nil]),
        // Every row stops on the same day (JHU on 5 Aug 2021): the sum ends there.
        ([[1, 2, 0, 0], [10, 20, 0, 0]], [11, 22, nil, nil]),
        // A row that starts reporting late reports 0 before: that is a report, not a stop.
        ([[1, 2, 3, 4], [0, 0, 5, 6]], [1, 2, 8, 10]),
    ])
    func aRowThatStopsReportingRecoveriesEndsTheSumInsteadOfDraggingItDown_B30(
        rows: [[Int64]], sum: [Int64?]
    ) {
        let rows = rows.enumerated().map { index, values in
            Self.row(index == 0 ? nil : "province \(index)", recovered: values)
        }
        #expect(Self.recovered(rows) == sum)
    }

    @Test func casesAndDeathsAreSummedAsPublished() throws {
        let rows = [Self.row(nil, recovered: [1, 2, 3]), Self.row("north", recovered: [0, 0, 0])]
        let series = try #require(HistoryMapping.map(rows, onto: Self.countries).series["al"])
        #expect(series.cases == [10, 20, 30])
        #expect(HistoryMapping.map(rows, onto: Self.countries).world?.recovered == [1, 2, 3])
    }

    @Test func rowsOfOtherDaysArePaddedCasesWithZerosRecoveriesNotReportedAfterTheirEnd() throws {
        let early = HistoricalRow(
            country: "Aland", province: nil, firstDay: 18_000, cases: [5, 6], deaths: [0, 0], recovered: [1, 2])
        let late = HistoricalRow(
            country: "Aland", province: "north", firstDay: 18_001, cases: [7, 8], deaths: [0, 0], recovered: [3, 4])
        let series = try #require(HistoryMapping.map([early, late], onto: Self.countries).series["al"])
        #expect(series.firstDay == 18_000)
        #expect(series.cases == [5, 13, 8])
        #expect(series.recovered == [1, 5, nil])
    }
}
