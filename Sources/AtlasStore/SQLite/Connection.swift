import CSQLite

/// The open `sqlite3*` handle and the lock that serialises its use; apart from `Database` so cached
/// `Statement`s keep the handle alive without a reference cycle.
final class Connection: @unchecked Sendable {
    let lock = RecursiveLock()
    // Guarded by `lock` (or in deinit).
    private var rawHandle: OpaquePointer?

    init(handle: OpaquePointer) {
        rawHandle = handle
    }

    deinit {
        // close_v2 waits for unfinalised statements instead of failing.
        if let rawHandle { sqlite3_close_v2(rawHandle) }
    }

    /// The handle, or `StoreError.closed`. Call with `lock` held.
    func handle() throws(StoreError) -> OpaquePointer {
        guard let rawHandle else { throw .closed }
        return rawHandle
    }

    func close() {
        lock.withLock {
            if let rawHandle { sqlite3_close_v2(rawHandle) }
            rawHandle = nil
        }
    }

    /// SQLite's error for the last failed call, tagged with the SQL's first words.
    func error(_ code: Int32, sql: String) -> StoreError {
        guard let rawHandle else { return .closed }
        return Self.storeError(
            code: sqlite3_extended_errcode(rawHandle), message: String(cString: sqlite3_errmsg(rawHandle)), sql: sql)
    }

    /// `SQLITE_BUSY` and `SQLITE_LOCKED` (a lock held past the busy timeout) become `StoreError.busy`, a
    /// `503`; every other code `StoreError.sqlite`.
    static func storeError(code: Int32, message: String, sql: String) -> StoreError {
        let primary = code & 0xff
        if primary == SQLITE_BUSY || primary == SQLITE_LOCKED {
            return .busy("SQLite error \(code) (\(message)) in \"\(StoreError.firstWords(of: sql))\"")
        }
        return .sqlite(code: code, message: message, sql: StoreError.firstWords(of: sql))
    }
}
