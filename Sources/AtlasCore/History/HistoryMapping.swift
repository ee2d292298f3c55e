/// Which snapshot entry each JHU row belongs to, so a chart agrees with the headline figures about
/// what the country is (docs/field-cases.md B31). A row in `ownEntries` is that entry's; other province
/// rows sum into their country; a country row goes to the entry of its name (or `renamedCountries`).
/// Unmatched rows (Kosovo) are reported; the world sums every row, as `/historical/all`.
public enum HistoryMapping {
    /// Province rows that are entries of their own: `country/province` → the entry's ISO2. Jersey and
    /// Guernsey are one entry, `Channel Islands` (JE), whose own JHU row is all zeros.
    public static let ownEntries: [String: String] = [
        "China/hong kong": "HK", "China/macau": "MO",
        "Denmark/faroe islands": "FO", "Denmark/greenland": "GL",
        "France/french guiana": "GF", "France/french polynesia": "PF", "France/guadeloupe": "GP",
        "France/martinique": "MQ", "France/mayotte": "YT", "France/new caledonia": "NC", "France/reunion": "RE",
        "France/saint barthelemy": "BL", "France/saint pierre and miquelon": "PM", "France/st martin": "MF",
        "France/wallis and futuna": "WF",
        "Netherlands/aruba": "AW", "Netherlands/bonaire, sint eustatius and saba": "BQ",
        "Netherlands/curacao": "CW", "Netherlands/sint maarten": "SX",
        "UK/anguilla": "AI", "UK/bermuda": "BM", "UK/british virgin islands": "VG", "UK/cayman islands": "KY",
        "UK/channel islands": "JE", "UK/guernsey": "JE", "UK/jersey": "JE", "UK/falkland islands (malvinas)": "FK",
        "UK/gibraltar": "GI", "UK/isle of man": "IM", "UK/montserrat": "MS",
        "UK/saint helena, ascension and tristan da cunha": "SH", "UK/turks and caicos islands": "TC",
    ]

    /// The JHU provinces that are the entry `iso2` (`["reunion"]`), sorted; empty for other entries.
    public static func ownProvinces(ofISO2 iso2: String) -> [String] {
        ownEntries.filter { $0.value == iso2.uppercased() }.keys.compactMap { key in
            key.firstIndex(of: "/").map { String(key[key.index(after: $0)...]) }
        }.sorted()
    }

    /// Country rows `/historical` names otherwise than the snapshot: name → the entry's ISO2.
    public static let renamedCountries: [String: String] = [
        "Burma": "MM", "Holy See": "VA", "West Bank and Gaza": "PS",
    ]

    /// How a JHU row's country finds its entry (`key(forCountryNamed:)`).
    public enum CountryKey: Hashable, Sendable {
        /// A country `/historical` names otherwise: the entry of this ISO2 (`MM` for `Burma`).
        case iso2(String)
        /// Any other: the first entry whose folded name (`TextFolding.searchKey`) is this.
        case name(String)
    }

    /// The key that finds the entry of JHU's country `name`: `renamedCountries`' ISO2, or the folded name.
    public static func key(forCountryNamed name: String) -> CountryKey {
        renamedCountries[name].map(CountryKey.iso2) ?? .name(TextFolding.searchKey(name))
    }

    /// The series of each entry and of the world, and what matched nothing.
    public struct Result: Sendable, Equatable {
        /// Entry id → its series.
        public var series: [String: History]
        /// The sum of every row.
        public var world: History?
        /// The rows no entry takes, by name (`Kosovo`), in row order.
        public var unmatchedRows: [String]
    }

    /// Maps `rows` onto the entries of `countries` (a snapshot's, in its order).
    public static func map(_ rows: [HistoricalRow], onto countries: [Country]) -> Result {
        let ids = CountryCatalog.canonicalIDs(of: countries)
        var byISO2: [String: String] = [:]
        var byName: [String: String] = [:]
        for (country, id) in zip(countries, ids) {
            if let iso2 = country.countryInfo.iso2?.uppercased() { byISO2[iso2] = id }
            byName[TextFolding.searchKey(country.country)] = byName[TextFolding.searchKey(country.country)] ?? id
        }
        func entry(forCountry name: String) -> String? {
            switch key(forCountryNamed: name) {
            case .iso2(let iso2): return byISO2[iso2]
            case .name(let folded): return byName[folded]
            }
        }
        var sums: [String: RowSum] = [:]
        var unmatched: [String] = []
        var world = RowSum()
        for row in rows {
            world.add(row)
            let target = ownEntries[row.name].flatMap { byISO2[$0] } ?? entry(forCountry: row.country)
            guard let target else {
                unmatched.append(row.name)
                continue
            }
            sums[target, default: RowSum()].add(row)
        }
        return Result(
            series: sums.compactMapValues(\.history), world: world.history, unmatchedRows: unmatched)
    }
}

/// Rows summed day by day (a missing day counts 0), except recovered: JHU stopped it row by row, a
/// stopped row's 0 meaning "not reported". As JHU's own sums do, each day adds the rows that still report
/// (a stopped row adds nothing from the day after its last report, so the sum falls by it there); rows
/// that never report take no part; a day is `nil` only where no row reports, or where a reporting row
/// has no figure (a negative placeholder).
struct RowSum {
    var rows: [HistoricalRow] = []

    mutating func add(_ row: HistoricalRow) {
        if !row.cases.isEmpty { rows.append(row) }
    }

    var history: History? {
        guard let first = rows.map(\.firstDay).min(), let last = rows.map(\.lastDay).max() else { return nil }
        let count = last - first + 1
        var cases = [Int64](repeating: 0, count: count)
        var deaths = [Int64](repeating: 0, count: count)
        var recovered = [Int64](repeating: 0, count: count)
        var reporting = [Bool](repeating: false, count: count)
        var unknown = [Bool](repeating: false, count: count)
        var summed: [History.Row] = []
        for row in rows {
            let offset = row.firstDay - first
            for index in row.cases.indices {
                cases[offset + index] &+= row.cases[index]
                deaths[offset + index] &+= row.deaths[index]
            }
            let reported = History.reportedRecoveries(row.recovered)
            let lastReport = reported.lastIndex { $0 != nil }
            summed.append(
                History.Row(
                    country: row.country, province: row.province, lastRecoveredDay: lastReport.map { row.firstDay + $0 }
                ))
            guard let lastReport else { continue }
            for index in 0...lastReport {
                if let value = reported[index] {
                    recovered[offset + index] &+= value
                    reporting[offset + index] = true
                } else {
                    unknown[offset + index] = true
                }
            }
        }
        let sum: [Int64?] = (0..<count).map { reporting[$0] && !unknown[$0] ? recovered[$0] : nil }
        return History(firstDay: first, cases: cases, deaths: deaths, recovered: sum, rows: summed)
    }
}
