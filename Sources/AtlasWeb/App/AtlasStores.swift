import AtlasCore
import AtlasStore
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
