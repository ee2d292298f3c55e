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
    private let database: Database

    /// Opens (creating and migrating when needed) the database of `configuration`.
    /// - Throws: `StoreError` when it cannot be opened or migrated.
    static func open(_ configuration: AtlasConfiguration) throws -> AtlasStores {
        let database = try Database.open(path: configuration.databasePath)
        let profiles = SQLiteProfileStore(database: database)
        return AtlasStores(
            countries: SQLiteCountryStore(database: database), profiles: profiles,
            favoriteReads: ReadConnections(path: configuration.databasePath, fallback: profiles), database: database)
    }

    /// Imports the snapshot shipped in `dataDirectory/disease-sh` when the store holds none.
    /// - Returns: how many countries were imported, or `nil` when a snapshot was stored already.
    /// - Throws: `SourceError` when the shipped files do not decode; `StoreError` when storing fails.
    func importShippedSnapshotIfEmpty(from dataDirectory: String) throws -> Int? {
        guard try countries.loadSnapshot() == nil else { return nil }
        let shipped = try SnapshotDecoder.loadSnapshot(directory: dataDirectory + "/disease-sh")
        try countries.replaceSnapshot(shipped)
        return shipped.countries.count
    }

    /// Closes every connection; call once no request runs any more.
    func close() {
        favoriteReads.close()
        database.close()
    }
}
