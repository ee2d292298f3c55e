/// One refresher at a time across the processes on the database (PostgreSQL: a session advisory
/// lock; SQLite: `flock(2)` on a file beside the database).
public protocol RefreshLock: Sendable {
    /// Runs `body` holding the lock, or returns `nil` at once when another process holds it. Released
    /// when `body` returns or throws, or the process dies.
    /// - Throws: what `body` throws; `StoreError` when the lock cannot be asked for.
    func whileHolding<T>(_ body: () throws -> T) throws -> T?
}
