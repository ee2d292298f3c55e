/// Why a store operation failed: every SQLite and PostgreSQL failure becomes one of these, none
/// carrying a password.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// The database file could not be opened or configured (path, SQLite's message).
    case cannotOpen(path: String, message: String)
    /// A file the processes on one SQLite file share beside it (`<database>.visitor-changes`) could not
    /// be opened, allocated or mapped (its path, the system's message).
    case cannotShare(path: String, message: String)
    /// SQLite refused a statement: the extended result code (https://sqlite.org/rescode.html), the
    /// message, and the SQL's first words.
    case sqlite(code: Int32, message: String, sql: String)
    /// PostgreSQL refused a statement: the SQLSTATE
    /// (https://www.postgresql.org/docs/15/errcodes-appendix.html), the message, and the SQL's first words.
    case postgreSQL(sqlState: String, message: String, sql: String)
    /// Another writer held what this needed past the store's wait (SQLite `SQLITE_BUSY`; PostgreSQL
    /// `lock_timeout`, `statement_timeout`; no pooled connection free). Worth retrying.
    case busy(String)
    /// The database cannot be reached, or dropped the connection; the store reconnects once it is back.
    case unavailable(String)
    /// A write would have created a first row and `VisitorContext.admitsNewVisitor` said no; nothing
    /// was written.
    case newVisitorRefused
    /// The `--database` value is neither a file path nor a libpq `postgres://`/`postgresql://` URI (the
    /// reason, without any password).
    case invalidLocation(String)
    /// The schema is newer than this program's newest migration; using it could corrupt newer data.
    case schemaTooNew(found: Int32, newestKnown: Int32)
    /// The migration list itself is wrong (versions not 1, 2, 3, … in order); a programming error.
    case invalidMigrations(String)
    /// A statement was used outside `Database.transaction` or `Database.withConnection`.
    case misuse(String)
    /// A stored row breaks the schema's promises (a `NULL` where a value is required).
    case corruptRow(String)
    /// A snapshot with no countries was offered; storing it would blank the country list.
    case emptySnapshot
    /// The store was closed.
    case closed

    /// Whether the database is locked or gone rather than the request or data at fault: a `503` with
    /// `Retry-After`, not a `500`.
    public var isTemporary: Bool {
        switch self {
        case .busy, .unavailable: return true
        default: return false
        }
    }

    /// One line for logs and the command line, e.g. `SQLite error 2067 (UNIQUE constraint failed:
    /// countries.iso2) in "INSERT INTO countries (position, …"`.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let message):
            return "cannot open database \(path): \(message)"
        case .cannotShare(let path, let message):
            return "cannot open \(path), which every process on this database shares: \(message)"
        case .sqlite(let code, let message, let sql):
            return "SQLite error \(code) (\(message)) in \"\(sql)\""
        case .postgreSQL(let sqlState, let message, let sql):
            return "PostgreSQL error \(sqlState) (\(message)) in \"\(sql)\""
        case .busy(let reason):
            return "the database is busy: \(reason)"
        case .unavailable(let reason):
            return "the database is unavailable: \(reason)"
        case .newVisitorRefused:
            return "too many new visitors from one address"
        case .invalidLocation(let reason):
            return "invalid --database: \(reason)"
        case .schemaTooNew(let found, let newestKnown):
            return "database schema version \(found) is newer than this program knows (\(newestKnown)); "
                + "refusing to use it, upgrade covid-atlas"
        case .invalidMigrations(let reason):
            return "invalid migration list: \(reason)"
        case .misuse(let reason):
            return "store misuse: \(reason)"
        case .corruptRow(let reason):
            return "corrupt row: \(reason)"
        case .emptySnapshot:
            return "refusing to store a snapshot without countries"
        case .closed:
            return "the database is closed"
        }
    }

    /// The first few words of `sql`, for messages that must not dump a whole statement.
    static func firstWords(of sql: String) -> String {
        let words = sql.split(whereSeparator: { $0.isWhitespace })
        let head = words.prefix(6).joined(separator: " ")
        return words.count > 6 ? head + " …" : head
    }
}
