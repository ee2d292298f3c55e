import AtlasCore
import AtlasSource
import Testing

/// disease.sh's `/historical?lastdays=all` into rows: JHU's `M/D/YY` keys, consecutive days, and a
/// one-line reason for every payload that is not that.
struct HistoricalDecoderTests {
    static func body(_ entries: String) -> [UInt8] { Array("[\(entries)]".utf8) }

    static let france = """
        {"country":"France","province":null,"timeline":{"cases":{"12/31/20":10,"1/1/21":12,"1/2/21":11},\
        "deaths":{"12/31/20":1,"1/1/21":1,"1/2/21":2},"recovered":{"12/31/20":0,"1/1/21":0,"1/2/21":0}}}
        """

    @Test func rowsComeInDayOrderWhateverTheKeysOrder() throws {
        let reunion = """
            {"country":"France","province":"reunion","timeline":{"cases":{"1/2/21":5,"12/31/20":3,"1/1/21":4},\
            "deaths":{"1/1/21":0,"1/2/21":1,"12/31/20":0},"recovered":{}}}
            """
        let rows = try HistoricalDecoder.decode(Self.body(Self.france + "," + reunion))
        #expect(rows.map(\.name) == ["France", "France/reunion"])
        #expect(rows[0].firstDay == CalendarDate(iso: "2020-12-31")!.daysSinceEpoch)
        #expect(rows[0].cases == [10, 12, 11], "a fall is kept as published")
        #expect(rows[1].cases == [3, 4, 5])
        #expect(rows[1].recovered == [0, 0, 0], "no recovered at all reads as none reported")
    }

    @Test(arguments: [
        ("1/22/20", "2020-01-22"), ("11/13/21", "2021-11-13"), ("2/29/20", "2020-02-29"), ("12/31/99", "2099-12-31"),
    ])
    func jhuDatesAreMonthDayTwoDigitYear(key: String, iso: String) {
        #expect(JHUDate.parse(key)?.iso == iso)
        #expect(JHUDate.format(CalendarDate(iso: iso)!) == key)
    }

    @Test(arguments: ["2/30/20", "13/1/20", "1/22/2020", "01/022/20", "1-22-20", "", "1/22", "a/b/cc", "1/22/20/1"])
    func anythingElseIsNoDate(key: String) {
        #expect(JHUDate.parse(key) == nil)
    }

    @Test(arguments: [
        (
            "{\"country\":\"A\",\"province\":null,\"timeline\":{\"cases\":{\"1/1/21\":1,\"1/3/21\":2},\"deaths\":{\"1/1/21\":0,\"1/3/21\":0}}}",
            "the cases of \"A\" skip 1/2/21 (2021-01-02): the days must be consecutive"
        ),
        (
            "{\"country\":\"A\",\"province\":null,\"timeline\":{\"cases\":{\"1/1/21\":1,\"1/2/21\":2,\"1/4/21\":2,\"1/5/21\":2},\"deaths\":{\"1/1/21\":0}}}",
            "the cases of \"A\" skip 1/3/21 (2021-01-03)"
        ),
        (
            "{\"country\":\"A\",\"province\":null,\"timeline\":{\"cases\":{\"1/1/21\":1,\"01/01/21\":2},\"deaths\":{\"1/1/21\":0}}}",
            "the cases of \"A\" have 1/1/21 twice"
        ),
        (
            "{\"country\":\"A\",\"province\":null,\"timeline\":{\"cases\":{\"2021-01-01\":1},\"deaths\":{\"1/1/21\":0}}}",
            "\"2021-01-01\" in the cases of \"A\" is not an M/D/YY date"
        ),
        (
            "{\"country\":\"A\",\"province\":null,\"timeline\":{\"cases\":{\"1/1/21\":1},\"deaths\":{\"1/2/21\":0}}}",
            "the deaths of \"A\" cover other days than its cases"
        ),
        (
            "{\"country\":\"A\",\"province\":null,\"timeline\":{\"cases\":{\"1/1/21\":1.5},\"deaths\":{\"1/1/21\":0}}}",
            "the cases of \"A\" on 1/1/21 is 1.5, not a whole number"
        ),
        ("{\"country\":\"A\",\"province\":null}", "a row has no \"timeline\""),
    ])
    func aMalformedRowIsRefusedInOneLine(entry: String, reason: String) {
        let error = #expect(throws: SourceError.self) { try HistoricalDecoder.decode(Self.body(entry)) }
        guard case .malformedPayload(let text) = error else {
            Issue.record("expected a malformed payload, got \(String(describing: error))")
            return
        }
        #expect(text.contains(reason), "\(text)")
        #expect(!text.contains("\n"))
    }

