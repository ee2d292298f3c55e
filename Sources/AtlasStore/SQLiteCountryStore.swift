import AtlasCore
import Clocks

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `CountryStore` in the SQLite tables of `Migration.snapshotTables`.
///
/// The database must be migrated (`Database.open(path:)` does it).
public final class SQLiteCountryStore: CountryStore {
    private let database: Database

    /// A store on a migrated database.
    public init(database: Database) {
        self.database = database
    }

    private static let countryColumns = [
        "position", "updated", "country", "_id", "iso2", "iso3", "lat", "long", "flag",
        "cases", "todayCases", "deaths", "todayDeaths", "recovered", "todayRecovered", "active", "critical",
        "casesPerOneMillion", "deathsPerOneMillion", "tests", "testsPerOneMillion", "population", "continent",
        "oneCasePerPeople", "oneDeathPerPeople", "oneTestPerPeople",
        "activePerOneMillion", "recoveredPerOneMillion", "criticalPerOneMillion",
    ]

    private static let totalsColumns = [
        "id", "updated", "cases", "todayCases", "deaths", "todayDeaths", "recovered", "todayRecovered",
        "active", "critical", "casesPerOneMillion", "deathsPerOneMillion", "tests", "testsPerOneMillion",
        "population", "oneCasePerPeople", "oneDeathPerPeople", "oneTestPerPeople",
        "activePerOneMillion", "recoveredPerOneMillion", "criticalPerOneMillion", "affectedCountries",
    ]

    private static func insertSQL(table: String, columns: [String]) -> String {
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        return "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders))"
    }

    private static let insertCountrySQL = insertSQL(table: "countries", columns: countryColumns)
    private static let insertTotalsSQL = insertSQL(table: "world_totals", columns: totalsColumns)
    private static let selectCountriesSQL =
        "SELECT \(countryColumns.joined(separator: ", ")) FROM countries ORDER BY position"
    private static let selectTotalsSQL =
        "SELECT \(totalsColumns.joined(separator: ", ")) FROM world_totals WHERE id = 1"

    /// See `CountryStore.loadSnapshot()`. Reads inside one deferred transaction, so a replace
    /// committed by another connection meanwhile is seen entirely or not at all, and the returned
    /// `version` is the version of exactly these rows.
    public func loadSnapshot() throws -> Snapshot? {
        try database.transaction(.deferred) { database in
            let meta = try database.prepare("SELECT source, imported_at, version FROM snapshot_meta WHERE id = 1")
            defer { meta.reset() }
            guard try meta.step() else { return nil }
            guard let source = meta.string(at: 0) else { throw StoreError.corruptRow("snapshot_meta.source is NULL") }
            let importedAt = meta.int64(at: 1)
            let version = meta.int64(at: 2)

            let select = try database.prepare(Self.selectCountriesSQL)
            defer { select.reset() }
            var countries: [Country] = []
            while try select.step() {
                countries.append(try Self.country(from: select))
            }

            let totalsRow = try database.prepare(Self.selectTotalsSQL)
            defer { totalsRow.reset() }
            let totals = try totalsRow.step() ? Self.totals(from: totalsRow) : WorldTotals()
            return Snapshot(
                countries: countries, totals: totals, source: source, importedAt: importedAt, version: version)
        }
    }

    /// See `CountryStore.replaceSnapshot(_:)`. One `BEGIN IMMEDIATE` transaction deletes every row and
    /// inserts the new ones, and bumps `snapshot_meta.version`.
    public func replaceSnapshot(_ snapshot: Snapshot) throws {
        guard !snapshot.countries.isEmpty else { throw StoreError.emptySnapshot }
        let importedAt = snapshot.importedAt ?? WallClock.millisecondsSinceEpoch()
        try database.transaction { database in
            try database.execute("DELETE FROM countries; DELETE FROM world_totals")
            let insert = try database.prepare(Self.insertCountrySQL)
            for (position, country) in snapshot.countries.enumerated() {
                try Self.bind(country, position: Int64(position), to: insert)
                try insert.run()
            }
            let insertTotals = try database.prepare(Self.insertTotalsSQL)
            try Self.bind(snapshot.totals, to: insertTotals)
            try insertTotals.run()

            let meta = try database.prepare(
                """
                INSERT INTO snapshot_meta (id, source, imported_at, version) VALUES (1, ?, ?, 1)
                ON CONFLICT (id) DO UPDATE SET
                    source = excluded.source, imported_at = excluded.imported_at, version = version + 1
                """)
            try meta.bind(snapshot.source, at: 1)
            try meta.bind(importedAt, at: 2)
            try meta.run()
        }
    }

    /// See `CountryStore.snapshotVersion()`: one primary-key read of `snapshot_meta.version`, which every
    /// connection sees as soon as another one commits.
    public func snapshotVersion() throws -> Int64 {
        try database.withConnection { database in
            let select = try database.prepare("SELECT version FROM snapshot_meta WHERE id = 1")
            defer { select.reset() }
            return try select.step() ? (select.int64(at: 0) ?? 0) : 0
        }
    }

