import AtlasCore
import Clocks

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `CountryStore` on the pool's connections; `replaceSnapshot(_:in:)` writes inside a
/// `SQLiteDataStore` transaction.
struct SQLiteCountryStore: CountryStore {
    let reads: SQLiteReadPool

    private static let countryColumns = SnapshotColumns.countries
    private static let totalsColumns = SnapshotColumns.totals
    private static let countryFiguresStart = Int32(SnapshotColumns.countryFiguresStart)
    private static let totalsFiguresStart = Int32(SnapshotColumns.totalsFiguresStart)

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

    func loadSnapshot() throws -> Snapshot? {
        try reads.read(Self.loadSnapshot(in:))
    }

    func snapshotVersion() throws -> Int64 {
        try reads.read(Self.snapshotVersion(in:))
    }

    /// The snapshot in one deferred transaction, so another connection's replace is seen whole or not at
    /// all, and `version` is these rows'.
    static func loadSnapshot(in database: Database) throws -> Snapshot? {
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

    /// `DataTransaction.replaceSnapshot(_:)`, in the caller's transaction (a savepoint of it).
    static func replaceSnapshot(_ snapshot: Snapshot, in database: Database) throws {
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

    /// One primary-key read, seen by every connection as soon as another commits.
    static func snapshotVersion(in database: Database) throws -> Int64 {
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
        try insert.bind(country.continent, at: 10)
        try bind(country.figures, Figure.perCountry, to: insert, from: countryFiguresStart + 1)
    }

    private static func country(from row: Statement) throws -> Country {
        guard let name = row.string(at: 2), let continent = row.string(at: 9) else {
            throw StoreError.corruptRow("countries row \(row.int64(at: 0) ?? -1) has a NULL country or continent")
        }
        return Country(
            updated: row.int64(at: 1), country: name,
            countryInfo: CountryInfo(
                _id: row.int(at: 3), iso2: row.string(at: 4), iso3: row.string(at: 5),
                lat: row.double(at: 6), long: row.double(at: 7), flag: row.string(at: 8)),
            continent: continent, figures: figures(Figure.perCountry, from: row, at: countryFiguresStart))
    }

    private static func bind(_ totals: WorldTotals, to insert: Statement) throws {
        try insert.bind(Int64(1), at: 1)
        try insert.bind(totals.updated, at: 2)
        try bind(totals.figures, Figure.allCases, to: insert, from: totalsFiguresStart + 1)
    }

    private static func totals(from row: Statement) -> WorldTotals {
        WorldTotals(updated: row.int64(at: 1), figures: figures(Figure.allCases, from: row, at: totalsFiguresStart))
    }

    /// Binds `values` in the order of `order` from parameter `first` (1-based).
    private static func bind(_ values: Figures, _ order: [Figure], to insert: Statement, from first: Int32) throws {
        for (offset, figure) in order.enumerated() {
            let index = first + Int32(offset)
            if figure.isRatio {
                try insert.bind(values[ratio: figure], at: index)
            } else {
                try insert.bind(values[figure], at: index)
            }
        }
    }

    /// Reads the figures of `order` from column `first` (0-based) on.
    private static func figures(_ order: [Figure], from row: Statement, at first: Int32) -> Figures {
        var values = Figures()
        for (offset, figure) in order.enumerated() {
            let column = first + Int32(offset)
            if figure.isRatio {
                values[ratio: figure] = row.double(at: column)
            } else {
                values[figure] = row.int64(at: column)
            }
        }
        return values
    }
}
