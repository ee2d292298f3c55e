import AtlasCore

/// `HistoryStore` on PostgreSQL; the static functions also serve `PostgreSQLDataStore` transactions.
struct PostgreSQLHistoryStore: HistoryStore {
    let pool: PostgreSQLPool

    func history(_ key: String) throws -> History? {
        // A visitor's page waits on this read: a silent server is a quick 503.
        try pool.withConnection(answerTimeout: pool.options.requestAnswerTimeoutSeconds) { connection in
            try Self.history(key, on: connection)
        }
    }

    static func history(_ key: String, on connection: PostgreSQLConnection) throws -> History? {
        let rows = try connection.query(
            "SELECT day, cases, deaths, recovered FROM history WHERE series = $1 ORDER BY day", [.text(key)])
        guard rows.count > 0 else { return nil }
        guard let firstDay = rows.int(0, 0) else { throw StoreError.corruptRow("history: a NULL day in \(key)") }
        var cases: [Int64] = []
        var deaths: [Int64] = []
        var recovered: [Int64?] = []
        cases.reserveCapacity(rows.count)
        deaths.reserveCapacity(rows.count)
        recovered.reserveCapacity(rows.count)
        for row in 0..<rows.count {
            guard rows.int(row, 0) == firstDay + row else {
                throw StoreError.corruptRow("history: \(key) skips a day after day \(firstDay + row - 1)")
            }
            guard let dayCases = rows.int64(row, 1), let dayDeaths = rows.int64(row, 2) else {
                throw StoreError.corruptRow("history: a NULL cases or deaths in \(key)")
            }
            cases.append(dayCases)
            deaths.append(dayDeaths)
            recovered.append(rows.int64(row, 3))
        }
        let summed = try connection.query(
            "SELECT country, province, recovered_last_day FROM history_rows WHERE series = $1 ORDER BY position",
            [.text(key)])
        var historyRows: [History.Row] = []
        for row in 0..<summed.count {
            guard let country = summed.string(row, 0) else {
                throw StoreError.corruptRow("history_rows: a NULL country in \(key)")
            }
            historyRows.append(
                History.Row(country: country, province: summed.string(row, 1), lastRecoveredDay: summed.int(row, 2)))
        }
        return History(firstDay: firstDay, cases: cases, deaths: deaths, recovered: recovered, rows: historyRows)
    }

    static func hasHistory(on connection: PostgreSQLConnection) throws -> Bool {
        try connection.query("SELECT 1 FROM history LIMIT 1").count > 0
    }

    static func storedSeries(on connection: PostgreSQLConnection) throws -> [String: StoredSeries] {
        let rows = try connection.query(
            "SELECT series, min(day), max(day), count(recovered) FROM history GROUP BY series")
        var series: [String: StoredSeries] = [:]
        for row in 0..<rows.count {
            guard let key = rows.string(row, 0), let first = rows.int(row, 1), let last = rows.int(row, 2) else {
                continue
            }
            series[key] = StoredSeries(firstDay: first, lastDay: last, reportsRecovered: (rows.int(row, 3) ?? 0) > 0)
        }
        return series
    }

    /// `DataTransaction.replaceHistory(_:storedAt:)`, the rows by `COPY` (about 150,000 of them).
    static func replaceHistory(_ series: [String: History], storedAt: Int64, on connection: PostgreSQLConnection)
        throws
    {
        try connection.execute("DELETE FROM history")
        try connection.execute("DELETE FROM history_rows")
        let rowLines = series.keys.sorted().lazy.flatMap { key in
            let field = PostgreSQLConnection.copyField(key)
            return series[key]!.rows.enumerated().lazy.map { position, row in
                let province = PostgreSQLConnection.copyField(row.province)
                let last = row.lastRecoveredDay.map(String.init) ?? "\\N"
                return "\(field)\t\(position)\t\(PostgreSQLConnection.copyField(row.country))\t\(province)\t\(last)\n"
            }
        }
        try connection.copy(
            "COPY history_rows (series, position, country, province, recovered_last_day) FROM STDIN", lines: rowLines)
        let lines = series.keys.sorted().lazy.flatMap { key in
            let history = series[key]!
            let field = PostgreSQLConnection.copyField(key)
            return (0..<history.count).lazy.map { index in
                let recovered = history.recovered[index].map(String.init) ?? "\\N"
                return "\(field)\t\(history.firstDay + index)\t\(history.cases[index])\t\(history.deaths[index])\t"
                    + "\(recovered)\n"
            }
        }
        try connection.copy("COPY history (series, day, cases, deaths, recovered) FROM STDIN", lines: lines)
        try connection.query(
            "UPDATE snapshot_meta SET version = version + 1, imported_at = $1 WHERE id = 1", [.integer(storedAt)])
    }
}
