/// Which snapshot entry each JHU row belongs to, so a country's chart agrees with the headline
/// figures' idea of what the country is (docs/field-cases.md B31).
///
/// The rule: a row named in `ownEntries` (a territory JHU lists as a province of its sovereign, which
/// disease.sh's snapshot lists as a country of its own) is that entry's series; every other province
/// row is summed into its country; a country's row goes to the entry of the same name (ignoring case
/// and accents), or the one `renamedCountries` names where the two sources spell it differently. So
/// France is its mainland row only (its territories are all entries), the UK is its mainland with the
/// territories the snapshot has no entry for (Pitcairn), Canada, China and Australia are the sums of
/// their provinces. Rows for places the snapshot lacks (Kosovo, the Olympics) match no entry and are
/// named in the import's report; the world is the sum of every row, as disease.sh's `/historical/all`.
public enum HistoryMapping {
    /// Province rows that are entries of their own: `country/province` as disease.sh writes them → the
    /// entry's ISO2. Jersey and Guernsey are one entry, `Channel Islands` (JE), whose own JHU row is
    /// all zeros (JHU counts the two islands apart).
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

    /// Country rows that JHU (and disease.sh's `/historical`) name otherwise than the snapshot does:
    /// the `/historical` name → the entry's ISO2.
    public static let renamedCountries: [String: String] = [
        "Burma": "MM", "Holy See": "VA", "West Bank and Gaza": "PS",
    ]

    /// The series of each entry and of the world, and what matched nothing.
    public struct Result: Sendable, Equatable {
        /// Entry id (`CountryCatalog.Entry.id`) → its series.
        public var series: [String: History]
        /// The sum of every row.
        public var world: History?
        /// The rows that belong to no entry, by name (`Kosovo`, `Korea, North`), in row order.
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
            if let iso2 = renamedCountries[name] { return byISO2[iso2] }
            return byName[TextFolding.searchKey(name)]
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

/// Rows added day by day over the days any of them covers (a day a row lacks counts 0), as published:
/// recovered stays raw until the sum is turned into a `History`.
private struct RowSum {
    var firstDay = Int.max
    var cases: [Int64] = []
    var deaths: [Int64] = []
    var recovered: [Int64] = []

    mutating func add(_ row: HistoricalRow) {
        guard !row.cases.isEmpty else { return }
        if cases.isEmpty {
            firstDay = row.firstDay
            cases = row.cases
            deaths = row.deaths
            recovered = row.recovered
            return
        }
        let first = min(firstDay, row.firstDay)
        let last = max(firstDay + cases.count - 1, row.lastDay)
        if first < firstDay || last > firstDay + cases.count - 1 {
            let before = firstDay - first
            let after = last - (firstDay + cases.count - 1)
            let pad = { (values: [Int64]) in
                Array(repeating: 0, count: before) + values + Array(repeating: 0, count: after)
            }
            cases = pad(cases)
            deaths = pad(deaths)
            recovered = pad(recovered)
            firstDay = first
        }
        let offset = row.firstDay - firstDay
        for index in row.cases.indices {
            cases[offset + index] &+= row.cases[index]
            deaths[offset + index] &+= row.deaths[index]
            recovered[offset + index] &+= max(0, row.recovered[index])
        }
    }

    var history: History? {
        guard !cases.isEmpty else { return nil }
        return History(
            firstDay: firstDay, cases: cases, deaths: deaths, recovered: History.reportedRecoveries(recovered))
    }
}
