import AtlasStore
import Routing
import Synchronization

/// One SQLite connection per event-loop thread for the read a country page makes for a returning
/// visitor (their stars), so those requests never queue on the app's shared connection and its lock.
/// WAL lets these readers run beside the writer, and each sees a commit as soon as it is made, so a
/// star toggled on the shared connection shows on the next page.
///
/// Connections open lazily, on a thread's first such read; `close()` closes them all once the server
/// has stopped, so the last connection to close checkpoints the WAL into the main file.
final class ReadConnections: Sendable {
    /// Every connection opened so far, for `close()`.
    private final class Opened: Sendable {
        let databases = Mutex<[Database]>([])
    }

    private let opened = Opened()
    private let stores: PerThread<SQLiteProfileStore?>
    private let fallback: any ProfileStore

    /// - Parameters:
    ///   - path: the database file the app opened (already migrated).
    ///   - fallback: the shared store, used on a thread whose own connection could not be opened.
    init(path: String, fallback: any ProfileStore) {
        let opened = opened
        self.fallback = fallback
        stores = PerThread {
            guard let database = try? Database(path: path) else { return nil }
            opened.databases.withLock { $0.append(database) }
            return SQLiteProfileStore(database: database)
        }
    }

    /// The visitor's starred countries (canonical ids with the names they had when starred, in the
    /// order they were starred), read on this thread's own connection.
    /// - Parameter sessionHash: SHA-256 of the visitor's session id (32 bytes).
    /// - Throws: `StoreError` when the read fails (`.closed` after `close()`).
    func favorites(_ sessionHash: [UInt8]) throws -> [Favorite] {
        guard let store = stores.withValue({ $0 }) else { return try fallback.favorites(sessionHash) }
        return try store.favorites(sessionHash)
    }

    /// Closes every connection opened so far; call once no request runs any more.
    func close() {
        opened.databases.withLock { databases in
            for database in databases { database.close() }
            databases.removeAll()
        }
    }
}
