import Synchronization

/// Read-only connections of their own, so reads never queue behind the writer: WAL runs them beside
/// it, and each sees a commit at once. Opened lazily and reused, as many as threads ever read at once;
/// `close()` closes them all, so the last checkpoints the WAL.
final class SQLiteReadPool: Sendable {
    private let path: String
    private let busyTimeout: Int32
    private let idle = Mutex<[Database]>([])
    private let closed = Atomic<Bool>(false)

    /// - Parameters:
    ///   - path: the database file (already migrated).
    ///   - busyTimeout: milliseconds a read waits for a lock (in WAL mode only a checkpoint takes one).
    init(path: String, busyTimeout: Int32) {
        self.path = path
        self.busyTimeout = busyTimeout
    }

    /// Runs `body` on an idle connection (opened when none is), then returns it to the pool.
    /// - Throws: `StoreError.cannotOpen`; `.closed` after `close()`; what `body` throws.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        guard !closed.load(ordering: .acquiring) else { throw StoreError.closed }
        let database = try idle.withLock { $0.popLast() } ?? Database(path: path, busyTimeout: busyTimeout)
        // A failed statement leaves no state behind (each is reset), so the connection goes back anyway.
        defer { giveBack(database) }
        return try database.withConnection(body)
    }

    private func giveBack(_ database: Database) {
        let kept = idle.withLock { idle -> Bool in
            guard !closed.load(ordering: .acquiring) else { return false }
            idle.append(database)
            return true
        }
        if !kept { database.close() }
    }

    /// Closes every idle connection; one in use closes when it is given back.
    func close() {
        closed.store(true, ordering: .releasing)
        let connections = idle.withLock { idle in
            defer { idle.removeAll() }
            return idle
        }
        for database in connections { database.close() }
    }
}
