import AtlasCore
import Clocks

/// `CountryStore` on PostgreSQL (`SnapshotColumns`, as SQLite's); the static functions also serve
/// `PostgreSQLDataStore` transactions.
struct PostgreSQLCountryStore: CountryStore {
    let pool: PostgreSQLPool

    /// One `REPEATABLE READ` transaction, so the three reads see one committed state.
    func loadSnapshot() throws -> Snapshot? {
        try pool.transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { connection in
            try Self.loadSnapshot(on: connection)
        }
    }

    func snapshotVersion() throws -> Int64 {
        // Read every second for /healthz and the page caches: give up on a silent server quickly.
        try pool.withConnection(answerTimeout: pool.options.requestAnswerTimeoutSeconds, Self.snapshotVersion(on:))
    }

    static func snapshotVersion(on connection: PostgreSQLConnection) throws -> Int64 {
        let rows = try connection.query("SELECT version FROM snapshot_meta WHERE id = 1")
        return rows.count == 0 ? 0 : (rows.int64(0, 0) ?? 0)
    }

    private static let selectCountriesSQL =
        "SELECT \(SnapshotColumns.countries.joined(separator: ", ")) FROM countries ORDER BY position"
    private static let selectTotalsSQL =
        "SELECT \(SnapshotColumns.totals.joined(separator: ", ")) FROM world_totals WHERE id = 1"

    static func loadSnapshot(on connection: PostgreSQLConnection) throws -> Snapshot? {
        let meta = try connection.query("SELECT source, imported_at, version FROM snapshot_meta WHERE id = 1")
        guard meta.count > 0 else { return nil }
        guard let source = meta.string(0, 0) else { throw StoreError.corruptRow("snapshot_meta.source is NULL") }
        let rows = try connection.query(selectCountriesSQL)
        var countries: [Country] = []
        countries.reserveCapacity(rows.count)
        for row in 0..<rows.count {
            guard let name = rows.string(row, 2), let continent = rows.string(row, 9) else {
                throw StoreError.corruptRow("countries row \(row) has a NULL country or continent")
            }
            countries.append(
                Country(
                    updated: rows.int64(row, 1), country: name,
                    countryInfo: CountryInfo(
                        _id: rows.int(row, 3), iso2: rows.string(row, 4), iso3: rows.string(row, 5),
                        lat: rows.double(row, 6), long: rows.double(row, 7), flag: rows.string(row, 8)),
                    continent: continent,
                    figures: figures(Figure.perCountry, rows, row, from: SnapshotColumns.countryFiguresStart)))
        }
        let totalsRows = try connection.query(selectTotalsSQL)
        let totals =
            totalsRows.count == 0
            ? WorldTotals()
            : WorldTotals(
                updated: totalsRows.int64(0, 1),
                figures: figures(Figure.allCases, totalsRows, 0, from: SnapshotColumns.totalsFiguresStart))
        return Snapshot(
            countries: countries, totals: totals, source: source, importedAt: meta.int64(0, 1),
            version: meta.int64(0, 2))
    }

    /// `DataTransaction.replaceSnapshot(_:)`: countries in multi-row `INSERT`s, the totals, and
    /// `snapshot_meta` with the version bumped.
    static func replaceSnapshot(_ snapshot: Snapshot, on connection: PostgreSQLConnection) throws {
        guard !snapshot.countries.isEmpty else { throw StoreError.emptySnapshot }
        let importedAt = snapshot.importedAt ?? WallClock.millisecondsSinceEpoch()
        try connection.execute("DELETE FROM countries; DELETE FROM world_totals")
        // At most 65,535 parameters per statement: 1,000 rows of 29.
        var start = 0
        while start < snapshot.countries.count {
            let end = min(start + 1000, snapshot.countries.count)
            var values: [PostgreSQLValue] = []
            var rows: [String] = []
            for position in start..<end {
                let country = snapshot.countries[position]
                let info = country.countryInfo
                let row: [PostgreSQLValue] =
                    [
                        .integer(Int64(position)), .integer(country.updated), .text(country.country),
                        .integer(info._id), .text(info.iso2), .text(info.iso3), .double(info.lat), .double(info.long),
                        .text(info.flag), .text(country.continent),
                    ] + bind(country.figures, Figure.perCountry)
                rows.append(placeholders(from: values.count + 1, count: row.count))
                values += row
            }
            try connection.queryOnce(
                "INSERT INTO countries (\(SnapshotColumns.countries.joined(separator: ", "))) VALUES "
                    + rows.joined(separator: ", "), values)
            start = end
        }
        let totals: [PostgreSQLValue] =
            [.integer(Int64(1)), .integer(snapshot.totals.updated)] + bind(snapshot.totals.figures, Figure.allCases)
        try connection.query(
            "INSERT INTO world_totals (\(SnapshotColumns.totals.joined(separator: ", "))) VALUES "
                + placeholders(from: 1, count: totals.count), totals)
        try connection.query(
            """
            INSERT INTO snapshot_meta (id, source, imported_at, version) VALUES (1, $1, $2, 1)
            ON CONFLICT (id) DO UPDATE SET
                source = excluded.source, imported_at = excluded.imported_at, version = snapshot_meta.version + 1
            """, [.text(snapshot.source), .integer(importedAt)])
    }

    private static func placeholders(from first: Int, count: Int) -> String {
        "(" + (first..<(first + count)).map { "$\($0)" }.joined(separator: ", ") + ")"
    }

    private static func bind(_ values: Figures, _ order: [Figure]) -> [PostgreSQLValue] {
        order.map { figure in figure.isRatio ? .double(values[ratio: figure]) : .integer(values[figure]) }
    }

    private static func figures(_ order: [Figure], _ rows: PostgreSQLRows, _ row: Int, from first: Int) -> Figures {
        var values = Figures()
        for (offset, figure) in order.enumerated() {
            if figure.isRatio {
                values[ratio: figure] = rows.double(row, first + offset)
            } else {
                values[figure] = rows.int64(row, first + offset)
            }
        }
        return values
    }
}