    @Test func notJSONAndEmptyAreSaidSo() {
        #expect(throws: SourceError.notJSON("the body starts with '<', it looks like an HTML page")) {
            try HistoricalDecoder.decode(Array("<html>".utf8))
        }
        #expect(throws: SourceError.emptyHistory) { try HistoricalDecoder.decode(Array("[]".utf8)) }
        #expect(SourceError.emptyHistory.description == "empty history: the /historical array has no rows")
    }

    @Test func theShippedFileIsEveryJHURowUpToTheSnapshotsDay() throws {
        let rows = try HistoricalDecoder.loadShipped(path: Fixtures.snapshotDirectory + "/historical.json.gz")
        // JHU's 289 rows, and the national Canada row only its recovered file has (script/make-history).
        #expect(rows.count == 290)
        #expect(rows.contains { $0.country == "Canada" && $0.province == nil && $0.cases.allSatisfy { $0 == 0 } })
        #expect(Set(rows.map(\.firstDay)) == [CalendarDate(iso: "2020-01-22")!.daysSinceEpoch])
        #expect(Set(rows.map(\.lastDay)) == [CalendarDate(iso: "2021-11-13")!.daysSinceEpoch])
        #expect(rows.contains { $0.country == "S. Korea" && $0.province == nil })
        #expect(rows.contains { $0.country == "France" && $0.province == "reunion" })
    }

    @Test func aDamagedGzipFileIsRefused() {
        #expect(throws: SourceError.self) { try Gzip.decompress([0x1F, 0x8B, 0x08, 0, 1, 2, 3]) }
    }
}

/// What may replace the stored history (docs/field-cases.md B32): absurd counts, zeros, far fewer
/// series or series that end far earlier are refused in one line, the stored history kept.
struct HistoryValidationTests {
    static func row(_ country: String, province: String? = nil, cases: [Int64], first: Int = 18_000) -> HistoricalRow {
        HistoricalRow(
            country: country, province: province, firstDay: first, cases: cases, deaths: cases.map { $0 / 10 },
            recovered: cases.map { _ in 0 })
    }

    static let countries = [
        Country(country: "Aland", countryInfo: CountryInfo(iso2: "AL")),
        Country(country: "Beland", countryInfo: CountryInfo(iso2: "BE")),
    ]

    static func validate(_ rows: [HistoricalRow], stored: [String: Int] = [:]) throws -> HistoryValidation.Accepted {
        try HistoryValidation.validate(
            rows, mapped: HistoryMapping.map(rows, onto: countries), storedLastDays: stored)
    }

    @Test func aGoodHistoryIsAcceptedAndCounted() throws {
        let accepted = try Self.validate([
            Self.row("Aland", cases: [1, 2, 3]), Self.row("Beland", cases: [0, 5, 9]),
            Self.row("Kosovo", cases: [1, 1, 1]),
        ])
        #expect(accepted.rowCount == 3)
        #expect(accepted.entryCount == 2)
        #expect(accepted.unmatchedRows == ["Kosovo"])
        #expect(accepted.days == 18_000...18_002)
    }

    @Test(arguments: [
        ([Int64](arrayLiteral: 1, -2, 3), "cases -2 of \"Aland\" on 2019-04-15 is outside 0…100000000000"),
        ([1, 100_000_000_001, 3], "cases 100000000001 of \"Aland\""),
        ([0, 0, 0], "every series is 0 on every day"),
    ])
    func absurdOrEmptyCountsAreRefused(cases: [Int64], reason: String) {
        let error = #expect(throws: SourceError.self) { try Self.validate([Self.row("Aland", cases: cases)]) }
        #expect(error?.description.contains(reason) == true, "\(String(describing: error))")
        #expect(error?.description.contains("the stored data is kept") == true)
    }

