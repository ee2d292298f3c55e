/// Opens every SQLite store on one file: one writer connection (SQLite serialises writes anyway) and
/// a pool of readers.
enum SQLiteStores {
    static func open(path: String, options: StoreOptions) throws -> Stores {
        let busyTimeout = Int32(clamping: Int((options.lockWaitSeconds * 1000).rounded()))
        let writer = try Database.open(path: path, busyTimeout: busyTimeout)
        let reads = SQLiteReadPool(path: path, busyTimeout: busyTimeout)
        return Stores(
            location: .sqlite(path: path), countries: SQLiteCountryStore(reads: reads),
            histories: SQLiteHistoryStore(reads: reads),
            vaccinations: SQLiteVaccinationStore(reads: reads), validators: SQLiteFetchValidatorStore(reads: reads),
            data: SQLiteDataStore(writer: writer), profiles: SQLiteProfileStore(writer: writer, reads: reads),
            sessionKeys: SQLiteSessionKeyStore(writer: writer),
            refreshLock: SQLiteRefreshLock(path: path + ".refresh-lock"),
            close: {
                reads.close()
                writer.close()
            })
    }
}
