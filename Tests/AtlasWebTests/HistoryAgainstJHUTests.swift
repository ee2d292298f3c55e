import AtlasCore
import AtlasSource
import Foundation
import HTTPCore
import Testing

@testable import AtlasWeb

/// JHU CSSE's own files (`Tests/Fixtures/jhu-csse`, read by this test's CSV reader), for the days the
/// app ships: 1/22/20 … 11/13/21.
struct JHUFiles {
    /// One row of a file: `Province/State`, `Country/Region`, and the counts of every date column.
    struct Row {
        let province: String
        let country: String
        let counts: [Int64]
    }

    let dates: [String]
    let confirmed: [Row]
    let deaths: [Row]
    let recovered: [Row]

    /// The files, read once.
    static let shipped = Result { try JHUFiles(until: "11/13/21") }

    init(until last: String) throws {
        func read(_ kind: String) throws -> (dates: [String], rows: [Row]) {
            let path = packageRoot + "/Tests/Fixtures/jhu-csse/time_series_covid19_\(kind)_global.csv.gz"
            let compressed = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let text = String(decoding: try #require(gunzip(compressed)), as: UTF8.self)
            let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
            let header = JHUFiles.fields(lines[0])
            let dates = Array(header.dropFirst(4))
            let end = try #require(dates.firstIndex(of: last))
            let rows = lines.dropFirst().map { line in
                let fields = JHUFiles.fields(line)
                return Row(
                    province: fields[0], country: fields[1],
                    counts: fields[4...(4 + end)].map { Int64($0) ?? Int64.min })
            }
            return (Array(dates[...end]), rows)
        }
        let confirmed = try read("confirmed")
        dates = confirmed.dates
        self.confirmed = confirmed.rows
        deaths = try read("deaths").rows
        recovered = try read("recovered").rows
    }

    /// The fields of one CSV line, quoted fields unquoted (`"Korea, South"`).
    static func fields(_ line: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
            } else if character == "," && !quoted {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
        }
        fields.append(field)
        return fields
    }

    /// The day-by-day sum of the rows `which` picks from `rows`.
    static func sum(_ rows: [Row], _ which: (Row) -> Bool) -> [Int64] {
        let picked = rows.filter(which)
        guard let first = picked.first else { return [] }
        return first.counts.indices.map { index in picked.reduce(0) { $0 + $1.counts[index] } }
    }
}

/// What the app serves for a place is JHU's series for it, read from JHU's own files: for a country
/// with one row, with provinces (Canada), with territories of its own (France, the UK), a territory
/// (Réunion, Hong Kong), two islands counted as one entry (Channel Islands), a cruise ship, and the world.
/// Every series is read from the store, so each test runs on both.
struct HistoryAgainstJHUTests {
    let jhu: JHUFiles

    init() throws {
        jhu = try JHUFiles.shipped.get()
    }

