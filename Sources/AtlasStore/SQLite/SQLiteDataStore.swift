import AtlasCore

/// `DataStore` on the writer connection: each update is one `BEGIN IMMEDIATE` transaction, so one at a
/// time across processes.
struct SQLiteDataStore: DataStore {
    let writer: Database

    func update<T>(_ body: (any DataTransaction) throws -> T) throws -> T {
        try writer.transaction(.immediate) { database in try body(Transaction(database: database)) }
    }

    private struct Transaction: DataTransaction {
        let database: Database

        func loadSnapshot() throws -> Snapshot? { try SQLiteCountryStore.loadSnapshot(in: database) }
        func snapshotVersion() throws -> Int64 { try SQLiteCountryStore.snapshotVersion(in: database) }
        func hasHistory() throws -> Bool { try SQLiteHistoryStore.hasHistory(in: database) }
        func storedSeries() throws -> [String: StoredSeries] { try SQLiteHistoryStore.storedSeries(in: database) }
        func history(_ key: String) throws -> History? { try SQLiteHistoryStore.history(key, in: database) }
        func hasVaccinations() throws -> Bool { try SQLiteVaccinationStore.hasVaccinations(in: database) }
        func vaccinations() throws -> Vaccinations? { try SQLiteVaccinationStore.vaccinations(in: database) }
        func replaceVaccinations(_ vaccinations: Vaccinations, storedAt: Int64) throws {
            try SQLiteVaccinationStore.replaceVaccinations(vaccinations, storedAt: storedAt, in: database)
        }
        func validators(for url: String) throws -> FetchValidators? {
            try SQLiteFetchValidatorStore.validators(for: url, in: database)
        }
        func replaceSnapshot(_ snapshot: Snapshot) throws {
            try SQLiteCountryStore.replaceSnapshot(snapshot, in: database)
        }
        func replaceHistory(_ series: [String: History], storedAt: Int64) throws {
            try SQLiteHistoryStore.replaceHistory(series, storedAt: storedAt, in: database)
        }
        func saveValidators(_ validators: FetchValidators, for url: String) throws {
            try SQLiteFetchValidatorStore.save(validators, for: url, in: database)
        }
        func removeAllValidators() throws { try database.execute("DELETE FROM fetch_validators") }
    }
}
