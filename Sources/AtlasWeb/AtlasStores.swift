import AtlasCore
import AtlasSource
import AtlasStore

/// Every store the app uses, opened in one place from the configuration (`Stores.open`), with the
/// profile store that request code sees wrapped so it never runs on an event loop.
struct AtlasStores: Sendable {
    /// The stores as opened.
    let stores: Stores
    /// Profiles, drafts and favourites, for request handlers (`OffLoopProfileStore`).
    let profiles: any ProfileStore

    /// Opens (creating and migrating when needed) the database of `configuration`.
    /// - Throws: `StoreError` when it cannot be opened, reached or migrated.
    static func open(_ configuration: AtlasConfiguration) throws -> AtlasStores {
        let stores = try Stores.open(configuration.database, options: configuration.storeOptions)
        return AtlasStores(stores: stores, profiles: OffLoopProfileStore(base: stores.profiles))
    }

    /// Imports the data shipped in `dataDirectory/disease-sh` (`countries.json` and `all.json`, and
    /// `historical.json.gz`, the JHU history in disease.sh's shape) that the store lacks: both on a new
    /// database, the history alone on one from before it existed. Decided inside one data transaction,
    /// so of processes starting together on a new database exactly one imports.
    /// - Returns: what was imported, or `nil` when nothing was missing.
    /// - Throws: `SourceError` when the shipped files do not decode or validate; `StoreError` when
    ///   storing fails.
    func importShippedDataWhereMissing(from dataDirectory: String, now: Int64) throws -> RefreshReport? {
        // A cheap look first, so a start on a full database never decodes the 8 MB history.
        let (needsSnapshot, needsHistory) = try stores.data.update { transaction in
            (try transaction.snapshotVersion() == 0, try !transaction.hasHistory())
        }
        guard needsSnapshot || needsHistory else { return nil }
        let folder = dataDirectory + "/disease-sh"
        var update = DataUpdate()
        if needsSnapshot { update.snapshot = try SnapshotDecoder.loadSnapshot(directory: folder) }
        if needsHistory { update.history = try HistoricalDecoder.loadShipped(path: folder + "/historical.json.gz") }
        return try DataImporter(stores).applyWhereMissing(update, now: now)
    }

    /// The key session ids are signed with, created in the store on the first start.
    /// - Throws: `StoreError`.
    func sessionSigner() throws -> SessionSigner {
        SessionSigner(
            key: try stores.sessionKeys.sessionKey(storingIfMissing: Crypto.randomBytes(SessionSigner.keyLength)))
    }

    /// Closes every connection; call once no request runs any more.
    func close() {
        stores.close()
    }
}
