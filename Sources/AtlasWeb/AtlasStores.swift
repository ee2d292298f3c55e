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