    private static func bind(_ country: Country, position: Int64, to insert: Statement) throws {
        let info = country.countryInfo
        try insert.bind(position, at: 1)
        try insert.bind(country.updated, at: 2)
        try insert.bind(country.country, at: 3)
        try insert.bind(info._id, at: 4)
        try insert.bind(info.iso2, at: 5)
        try insert.bind(info.iso3, at: 6)
        try insert.bind(info.lat, at: 7)
        try insert.bind(info.long, at: 8)
        try insert.bind(info.flag, at: 9)
        try insert.bind(country.cases, at: 10)
        try insert.bind(country.todayCases, at: 11)
        try insert.bind(country.deaths, at: 12)
        try insert.bind(country.todayDeaths, at: 13)
        try insert.bind(country.recovered, at: 14)
        try insert.bind(country.todayRecovered, at: 15)
        try insert.bind(country.active, at: 16)
        try insert.bind(country.critical, at: 17)
        try insert.bind(country.casesPerOneMillion, at: 18)
        try insert.bind(country.deathsPerOneMillion, at: 19)
        try insert.bind(country.tests, at: 20)
        try insert.bind(country.testsPerOneMillion, at: 21)
        try insert.bind(country.population, at: 22)
        try insert.bind(country.continent, at: 23)
        try insert.bind(country.oneCasePerPeople, at: 24)
        try insert.bind(country.oneDeathPerPeople, at: 25)
        try insert.bind(country.oneTestPerPeople, at: 26)
        try insert.bind(country.activePerOneMillion, at: 27)
        try insert.bind(country.recoveredPerOneMillion, at: 28)
        try insert.bind(country.criticalPerOneMillion, at: 29)
    }

    private static func country(from row: Statement) throws -> Country {
        guard let name = row.string(at: 2), let continent = row.string(at: 22) else {
            throw StoreError.corruptRow("countries row \(row.int64(at: 0) ?? -1) has a NULL country or continent")
        }
        return Country(
            updated: row.int64(at: 1),
            country: name,
            countryInfo: CountryInfo(
                _id: row.int(at: 3), iso2: row.string(at: 4), iso3: row.string(at: 5),
                lat: row.double(at: 6), long: row.double(at: 7), flag: row.string(at: 8)),
            cases: row.int64(at: 9),
            todayCases: row.int64(at: 10),
            deaths: row.int64(at: 11),
            todayDeaths: row.int64(at: 12),
            recovered: row.int64(at: 13),
            todayRecovered: row.int64(at: 14),
            active: row.int64(at: 15),
            critical: row.int64(at: 16),
            casesPerOneMillion: row.double(at: 17),
            deathsPerOneMillion: row.double(at: 18),
            tests: row.int64(at: 19),
            testsPerOneMillion: row.double(at: 20),
            population: row.int64(at: 21),
            continent: continent,
            oneCasePerPeople: row.double(at: 23),
            oneDeathPerPeople: row.double(at: 24),
            oneTestPerPeople: row.double(at: 25),
            activePerOneMillion: row.double(at: 26),
            recoveredPerOneMillion: row.double(at: 27),
            criticalPerOneMillion: row.double(at: 28)
        )
    }

    private static func bind(_ totals: WorldTotals, to insert: Statement) throws {
        try insert.bind(Int64(1), at: 1)
        try insert.bind(totals.updated, at: 2)
        try insert.bind(totals.cases, at: 3)
        try insert.bind(totals.todayCases, at: 4)
        try insert.bind(totals.deaths, at: 5)
        try insert.bind(totals.todayDeaths, at: 6)
        try insert.bind(totals.recovered, at: 7)
        try insert.bind(totals.todayRecovered, at: 8)
        try insert.bind(totals.active, at: 9)
        try insert.bind(totals.critical, at: 10)
        try insert.bind(totals.casesPerOneMillion, at: 11)
        try insert.bind(totals.deathsPerOneMillion, at: 12)
        try insert.bind(totals.tests, at: 13)
        try insert.bind(totals.testsPerOneMillion, at: 14)
        try insert.bind(totals.population, at: 15)
        try insert.bind(totals.oneCasePerPeople, at: 16)
        try insert.bind(totals.oneDeathPerPeople, at: 17)
        try insert.bind(totals.oneTestPerPeople, at: 18)
        try insert.bind(totals.activePerOneMillion, at: 19)
        try insert.bind(totals.recoveredPerOneMillion, at: 20)
        try insert.bind(totals.criticalPerOneMillion, at: 21)
        try insert.bind(totals.affectedCountries, at: 22)
    }

    private static func totals(from row: Statement) -> WorldTotals {
        WorldTotals(
            updated: row.int64(at: 1),
            cases: row.int64(at: 2),
            todayCases: row.int64(at: 3),
            deaths: row.int64(at: 4),
            todayDeaths: row.int64(at: 5),
            recovered: row.int64(at: 6),
            todayRecovered: row.int64(at: 7),
            active: row.int64(at: 8),
            critical: row.int64(at: 9),
            casesPerOneMillion: row.double(at: 10),
            deathsPerOneMillion: row.double(at: 11),
            tests: row.int64(at: 12),
            testsPerOneMillion: row.double(at: 13),
            population: row.int64(at: 14),
            oneCasePerPeople: row.double(at: 15),
            oneDeathPerPeople: row.double(at: 16),
            oneTestPerPeople: row.double(at: 17),
            activePerOneMillion: row.double(at: 18),
            recoveredPerOneMillion: row.double(at: 19),
            criticalPerOneMillion: row.double(at: 20),
            affectedCountries: row.int64(at: 21)
        )
    }
}
