import Synchronization

/// Read-only work on connections of its own, so reads never queue behind the writer's connection and
/// its lock: WAL lets these readers run beside the writer, and each sees a commit as soon as it is made.
///
/// Connections open lazily and are reused: the pool holds at most as many as threads ever read at
/// once (the request workers, the version watcher, the refresher). `close()` closes them all, so the last to close checkpoints the WAL.
final class SQLiteReadPool: Sendable {
    private let path: String
    private let busyTimeout: Int32
    private let idle = Mutex<[Database]>([])
    private let closed = Atomic<Bool>(false)

    /// - Parameters:
    ///   - path: the database file (already migrated).
    ///   - busyTimeout: milliseconds a read waits for a lock (only a checkpoint or a rollback journal
    ///     takes one from readers in WAL mode).
    init(path: String, busyTimeout: Int32) {
        self.path = path
        self.busyTimeout = busyTimeout
    }

    /// Runs `body` on an idle connection (opened when none is idle), then returns it to the pool.
    /// - Throws: `StoreError.cannotOpen` when a connection cannot be opened; `.closed` after `close()`;
    ///   what `body` throws.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        guard !closed.load(ordering: .acquiring) else { throw StoreError.closed }
        let database = try idle.withLock { $0.popLast() } ?? Database(path: path, busyTimeout: busyTimeout)
        // A file connection has no state a failed statement could break (each statement is reset), so
        // it goes back to the pool whatever happened.
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