    /// The place's series from the JSON twin of `app`, every day; recovered `nil` on a day the twin
    /// leaves out (not reported).
    func served(_ app: AppFixture, _ id: String) throws -> (
        cases: [Int64], deaths: [Int64], recovered: [Int64?], dates: [String]
    ) {
        let response = try app.client.get("/api/historical/\(id)?lastdays=all")
        #expect(response.status == .ok, "\(id): \(response.status)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let timeline = try #require(object["timeline"] as? [String: [String: Int64]])
        let dates = jhu.dates
        func values(_ name: String) throws -> [Int64] {
            let series = try #require(timeline[name])
            #expect(series.count == dates.count, "\(id) \(name) has \(series.count) days")
            return try dates.map { try #require(series[$0], "\(id) lacks \($0)") }
        }
        let recovered = timeline["recovered"] ?? [:]
        return (try values("cases"), try values("deaths"), dates.map { recovered[$0] }, dates)
    }

    static let cases: [(id: String, rows: @Sendable (JHUFiles.Row) -> Bool)] = [
        ("fr", { $0.country == "France" && $0.province.isEmpty }),
        ("re", { $0.country == "France" && $0.province == "Reunion" }),
        ("kr", { $0.country == "Korea, South" }),
        ("hk", { $0.country == "China" && $0.province == "Hong Kong" }),
        ("diamond-princess", { $0.country == "Diamond Princess" }),
        ("gb", { $0.country == "United Kingdom" && ($0.province.isEmpty || $0.province == "Pitcairn Islands") }),
        ("ca", { $0.country == "Canada" }),
        ("je", { $0.country == "United Kingdom" && ["Channel Islands", "Guernsey", "Jersey"].contains($0.province) }),
        ("mm", { $0.country == "Burma" }),
    ]

    @Test(arguments: StoreKind.available, cases.indices)
    func aPlaceIsItsOwnJHURowsAndOnlyThose_B31(_ store: StoreKind, _ index: Int) throws {
        let app = try AppFixture(store: store)
        let (id, rows) = Self.cases[index]
        let served = try served(app, id)
        #expect(served.cases == JHUFiles.sum(jhu.confirmed, rows), "cases of \(id)")
        #expect(served.deaths == JHUFiles.sum(jhu.deaths, rows), "deaths of \(id)")
    }

    @Test(arguments: StoreKind.available)
    func canadasRecoveriesAreJHUsNationalRowWhichDiseaseShLeavesOut(_ store: StoreKind) throws {
        let app = try AppFixture(store: store)
        // JHU's recovered file has one Canada row (no provinces), its other files 16 province rows.
        let national = jhu.recovered.filter { $0.country == "Canada" }
        #expect(national.map(\.province) == [""])
        let served = try served(app, "ca")
        let end = try #require(jhu.dates.firstIndex(of: "8/4/21"))
        #expect(Array(served.recovered[...end]) == national[0].counts[...end].map { $0 })
        #expect(served.recovered[end] == 1_405_971)
        #expect(served.recovered[(end + 1)...].allSatisfy { $0 == nil }, "JHU's placeholder zeros are left out")
    }

    @Test(arguments: StoreKind.available)
    func theWorldIsTheSumOfEveryRow(_ store: StoreKind) throws {
        let app = try AppFixture(store: store)
        let served = try app.client.get("/api/historical/all?lastdays=all")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(served.body)) as? [String: [String: Int64]])
        let cases = try jhu.dates.map { try #require(object["cases"]?[$0]) }
        #expect(cases == JHUFiles.sum(jhu.confirmed) { _ in true })
        // Recoveries: what the rows that still report add up to, as JHU's own sums (a stopped row's 0 adds
        // nothing), every day to 8/4/21, the last JHU reported; then not reported, so left out, never 0.
        let recovered = jhu.dates.map { object["recovered"]?[$0] }
        let end = try #require(jhu.dates.firstIndex(of: "8/4/21"))
        let sum = JHUFiles.sum(jhu.recovered) { _ in true }
        #expect(Array(recovered[...end]) == sum[...end].map { $0 })
        #expect(recovered[(end + 1)...].allSatisfy { $0 == nil })
        // The shipped rows (data/disease-sh/historical.json.gz) give the same figure on the last day.
        let rows = try HistoricalDecoder.loadShipped(path: packageRoot + "/data/disease-sh/historical.json.gz")
        let day = try #require(CalendarDate(iso: "2021-08-04")).daysSinceEpoch
        let shipped = rows.reduce(Int64(0)) { total, row in
            let index = day - row.firstDay
            return total + (row.recovered.indices.contains(index) ? row.recovered[index] : 0)
        }
        #expect(shipped == 130_899_061)
        #expect(recovered[end] == shipped)
    }

    /// Australia's and China's JHU rows stop reporting recoveries on different days (New South Wales
    /// after 31 Jul 2020, the first of China's provinces in 2021): the series goes on, the sum of the
    /// rows that still report, as JHU's own sums, to the last day JHU reported any.
    static let sums: [(id: String, rows: @Sendable (JHUFiles.Row) -> Bool, firstStop: String)] = [
        ("au", { $0.country == "Australia" }, "7/31/20"),
        ("cn", { $0.country == "China" && !["Hong Kong", "Macau"].contains($0.province) }, "7/29/21"),
    ]

