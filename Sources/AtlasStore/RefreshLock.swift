/// Lets one process at a time refresh from the upstream, across every process on the database
/// (PostgreSQL: a session-level advisory lock; SQLite: an `flock(2)` on a file beside the database).
public protocol RefreshLock: Sendable {
    /// Runs `body` while holding the refresh lock, or returns `nil` at once without running it when
    /// another process holds it. The lock is released when `body` returns or throws, and when the
    /// process dies.
    /// - Throws: what `body` throws; `StoreError` when the lock cannot be asked for (the database is
    ///   gone).
    func whileHolding<T>(_ body: () throws -> T) throws -> T?
}