    @Test func fewerThanHalfTheStoredSeriesIsRefused() {
        let stored = ["al": 18_002, "be": 18_002, "cd": 18_002, "de": 18_002, HistoryKey.world: 18_002]
        let error = #expect(throws: SourceError.self) {
            try Self.validate([Self.row("Aland", cases: [1, 2, 3])], stored: stored)
        }
        #expect(error?.description.contains("only 1 series, under half of the 4 stored") == true)
    }

    @Test(arguments: [(18_009, true), (18_010, false)])
    func aSeriesMayEndAWeekEarlierThanTheStoredOneButNoMore(storedLastDay: Int, passes: Bool) throws {
        let rows = [Self.row("Aland", cases: [1, 2, 3]), Self.row("Beland", cases: [1, 2, 3])]
        if passes {
            #expect(try Self.validate(rows, stored: ["al": storedLastDay]).entryCount == 2)
        } else {
            let error = #expect(throws: SourceError.self) { try Self.validate(rows, stored: ["al": storedLastDay]) }
            #expect(
                error?.description.contains("the series of “al” ends on 2019-04-16, 8 days before the stored one")
                    == true)
        }
    }

    @Test(arguments: [("Aland", nil as String?), ("ALAND", nil), ("Beland", "north")])
    func twoRowsOfOnePlaceAreRefused(second: String, province: String?) {
        var rows = [Self.row("Aland", cases: [1, 2, 3]), Self.row("Beland", province: "north", cases: [1, 2, 3])]
        rows.append(Self.row(second, province: province, cases: [4, 5, 6]))
        let error = #expect(throws: SourceError.self) { try Self.validate(rows) }
        #expect(error?.description.contains("two rows for \"\(rows[2].name)\"") == true, "\(String(describing: error))")
        #expect(error?.description.contains("\n") == false)
    }

    @Test(arguments: [(18_008, true), (18_007, false)])
    func aSeriesMayStartAWeekLaterThanTheStoredOneButNoMore(storedFirstDay: Int, passes: Bool) throws {
        // The rows start on day 18,000 + 15: what an upstream sends that falls back to its last days.
        let rows = [
            Self.row("Aland", cases: [1, 2, 3], first: 18_015), Self.row("Beland", cases: [1, 2, 3], first: 18_015),
        ]
        let stored = HistoryValidation.Stored(
            lastDays: ["al": 18_017, HistoryKey.world: 18_017], firstDays: ["al": storedFirstDay])
        let validate = {
            try HistoryValidation.validate(rows, mapped: HistoryMapping.map(rows, onto: Self.countries), stored: stored)
        }
        if passes {
            #expect(try validate().entryCount == 2)
        } else {
            let error = #expect(throws: SourceError.self) { try validate() }
            #expect(
                error?.description.contains("the series of “al” starts on 2019-04-29, 8 days after the stored one")
                    == true, "\(String(describing: error))")
        }
    }

    @Test(arguments: [[Int64](arrayLiteral: -1, -1, -1), [0, 0, 0], [0, -1, 0]])
    func noRecoveredAnywhereIsRefusedWhereTheStoredHistoryHasSome(recovered: [Int64]) throws {
        var rows = [Self.row("Aland", cases: [1, 2, 3]), Self.row("Beland", cases: [1, 2, 3])]
        for index in rows.indices { rows[index].recovered = recovered }
        let mapped = HistoryMapping.map(rows, onto: Self.countries)
        let error = #expect(throws: SourceError.self) {
            try HistoryValidation.validate(
                rows, mapped: mapped, stored: HistoryValidation.Stored(lastDays: [:], reportsRecovered: true))
        }
        #expect(error?.description.contains("no row reports recovered on any day") == true)
        // A store that never had recovered figures has none to lose.
        #expect(
            try HistoryValidation.validate(
                rows, mapped: mapped, stored: HistoryValidation.Stored(lastDays: [:], reportsRecovered: false)
            ).entryCount == 2)
    }

    @Test func jhusRecoveredPlaceholdersAreNotReportsAndNoReason() throws {
        var row = Self.row("Aland", cases: [1, 2, 3])
        row.recovered = [1, -1, 0]
        #expect(try Self.validate([row]).entryCount == 1)
    }
}
