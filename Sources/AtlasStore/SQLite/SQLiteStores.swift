/// Opens every SQLite store on one file: one writer connection (SQLite serialises writes anyway), a
/// pool of readers, and the change counters the processes on the file share (`<file>.visitor-changes`).
enum SQLiteStores {
    static func open(path: String, options: StoreOptions) throws -> Stores {
        let busyTimeout = Int32(clamping: Int((options.lockWaitSeconds * 1000).rounded()))
        let writer = try Database.open(path: path, busyTimeout: busyTimeout)
        // Beside the file SQLite opened, whichever path or link named it, as SQLite puts -wal and -shm.
        let databaseFile = writer.filePath
        let counters: SharedChangeCounters?
        do {
            counters = try databaseFile.map { try SharedChangeCounters(besideDatabaseFile: $0) }
        } catch {
            writer.close()
            throw error
        }
        let reads = SQLiteReadPool(path: path, busyTimeout: busyTimeout)
        let rowsCache = VisitorRowsCache(counters: counters)
        return Stores(
            location: .sqlite(path: path), countries: SQLiteCountryStore(reads: reads),
            histories: SQLiteHistoryStore(reads: reads),
            vaccinations: SQLiteVaccinationStore(reads: reads), validators: SQLiteFetchValidatorStore(reads: reads),
            data: SQLiteDataStore(writer: writer),
            profiles: SQLiteProfileStore(writer: writer, reads: reads, rowsCache: rowsCache),
            sessionKeys: SQLiteSessionKeyStore(writer: writer),
            refreshLock: SQLiteRefreshLock(path: (databaseFile ?? path) + ".refresh-lock"),
            close: {
                reads.close()
                writer.close()
            })
    }
}
