import AtlasCore

/// `HistoryStore` on the pool's connections; the static functions also serve `SQLiteDataStore`
/// transactions.
struct SQLiteHistoryStore: HistoryStore {
    let reads: SQLiteReadPool

    func history(_ key: String) throws -> History? {
        try reads.read { database in try Self.history(key, in: database) }
    }

    static func history(_ key: String, in database: Database) throws -> History? {
        try database.withConnection { database in
            let select = try database.prepare(
                "SELECT day, cases, deaths, recovered FROM history WHERE series = ?1 ORDER BY day")
            defer { select.reset() }
            try select.bind(key, at: 1)
            var firstDay: Int?
            var cases: [Int64] = []
            var deaths: [Int64] = []
            var recovered: [Int64?] = []
            while try select.step() {
                guard let day = select.int(at: 0), let dayCases = select.int64(at: 1),
                    let dayDeaths = select.int64(at: 2)
                else { throw StoreError.corruptRow("history: a NULL day, cases or deaths in \(key)") }
                if firstDay == nil { firstDay = day }
                guard day == firstDay! + cases.count else {
                    throw StoreError.corruptRow("history: \(key) skips a day before day \(day)")
                }
                cases.append(dayCases)
                deaths.append(dayDeaths)
                recovered.append(select.int64(at: 3))
            }
            guard let firstDay else { return nil }
            return History(
                firstDay: firstDay, cases: cases, deaths: deaths, recovered: recovered,
                rows: try rows(key, in: database))
        }
    }

    /// The JHU rows of series `key` (`history_rows`), in order.
    private static func rows(_ key: String, in database: Database) throws -> [History.Row] {
        let select = try database.prepare(
            "SELECT country, province, recovered_last_day FROM history_rows WHERE series = ?1 ORDER BY position")
        defer { select.reset() }
        try select.bind(key, at: 1)
        var rows: [History.Row] = []
        while try select.step() {
            guard let country = select.string(at: 0) else {
                throw StoreError.corruptRow("history_rows: a NULL country in \(key)")
            }
            rows.append(
                History.Row(country: country, province: select.string(at: 1), lastRecoveredDay: select.int(at: 2)))
        }
        return rows
    }

    static func storedSeries(in database: Database) throws -> [String: StoredSeries] {
        try database.withConnection { database in
            let select = try database.prepare(
                "SELECT series, min(day), max(day), count(recovered) FROM history GROUP BY series")
            defer { select.reset() }
            var series: [String: StoredSeries] = [:]
            while try select.step() {
                guard let key = select.string(at: 0), let first = select.int(at: 1), let last = select.int(at: 2)
                else { continue }
                series[key] = StoredSeries(
                    firstDay: first, lastDay: last, reportsRecovered: (select.int(at: 3) ?? 0) > 0)
            }
            return series
        }
    }

    static func hasHistory(in database: Database) throws -> Bool {
        try database.withConnection { database in
            let select = try database.prepare("SELECT 1 FROM history LIMIT 1")
            defer { select.reset() }
            return try select.step()
        }
    }

    /// `DataTransaction.replaceHistory(_:storedAt:)`: also bumps `snapshot_meta.version` and sets its
    /// `imported_at`.
    static func replaceHistory(_ series: [String: History], storedAt: Int64, in database: Database) throws {
        try database.transaction { database in
            try database.execute("DELETE FROM history")
            try database.execute("DELETE FROM history_rows")
            let insertRow = try database.prepare(
                "INSERT INTO history_rows (series, position, country, province, recovered_last_day) "
                    + "VALUES (?1, ?2, ?3, ?4, ?5)")
            for key in series.keys.sorted() {
                for (position, row) in series[key]!.rows.enumerated() {
                    try insertRow.bind(key, at: 1)
                    try insertRow.bind(position, at: 2)
                    try insertRow.bind(row.country, at: 3)
                    try insertRow.bind(row.province, at: 4)
                    try insertRow.bind(row.lastRecoveredDay, at: 5)
                    try insertRow.run()
                }
            }
            let insert = try database.prepare(
                "INSERT INTO history (series, day, cases, deaths, recovered) VALUES (?1, ?2, ?3, ?4, ?5)")
            for key in series.keys.sorted() {
                let history = series[key]!
                for index in 0..<history.count {
                    try insert.bind(key, at: 1)
                    try insert.bind(Int64(history.firstDay + index), at: 2)
                    try insert.bind(history.cases[index], at: 3)
                    try insert.bind(history.deaths[index], at: 4)
                    try insert.bind(history.recovered[index], at: 5)
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
