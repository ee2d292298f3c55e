import CSQLite

/// A prepared SQLite statement (https://sqlite.org/c3ref/stmt.html) with typed binds and reads. From
/// `Database.prepare(_:)`, used only inside `transaction` or `withConnection` (cached and shared, so
/// not `Sendable`). Parameters count from 1, columns from 0. Text and blobs are bound
/// `SQLITE_TRANSIENT`, so SQLite copies them (docs/field-cases.md B20).
public final class Statement {
    /// The SQL text, also its key in the cache.
    public let sql: String
    private let handle: OpaquePointer
    private let connection: Connection

    init(sql: String, handle: OpaquePointer, connection: Connection) {
        self.sql = sql
        self.handle = handle
        self.connection = connection
    }

    deinit {
        connection.lock.withLock { _ = sqlite3_finalize(handle) }
    }

    /// Binds a 64-bit integer, or `NULL` for `nil`, to parameter `index` (1-based).
    /// - Throws: `StoreError.sqlite` for a bad index; `.misuse` outside the connection's lock; `.closed`.
    public func bind(_ value: Int64?, at index: Int32) throws(StoreError) {
        try checkUsable()
        guard let value else { return try check(sqlite3_bind_null(handle, index)) }
        try check(sqlite3_bind_int64(handle, index, value))
    }

    /// Binds an `Int`, or `NULL` for `nil`, as a 64-bit integer.
    /// - Throws: as `bind(_:at:)` for `Int64`.
    public func bind(_ value: Int?, at index: Int32) throws(StoreError) {
        try bind(value.map { Int64($0) }, at: index)
    }

    /// Binds a double, or `NULL` for `nil`, stored bit-exact as REAL.
    /// - Throws: as `bind(_:at:)` for `Int64`.
    public func bind(_ value: Double?, at index: Int32) throws(StoreError) {
        try checkUsable()
        guard let value else { return try check(sqlite3_bind_null(handle, index)) }
        try check(sqlite3_bind_double(handle, index, value))
    }

    /// Binds UTF-8 text, or `NULL` for `nil`; the empty string stays empty, embedded NULs are kept.
    /// - Throws: as `bind(_:at:)` for `Int64`.
    public func bind(_ value: String?, at index: Int32) throws(StoreError) {
        try checkUsable()
        guard let value else { return try check(sqlite3_bind_null(handle, index)) }
        // utf8CString is NUL-terminated, so the pointer is never nil (which would bind NULL).
        let result = value.utf8CString.withUnsafeBufferPointer { buffer in
            sqlite3_bind_text64(
                handle, index, buffer.baseAddress, UInt64(buffer.count - 1), csqlite_transient(),
                UInt8(SQLITE_UTF8))
        }
        try check(result)
    }

    /// Binds bytes as a BLOB, or `NULL` for `nil`.
    /// - Throws: as `bind(_:at:)` for `Int64`.
    public func bind(_ value: [UInt8]?, at index: Int32) throws(StoreError) {
        try checkUsable()
        guard let value else { return try check(sqlite3_bind_null(handle, index)) }
        guard !value.isEmpty else { return try check(sqlite3_bind_zeroblob(handle, index, 0)) }
        let result = value.withUnsafeBytes { buffer in
            sqlite3_bind_blob64(handle, index, buffer.baseAddress, UInt64(buffer.count), csqlite_transient())
        }
        try check(result)
    }

    /// Runs the statement to its next row.
    /// - Returns: `true` when a row is ready to read, `false` when done.
    /// - Throws: `StoreError.sqlite` (constraint failures, `SQLITE_BUSY` after the busy timeout), the
    ///   statement then reset; `.misuse` outside the connection's lock; `.closed`.
    @discardableResult
    public func step() throws(StoreError) -> Bool {
        try checkUsable()
        let result = sqlite3_step(handle)
        switch result {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        default:
            let error = connection.error(result, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Steps until done, ignoring rows, then resets: INSERT, UPDATE, DELETE, DDL.
    /// - Throws: as `step()`.
    public func run() throws(StoreError) {
        while try step() {}
        reset()
    }

    /// Rewinds the statement and clears every binding to `NULL`.
    public func reset() {
        connection.lock.withLock {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
    }

    /// How many columns a row of this statement has.
    public var columnCount: Int32 {
        sqlite3_column_count(handle)
    }

    /// Whether column `index` (0-based) of the current row is `NULL`.
    public func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// Column `index` (0-based) of the current row as a 64-bit integer; `nil` for `NULL`.
    public func int64(at index: Int32) -> Int64? {
        isNull(at: index) ? nil : sqlite3_column_int64(handle, index)
    }

    /// Column `index` (0-based) as an `Int`; `nil` for `NULL`.
    public func int(at index: Int32) -> Int? {
        int64(at: index).map { Int($0) }
    }

    /// Column `index` (0-based) as a double; `nil` for `NULL`.
    public func double(at index: Int32) -> Double? {
        isNull(at: index) ? nil : sqlite3_column_double(handle, index)
    }

    /// Column `index` (0-based) as UTF-8 text, byte for byte as stored; `nil` for `NULL`.
    public func string(at index: Int32) -> String? {
        guard !isNull(at: index) else { return nil }
        // column_text before column_bytes, as https://sqlite.org/c3ref/column_blob.html advises.
        guard let text = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Column `index` (0-based) as bytes; `nil` for `NULL`.
    public func blob(at index: Int32) -> [UInt8]? {
        guard !isNull(at: index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    private func checkUsable() throws(StoreError) {
        guard connection.lock.isHeldByCurrentThread else {
            throw .misuse(
                "statement \"\(StoreError.firstWords(of: sql))\" used outside Database.transaction/withConnection")
        }
        _ = try connection.handle()
    }

    private func check(_ result: Int32) throws(StoreError) {
        guard result == SQLITE_OK else { throw connection.error(result, sql: sql) }
    }
}
