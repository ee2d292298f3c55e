import CSQLite
import Clocks
import Glibc

/// One SQLite connection (https://sqlite.org/c3ref/sqlite3.html) to a database file, shareable across
/// threads: every use is serialised by one recursive lock. Opens with `journal_mode=WAL`, a busy
/// timeout, `foreign_keys=ON` and `synchronous=NORMAL` (docs/field-cases.md B22); prepared statements
/// are cached by SQL text.
public final class Database: @unchecked Sendable {
    /// Which lock a transaction takes at `BEGIN` (https://sqlite.org/lang_transaction.html).
    public enum TransactionKind: Sendable {
        /// `BEGIN DEFERRED`: reads that must see one consistent state; never for read-then-write.
        case deferred
        /// `BEGIN IMMEDIATE`, the default: takes the write lock up front, so a write never fails with
        /// `SQLITE_BUSY` on the lock upgrade half-way (docs/field-cases.md B22).
        case immediate
    }

    /// The file path the connection was opened with.
    public let path: String
    let connection: Connection
    // Guarded by connection.lock.
    private var statements: [String: Statement] = [:]
    private var transactionDepth = 0
    /// How long a statement waits for another connection's lock, in milliseconds (`init`'s).
    private let busyTimeout: Int32

    /// The most each connection keeps of the file's pages in memory, in KiB (`PRAGMA cache_size`).
    static let pageCacheKibibytes = 256