    @Test(arguments: StoreKind.available, sums.indices)
    func aSumOfRowsGoesOnPastItsFirstStoppedRow_B30(_ store: StoreKind, _ index: Int) throws {
        let app = try AppFixture(store: store)
        let (id, rows, firstStop) = Self.sums[index]
        let served = try served(app, id)
        let sum = JHUFiles.sum(jhu.recovered, rows)
        let end = try #require(jhu.dates.firstIndex(of: "8/4/21"))
        let stop = try #require(jhu.dates.firstIndex(of: firstStop))
        // The first row's stop, as the old sum ended: some row reports a last figure there.
        let picked = jhu.recovered.filter(rows)
        #expect(picked.contains { $0.counts[stop] > 0 && $0.counts[stop + 1] == 0 }, "\(id)")
        #expect(Array(served.recovered[...end]) == sum[...end].map { $0 }, "\(id)")
        #expect(served.recovered[stop + 1] != nil, "\(id) goes on after \(firstStop)")
        #expect(served.recovered[(end + 1)...].allSatisfy { $0 == nil }, "\(id)")
    }

    @Test(arguments: StoreKind.available)
    func theCSVIsTheRowAsPublishedWithRecoveriesEmptyAfterTheLastReport_B30(_ store: StoreKind) throws {
        let app = try AppFixture(store: store)
        let response = try app.client.get("/countries/us/history.csv")
        #expect(response.status == .ok)
        #expect(response.fields[.contentType] == "text/csv; charset=utf-8")
        let lines = response.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "date,cases,deaths,recovered")
        #expect(lines.count == jhu.dates.count + 1)
        let us = { (row: JHUFiles.Row) in row.country == "US" }
        let recovered = JHUFiles.sum(jhu.recovered, us)
        let cases = JHUFiles.sum(jhu.confirmed, us)
        // JHU's US recovered is 0 from 12/14/20: not reported, so the CSV leaves those days empty and the
        // JSON twin leaves them out.
        let lastReport = try #require(recovered.lastIndex { $0 > 0 })
        #expect(jhu.dates[lastReport] == "12/13/20")
        for (index, line) in lines.dropFirst().enumerated() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            #expect(Int64(fields[1]) == cases[index])
            #expect(fields[3] == (index <= lastReport ? Substring(String(recovered[index])) : ""), "\(line)")
        }
        let twin = try served(app, "us").recovered
        #expect(twin[lastReport] == recovered[lastReport])
        #expect(twin[(lastReport + 1)...].allSatisfy { $0 == nil })
    }

    @Test(arguments: StoreKind.available)
    func aCorrectionIsServedAsPublished_B29(_ store: StoreKind) throws {
        let app = try AppFixture(store: store)
        let served = try served(app, "fr")
        let day = try #require(jhu.dates.firstIndex(of: "5/20/21"))
        #expect(served.cases[day] - served.cases[day - 1] == -349_116)
    }
}

/// The mapping table against every entry of the shipped snapshot.
struct HistoryMappingShippedTests {
    @Test func everyEntryJHUCoversGetsASeriesAndTheRestIsNamed() throws {
        let snapshot = try SnapshotDecoder.loadSnapshot(directory: packageRoot + "/data/disease-sh")
        let rows = try HistoricalDecoder.loadShipped(path: packageRoot + "/data/disease-sh/historical.json.gz")
        let mapped = HistoryMapping.map(rows, onto: snapshot.countries)
        let ids = CountryCatalog.canonicalIDs(of: snapshot.countries)
        #expect(snapshot.countries.count == 224)
        #expect(Set(ids).subtracting(mapped.series.keys) == ["eh"])  // Western Sahara: JHU has no row
        #expect(
            mapped.unmatchedRows == [
                "Antarctica", "Kiribati", "Korea, North", "Kosovo", "Nauru", "Summer Olympics 2020", "Tuvalu",
                "Winter Olympics 2022",
            ])
        let iso2s = Set(snapshot.countries.compactMap(\.countryInfo.iso2))
        for target in Set(HistoryMapping.ownEntries.values).union(HistoryMapping.renamedCountries.values) {
            #expect(iso2s.contains(target), "\(target) is no entry of the snapshot")
        }
        #expect(mapped.world?.count == 662)
    }
}
