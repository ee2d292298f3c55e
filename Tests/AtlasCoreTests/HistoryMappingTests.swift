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
        // Each row's recovered as JHU publishes it → the sum's, nil where no row reports.
        // Both report every day: the plain sum.
        ([[Int64](arrayLiteral: 1, 2, 3, 4), [10, 20, 30, 40]], [Int64?](arrayLiteral: 11, 22, 33, 44)),
        // The second row stops (0 from day 3 on, the UK on 13 Apr 2020): from then on the sum is the rows
        // that still report, as JHU's own sums (it falls by the stopped row's last report).
        ([[1, 2, 3, 4], [10, 20, 0, 0]], [11, 22, 3, 4]),
        // A row that stops with -1 placeholders: the same.
        ([[1, 2, 3, 4], [10, 20, -1, -1]], [11, 22, 3, 4]),
        // Rows that stop on different days: each leaves the sum the day after its last report; the sum
        // ends with the last of them.
        ([[1, 2, 3, 0], [10, 0, 0, 0]], [11, 2, 3, nil]),
        // A row that never reports (Sweden, Canada's provinces) takes no part.
        ([[1, 2, 3, 4], [0, 0, 0, 0]], [1, 2, 3, 4]),
        // No row reports: none.
        ([[0, 0, 0, 0], [-1, -1, -1, -1]], [nil, nil, nil, nil]),
        // Every row stops on the same day (JHU on 5 Aug 2021): the sum ends there.
        ([[1, 2, 0, 0], [10, 20, 0, 0]], [11, 22, nil, nil]),
        // A row that starts reporting late reports 0 before: that is a report, not a stop.
        ([[1, 2, 3, 4], [0, 0, 5, 6]], [1, 2, 8, 10]),
        // A placeholder inside a row's reports is a day the sum does not know.
        ([[1, -1, 3, 4], [10, 20, 30, 40]], [11, nil, 33, 44]),
    ])
    func aSumAddsTheRowsThatStillReportRecoveriesOnEachDay_B30(rows: [[Int64]], sum: [Int64?]) {
        let rows = rows.enumerated().map { index, values in
            Self.row(index == 0 ? nil : "province \(index)", recovered: values)
        }
        #expect(Self.recovered(rows) == sum)
    }

    @Test func aSumNamesItsRowsAndTheLastDayEachReportedRecoveries() throws {
        let rows = [
            Self.row(nil, recovered: [1, 2, 3, 4]), Self.row("north", recovered: [5, 6, 0, 0]),
            Self.row("south", recovered: [0, 0, 0, 0]), Self.row("east", recovered: [7, 0, 0, 0]),
        ]
        let series = try #require(HistoryMapping.map(rows, onto: Self.countries).series["al"])
        #expect(
            series.rows == [
                History.Row(country: "Aland", province: nil, lastRecoveredDay: 18_003),
                History.Row(country: "Aland", province: "north", lastRecoveredDay: 18_001),
                History.Row(country: "Aland", province: "south", lastRecoveredDay: nil),
                History.Row(country: "Aland", province: "east", lastRecoveredDay: 18_000),
            ])
        // Earliest first; the row that never reported and the one reporting to the end are not "stopped".
        #expect(series.rowsStoppedEarly.map(\.province) == ["east", "north"])
        #expect(series.recovered == [13, 8, 3, 4])
        #expect(series.days(18_001...18_002).rows == series.rows, "a range keeps the rows")
    }

    @Test func casesAndDeathsAreSummedAsPublished() throws {
        let rows = [Self.row(nil, recovered: [1, 2, 3]), Self.row("north", recovered: [0, 0, 0])]
        let series = try #require(HistoryMapping.map(rows, onto: Self.countries).series["al"])
        #expect(series.cases == [10, 20, 30])
        #expect(HistoryMapping.map(rows, onto: Self.countries).world?.recovered == [1, 2, 3])
    }

    @Test func rowsOfOtherDaysArePaddedCasesWithZerosRecoveriesSummedWhileTheyLast() throws {
        let early = HistoricalRow(
            country: "Aland", province: nil, firstDay: 18_000, cases: [5, 6], deaths: [0, 0], recovered: [1, 2])
        let late = HistoricalRow(
            country: "Aland", province: "north", firstDay: 18_001, cases: [7, 8], deaths: [0, 0], recovered: [3, 4])
        let series = try #require(HistoryMapping.map([early, late], onto: Self.countries).series["al"])
        #expect(series.firstDay == 18_000)
        #expect(series.cases == [5, 13, 8])
        #expect(series.recovered == [1, 5, 4])
    }

    @Test(arguments: [
        (History.Row(country: "UK", province: nil, lastRecoveredDay: nil), nil),
        (History.Row(country: "Australia", province: "new south wales", lastRecoveredDay: nil), "New South Wales"),
        (
            History.Row(country: "UK", province: "saint helena, ascension and tristan da cunha", lastRecoveredDay: nil),
            "Saint Helena, Ascension and Tristan da Cunha"
        ),
        (History.Row(country: "China", province: "unknown", lastRecoveredDay: nil), "Unknown"),
    ])
    func aProvinceIsNamedWithCapitals(row: History.Row, name: String?) {
        #expect(row.provinceName == name)
    }
}
