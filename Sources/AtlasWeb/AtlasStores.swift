import AtlasCore
import AtlasSource
import AtlasStore

/// Every store the app uses, opened in one place from the configuration: the snapshot, the
/// visitors' profiles, and a read connection per event-loop thread for a returning visitor's stars.
struct AtlasStores: Sendable {
    /// The stored snapshot.
    let countries: any CountryStore
    /// Profiles, drafts and favourites.
    let profiles: any ProfileStore
    /// The visitor's stars, read on the calling thread's own connection (no shared lock).
    let favoriteReads: ReadConnections
    /// The entries' and the world's time series.
    let histories: any HistoryStore
    private let database: Database

    /// Opens (creating and migrating when needed) the database of `configuration`.
    /// - Throws: `StoreError` when it cannot be opened or migrated.
    static func open(_ configuration: AtlasConfiguration) throws -> AtlasStores {
        let database = try Database.open(path: configuration.databasePath)
        let profiles = SQLiteProfileStore(database: database)
        return AtlasStores(
            countries: SQLiteCountryStore(database: database), profiles: profiles,
            favoriteReads: ReadConnections(path: configuration.databasePath, fallback: profiles),
            histories: SQLiteHistoryStore(database: database), database: database)
    }

    /// Imports the data shipped in `dataDirectory/disease-sh` (`countries.json` and `all.json`, and
    /// `historical.json.gz`, the JHU history in disease.sh's shape) that the store lacks: both on a new
    /// database, the history alone on one from before it existed. Decided under the write lock, so
    /// servers starting together import once.
    /// - Returns: what was imported, or `nil` when nothing was missing.
    /// - Throws: `SourceError` when the shipped files do not decode or validate; `StoreError` when
    ///   storing fails.
    func importShippedDataWhereMissing(from dataDirectory: String, now: Int64) throws -> RefreshReport? {
        let needsSnapshot = try countries.snapshotVersion() == 0
        let needsHistory = try !histories.hasHistory()
        guard needsSnapshot || needsHistory else { return nil }
        let folder = dataDirectory + "/disease-sh"
        var update = DataUpdate()
        if needsSnapshot { update.snapshot = try SnapshotDecoder.loadSnapshot(directory: folder) }
        if needsHistory { update.history = try HistoricalDecoder.loadShipped(path: folder + "/historical.json.gz") }
        return try DataImporter(database: database).applyWhereMissing(update, now: now)
    }

    /// Closes every connection; call once no request runs any more.
    func close() {
        favoriteReads.close()
        database.close()
    }
}
