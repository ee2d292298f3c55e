import AtlasCore

/// `VaccinationStore` on PostgreSQL; the static functions also serve `PostgreSQLDataStore` transactions.
struct PostgreSQLVaccinationStore: VaccinationStore {
    let pool: PostgreSQLPool

    private static let columns = VaccinationColumns.all.joined(separator: ", ")

    func vaccinations() throws -> Vaccinations? {
        try pool.withConnection { connection in try Self.vaccinations(on: connection) }
    }

    static func vaccinations(on connection: PostgreSQLConnection) throws -> Vaccinations? {
        let rows = try connection.query("SELECT \(columns) FROM vaccinations ORDER BY iso_code, day")
        var gathered = VaccinationRows()
        let figureCount = VaccinationColumns.figures.count
        for row in 0..<rows.count {
            guard let isoCode = rows.string(row, 0), let day = rows.int(row, 1), let location = rows.string(row, 2)
            else { throw StoreError.corruptRow("vaccinations: a NULL iso_code, day or location") }
            let cells = (0..<figureCount).map { rows.string(row, 3 + $0) }
            gathered.append(isoCode: isoCode, location: location, day: VaccinationDay(day: day, cells: cells))
        }
        return gathered.vaccinations
    }

    static func hasVaccinations(on connection: PostgreSQLConnection) throws -> Bool {
        try connection.query("SELECT 1 FROM vaccinations LIMIT 1").count > 0
    }

    /// `DataTransaction.replaceVaccinations(_:storedAt:)`, the rows by `COPY` (about 60,000 of them).
    static func replaceVaccinations(
        _ vaccinations: Vaccinations, storedAt: Int64, on connection: PostgreSQLConnection
    ) throws {
        try connection.execute("DELETE FROM vaccinations")
        let lines = vaccinations.series.keys.sorted().lazy.flatMap { isoCode in
            let series = vaccinations.series[isoCode]!
            let key = PostgreSQLConnection.copyField(isoCode) + "\t"
            let location = "\t" + PostgreSQLConnection.copyField(series.location)
            return series.days.lazy.map { day in
                key + String(day.day) + location + "\t"
                    + day.cells.map(PostgreSQLConnection.copyField).joined(separator: "\t") + "\n"
            }
        }
        try connection.copy("COPY vaccinations (\(columns)) FROM STDIN", lines: lines)
        try connection.query(
            "UPDATE snapshot_meta SET version = version + 1, imported_at = $1 WHERE id = 1", [.integer(storedAt)])
    }
}
