import AtlasCore

/// `DataStore` on PostgreSQL: each update is one transaction that first takes the advisory lock
/// `PostgreSQLLocks.data`, so writers across processes take turns.
struct PostgreSQLDataStore: DataStore {
    let pool: PostgreSQLPool

    func update<T>(_ body: (any DataTransaction) throws -> T) throws -> T {
        try pool.transaction { connection in
            try connection.query("SELECT pg_advisory_xact_lock($1)", [.integer(PostgreSQLLocks.data)])
            return try body(Transaction(connection: connection))
        }
    }

    private struct Transaction: DataTransaction {
        let connection: PostgreSQLConnection

        func loadSnapshot() throws -> Snapshot? { try PostgreSQLCountryStore.loadSnapshot(on: connection) }
        func snapshotVersion() throws -> Int64 { try PostgreSQLCountryStore.snapshotVersion(on: connection) }
        func hasHistory() throws -> Bool { try PostgreSQLHistoryStore.hasHistory(on: connection) }
        func storedSeries() throws -> [String: StoredSeries] {
            try PostgreSQLHistoryStore.storedSeries(on: connection)
        }
        func history(_ key: String) throws -> History? { try PostgreSQLHistoryStore.history(key, on: connection) }
        func hasVaccinations() throws -> Bool { try PostgreSQLVaccinationStore.hasVaccinations(on: connection) }
        func vaccinations() throws -> Vaccinations? { try PostgreSQLVaccinationStore.vaccinations(on: connection) }
        func replaceVaccinations(_ vaccinations: Vaccinations, storedAt: Int64) throws {
            try PostgreSQLVaccinationStore.replaceVaccinations(vaccinations, storedAt: storedAt, on: connection)
        }
        func validators(for url: String) throws -> FetchValidators? {
            try PostgreSQLFetchValidatorStore.validators(for: url, on: connection)
        }
        func replaceSnapshot(_ snapshot: Snapshot) throws {
            try PostgreSQLCountryStore.replaceSnapshot(snapshot, on: connection)
        }
        func replaceHistory(_ series: [String: History], storedAt: Int64) throws {
            try PostgreSQLHistoryStore.replaceHistory(series, storedAt: storedAt, on: connection)
        }
        func saveValidators(_ validators: FetchValidators, for url: String) throws {
            try PostgreSQLFetchValidatorStore.save(validators, for: url, on: connection)
        }
        func removeAllValidators() throws { try connection.execute("DELETE FROM fetch_validators") }
    }
}
