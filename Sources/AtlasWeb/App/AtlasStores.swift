import AtlasCore
import AtlasRefresh
import AtlasStore
import Foundation
import Routing

/// Every store the app uses, opened in one place from the configuration (`Stores.open`).
struct AtlasStores: Sendable {
    let stores: Stores
    /// Profiles, drafts and favourites, for request handlers (on workers only: `SiteContext.runsOnWorker`).
    var profiles: any ProfileStore { stores.profiles }

    /// Opens (creating and migrating when needed) the database of `configuration`.
    /// - Throws: `StoreError` when it cannot be opened, reached or migrated.
    static func open(_ configuration: AtlasConfiguration) throws -> AtlasStores {
        let stores = try Stores.open(configuration.database, options: configuration.storeOptions)
        return AtlasStores(stores: stores)
    }

    /// The most times a start asks again for the write lock another starting process holds while it
    /// imports the shipped data, half a second apart: a minute.
    static let shippedImportAttempts = 120

    /// Imports the shipped data the store lacks (`DataImporter.importShippedDataWhereMissing`). On a new
    /// database several processes may start together; one imports, holding the write lock for seconds
    /// (the history and the vaccinations), longer than a request waits for it. The others wait for it
    /// here, then find the data there, rather than fail their start.
    /// - Returns: what this process imported, `nil` when nothing was missing.
    /// - Throws: `StoreError.busy` once the lock stayed held for `shippedImportAttempts` tries; what
    ///   the import throws.
    func importShippedDataWaitingForOthers(from dataDirectory: String, now: Int64) throws -> RefreshReport? {
        var attempt = 1
        while true {
            do {
                return try DataImporter.importShippedDataWhereMissing(into: stores, from: dataDirectory, now: now)
            } catch StoreError.busy(let reason) {
                guard attempt < Self.shippedImportAttempts else { throw StoreError.busy(reason) }
                attempt += 1
                usleep(500_000)
            }
        }
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
