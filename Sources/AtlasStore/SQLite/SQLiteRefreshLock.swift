import Glibc

/// `RefreshLock` for SQLite: an exclusive `flock(2)` on `<database>.refresh-lock`, without waiting;
/// the kernel drops it when the process dies.
struct SQLiteRefreshLock: RefreshLock {
    /// The lock file, beside the database file.
    let path: String

    func whileHolding<T>(_ body: () throws -> T) throws -> T? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw StoreError.cannotOpen(path: path, message: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            if errno == EWOULDBLOCK { return nil }
            throw StoreError.cannotOpen(path: path, message: String(cString: strerror(errno)))
        }
        return try body()
    }
}
