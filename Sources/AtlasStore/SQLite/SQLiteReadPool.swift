import Clocks
import Synchronization

/// Read-only work on connections of their own, apart from the writer, one per thread that reads: in
/// WAL mode readers never wait for the writer, and a thread's own connection takes no lock another
/// thread holds. A shared pool of idle connections did: under load its mutex was most of a returning
/// visitor's request (docs/performance-log.md, 2026-12-02).
final class SQLiteReadPool: Sendable {
    private let path: String
    private let busyTimeout: Int32
    private let connections = PerThread<Database?> { nil }
    /// Every connection opened, so `close()` reaches those of every thread.
    private let opened = Mutex<[Database]>([])
    private let closed = Atomic<Bool>(false)

    /// - Parameters:
    ///   - path: the database file (already migrated).
    ///   - busyTimeout: milliseconds a read waits for a lock (in WAL mode only a checkpoint takes one).
    init(path: String, busyTimeout: Int32) {
        self.path = path
        self.busyTimeout = busyTimeout
    }

    /// Runs `body` on this thread's connection, opened on the thread's first read.
    /// - Throws: `StoreError.cannotOpen`; `.closed` after `close()`; what `body` throws.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        guard !closed.load(ordering: .acquiring) else { throw StoreError.closed }
        let database = try connections.withValue { slot in
            if let database = slot { return database }
            let database = try Database(path: path, busyTimeout: busyTimeout)
            let kept = opened.withLock { opened -> Bool in
                guard !closed.load(ordering: .acquiring) else { return false }
                opened.append(database)
                return true
            }
            guard kept else {
                database.close()
                throw StoreError.closed
            }
            slot = database
            return database
        }
        // A failed statement leaves no state behind (each is reset), so the connection stays usable.
        return try database.withConnection(body)
    }

    /// Closes every thread's connection, each once the read on it (if any) ends; later reads throw
    /// `StoreError.closed`.
    func close() {
        closed.store(true, ordering: .releasing)
        let connections = opened.withLock { opened in
            defer { opened.removeAll() }
            return opened
        }
        for database in connections { database.close() }
    }
}
