import AtlasCore

/// `VaccinationStore` on the pool's connections; the static functions also serve `SQLiteDataStore`
/// transactions.
struct SQLiteVaccinationStore: VaccinationStore {
    let reads: SQLiteReadPool

    private static let selectSQL =
        "SELECT \(VaccinationColumns.all.joined(separator: ", ")) FROM vaccinations ORDER BY iso_code, day"
    private static let insertSQL =
        "INSERT INTO vaccinations (\(VaccinationColumns.all.joined(separator: ", "))) VALUES ("
        + (1...VaccinationColumns.all.count).map { "?\($0)" }.joined(separator: ", ") + ")"

    func vaccinations() throws -> Vaccinations? {
        try reads.read { database in try Self.vaccinations(in: database) }
    }

    static func vaccinations(in database: Database) throws -> Vaccinations? {
        try database.withConnection { database in
            let select = try database.prepare(selectSQL)
            defer { select.reset() }
            var rows = VaccinationRows()
            let figureCount = VaccinationColumns.figures.count
            while try select.step() {
                guard let isoCode = select.string(at: 0), let day = select.int(at: 1),
                    let location = select.string(at: 2)
                else { throw StoreError.corruptRow("vaccinations: a NULL iso_code, day or location") }
                let cells = (0..<figureCount).map { select.string(at: Int32(3 + $0)) }
                rows.append(isoCode: isoCode, location: location, day: VaccinationDay(day: day, cells: cells))
            }
            return rows.vaccinations
        }
    }

    static func hasVaccinations(in database: Database) throws -> Bool {
        try database.withConnection { database in
            let select = try database.prepare("SELECT 1 FROM vaccinations LIMIT 1")
            defer { select.reset() }
            return try select.step()
        }
    }

    /// `DataTransaction.replaceVaccinations(_:storedAt:)`: also bumps `snapshot_meta.version` and sets
    /// its `imported_at`.
    static func replaceVaccinations(_ vaccinations: Vaccinations, storedAt: Int64, in database: Database) throws {
        try database.transaction { database in
            try database.execute("DELETE FROM vaccinations")
            let insert = try database.prepare(insertSQL)
            for isoCode in vaccinations.series.keys.sorted() {
                let series = vaccinations.series[isoCode]!
                for day in series.days {
                    try insert.bind(isoCode, at: 1)
                    try insert.bind(Int64(day.day), at: 2)
                    try insert.bind(series.location, at: 3)
                    for (offset, cell) in day.cells.enumerated() {
                        try insert.bind(cell, at: Int32(4 + offset))
                    }
                    try insert.run()
                }
            }
            let meta = try database.prepare(
                "UPDATE snapshot_meta SET version = version + 1, imported_at = ?1 WHERE id = 1")
            try meta.bind(storedAt, at: 1)
            try meta.run()
        }
    }
}

/// Rows read in `iso_code, day` order, gathered into series.
struct VaccinationRows {
    private var series: [String: VaccinationSeries] = [:]

    mutating func append(isoCode: String, location: String, day: VaccinationDay) {
        series[isoCode, default: VaccinationSeries(location: location, isoCode: isoCode, days: [])].days.append(day)
    }

    /// `nil` when no row was read.
    var vaccinations: Vaccinations? { series.isEmpty ? nil : Vaccinations(series: series) }
}