    /// Opens (creating if needed) the database file at `path` and configures the connection.
    /// - Parameters:
    ///   - path: a file path; `:memory:` works but cannot use WAL.
    ///   - busyTimeout: how long a statement waits for another connection's lock, in milliseconds.
    /// - Throws: `StoreError.cannotOpen` when the file cannot be opened or configured (missing directory,
    ///   no permission, not a database).
    public init(path: String, busyTimeout: Int32 = 5000) throws(StoreError) {
        _ = Database.configureSQLite
        self.path = path
        self.busyTimeout = busyTimeout
        var handle: OpaquePointer?
        // No mutex of SQLite's own (multi-thread mode): `connection.lock` already serialises every use,
        // and SQLite's would be taken again by every call on the connection.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let result = sqlite3_open_v2(path, &handle, flags, nil)
        guard result == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(result))
            sqlite3_close_v2(handle)
            throw .cannotOpen(path: path, message: message)
        }
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeout)
        connection = Connection(handle: handle)
        do {
            // journal_mode first: it reads the header, so a file that is no database fails here.
            try whileBusy(atMostMilliseconds: busyTimeout) { () throws(StoreError) in
                try execute("PRAGMA journal_mode = WAL")
            }
            try execute("PRAGMA foreign_keys = ON")
            try execute("PRAGMA synchronous = NORMAL")
            // SQLite's default page cache is 2 MiB a connection, and there is one connection per thread
            // that reads: filled by the first start's import and reads, they were 6 MB of an idle
            // process's 63 MB, while pages are served from memory and the rest reads a few rows.
            try execute("PRAGMA cache_size = -\(Self.pageCacheKibibytes)")
        } catch {
            connection.close()
            throw .cannotOpen(path: path, message: error.description)
        }
    }

    /// The file SQLite opened as `main`, as an absolute path with symbolic links resolved (a `file:` URI
    /// or a link names the same file as its target): where its `-wal` and `-shm` are, and the files
    /// processes on the database share beside them. `nil` for an in-memory database or once closed.
    public var filePath: String? {
        connection.lock.withLock {
            guard let handle = try? connection.handle(), let name = sqlite3_db_filename(handle, "main"),
                name.pointee != 0, let resolved = realpath(name, nil)
            else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        }
    }

    /// Retries `body` while it fails with `SQLITE_BUSY`, for at most `milliseconds`: enabling WAL while
    /// another process creates the same file fails at once, without SQLite's busy handler.
    private func whileBusy(atMostMilliseconds milliseconds: Int32, _ body: () throws(StoreError) -> Void)
        throws(StoreError)
    {
        let start = MonotonicClock.nanoseconds()
        while true {
            do {
                return try body()
            } catch .sqlite(let code, let message, let sql) where code & 0xFF == SQLITE_BUSY {
                if MonotonicClock.seconds(since: start) * 1000 >= Double(milliseconds) {
                    throw .sqlite(code: code, message: message, sql: sql)
                }
                usleep(5_000)
            }
        }
    }

    /// Process-wide, before the first connection (SQLite ignores it later): no memory statistics, whose
    /// global mutex every allocation would take.
    private static let configureSQLite: Void = { _ = csqlite_disable_memory_statistics() }()

    /// Closes the connection, finalising cached statements; later calls throw `StoreError.closed`. May be
    /// called twice; waits for a transaction running on another thread.
    public func close() {
        connection.lock.withLock {
            statements.removeAll()
            connection.close()
        }
    }

    /// Runs `;`-separated SQL statements without parameters (DDL, PRAGMAs), ignoring rows; takes the lock
    /// itself.
    /// - Throws: `StoreError.sqlite` with SQLite's message and the SQL's first words; `.closed`.
    public func execute(_ sql: String) throws(StoreError) {
        try connection.lock.withLock { () throws(StoreError) in
            let handle = try connection.handle()
            var message: UnsafeMutablePointer<CChar>?
            let result = sqlite3_exec(handle, sql, nil, nil, &message)
            defer { sqlite3_free(message) }
            guard result == SQLITE_OK else {
                let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(result))
                throw Connection.storeError(code: sqlite3_extended_errcode(handle), message: text, sql: sql)
            }
        }
    }

    /// The prepared statement for `sql` (one statement), cached, reset and unbound. Only inside
    /// `transaction` or `withConnection`, and not kept after.
    /// - Throws: `StoreError.sqlite` for SQL that does not compile; `.misuse` outside
    ///   `transaction`/`withConnection`; `.closed`.
    public func prepare(_ sql: String) throws(StoreError) -> Statement {
        guard connection.lock.isHeldByCurrentThread else {
            throw .misuse(
                "prepare(\"\(StoreError.firstWords(of: sql))\") called outside Database.transaction/withConnection")
        }
        let handle = try connection.handle()
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var statementHandle: OpaquePointer?
        let result = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statementHandle, nil)
        guard result == SQLITE_OK, let statementHandle else {
            throw connection.error(result == SQLITE_OK ? SQLITE_MISUSE : result, sql: sql)
        }
        let statement = Statement(sql: sql, handle: statementHandle, connection: connection)
        statements[sql] = statement
        return statement
    }

    /// Runs `body` holding the connection, without a transaction (each statement commits on its own).
    /// - Throws: whatever `body` throws.
    public func withConnection<T>(_ body: (Database) throws -> T) rethrows -> T {
        try connection.lock.withLock { try body(self) }
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws. Nested
    /// calls are savepoints, so an inner failure undoes only the inner part. Other processes wait up to
    /// the busy timeout.
    /// - Parameters:
    ///   - kind: `.immediate` (default) takes the write lock at `BEGIN`; `.deferred` for consistent reads.
    ///   - waitsForLock: `false` for background upkeep: when another process holds the write lock,
    ///     `BEGIN` fails at once instead of waiting out the busy timeout while holding this connection,
    ///     which every visitor's write in this process would then wait for on top of its own wait.
    ///   - body: the work, given this database.
    /// - Throws: what `body` throws (after rolling back), or `StoreError.busy` when `BEGIN` or `COMMIT`
    ///   meets another process's lock past the busy timeout (at once without `waitsForLock`),
    ///   `StoreError.sqlite` for other failures; `.closed`.
    public func transaction<T>(
        _ kind: TransactionKind = .immediate, waitsForLock: Bool = true, _ body: (Database) throws -> T
    ) throws -> T {
        try connection.lock.withLock {
            let depth = transactionDepth
            let savepoint = "atlas_savepoint_\(depth)"
            if depth == 0 {
                // Prepared once, as every request's read of a visitor's rows begins one.
                let begin = try prepare(kind == .immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
                if waitsForLock {
                    try begin.run()
                } else {
                    let handle = try connection.handle()
                    sqlite3_busy_timeout(handle, 0)
                    defer { sqlite3_busy_timeout(handle, busyTimeout) }
                    try begin.run()
                }
            } else {
                try execute("SAVEPOINT \(savepoint)")
            }
            transactionDepth += 1
            let value: T
            do {
                value = try body(self)
            } catch {
                transactionDepth -= 1
                rollBack(depth: depth, savepoint: savepoint)
                throw error
            }
            transactionDepth -= 1
            do {
                if depth == 0 { try prepare("COMMIT").run() } else { try execute("RELEASE \(savepoint)") }
            } catch {
                rollBack(depth: depth, savepoint: savepoint)
                throw error
            }
            return value
        }
    }

    private func rollBack(depth: Int, savepoint: String) {
        // Errors ignored: SQLite may have rolled back already (SQLITE_FULL), and the caller gets the cause.
        if depth == 0 {
            try? execute("ROLLBACK")
        } else {
            try? execute("ROLLBACK TO \(savepoint)")
            try? execute("RELEASE \(savepoint)")
        }
    }

    /// `PRAGMA user_version`: the schema version recorded in the file header (0 for a new file).
    /// - Throws: `StoreError.sqlite`; `.closed`.
    public func userVersion() throws(StoreError) -> Int32 {
        try pragmaValue("PRAGMA user_version").flatMap { Int32($0) } ?? 0
    }

    /// `PRAGMA journal_mode`, e.g. `wal`.
    /// - Throws: `StoreError.sqlite`; `.closed`.
    public func journalMode() throws(StoreError) -> String {
        try pragmaValue("PRAGMA journal_mode") ?? ""
    }

    /// `PRAGMA cache_size`: negative for KiB, positive for pages (the connection's page cache bound).
    /// - Throws: `StoreError.sqlite`; `.closed`.
    public func pageCacheSize() throws(StoreError) -> Int {
        try pragmaValue("PRAGMA cache_size").flatMap { Int($0) } ?? 0
    }

    private func pragmaValue(_ sql: String) throws(StoreError) -> String? {
        try connection.lock.withLock { () throws(StoreError) -> String? in
            let statement = try prepare(sql)
            defer { statement.reset() }
            guard try statement.step() else { return nil }
            return statement.string(at: 0)
        }
    }
}
