/// Why a store operation failed. Never a crash: every SQLite and PostgreSQL failure surfaces as one of
/// these, and none of them carries a password.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// The database file could not be opened or configured (path, SQLite's message).
    case cannotOpen(path: String, message: String)
    /// SQLite refused a statement: the (extended) result code (https://sqlite.org/rescode.html),
    /// SQLite's message, and the first words of the SQL that failed.
    case sqlite(code: Int32, message: String, sql: String)
    /// PostgreSQL refused a statement: its SQLSTATE (https://www.postgresql.org/docs/15/errcodes-appendix.html),
    /// its primary message, and the first words of the SQL that failed.
    case postgreSQL(sqlState: String, message: String, sql: String)
    /// The database is there but another writer held what this operation needed for longer than the
    /// store waits (SQLite `SQLITE_BUSY` after the busy timeout; PostgreSQL `lock_timeout` or
    /// `statement_timeout`; no pooled connection free in time). Worth retrying in a moment.
    case busy(String)
    /// The database cannot be reached (the server is down, refuses connections, or dropped this one).
    /// The store reconnects by itself once it is back.
    case unavailable(String)
    /// A write would have created a new visitor's first row and `VisitorContext.admitsNewVisitor`
    /// said no. Nothing was written.
    case newVisitorRefused
    /// The `--database` value is neither a file path nor a `postgres://`/`postgresql://` URI that
    /// libpq accepts (the reason, without any password).
    case invalidLocation(String)
    /// The database's schema is newer than this program's newest migration; running on it could corrupt
    /// data written by a newer version, so the store refuses.
    case schemaTooNew(found: Int32, newestKnown: Int32)
    /// The migration list itself is wrong (versions not 1, 2, 3, … in order); a programming error.
    case invalidMigrations(String)
    /// A statement was used without holding the connection: call it inside `Database.transaction`
    /// or `Database.withConnection`.
    case misuse(String)
    /// A stored row breaks the schema's promises (a `NULL` where a value is required).
    case corruptRow(String)
    /// A snapshot with no countries was offered; storing it would blank the country list.
    case emptySnapshot
    /// The store was closed.
    case closed

    /// Whether the failure is the database being locked or gone rather than the request or the data:
    /// the visitor should get `503` with `Retry-After` and try again, not a `500`.
    public var isTemporary: Bool {
        switch self {
        case .busy, .unavailable: return true
        default: return false
        }
    }

    /// One line for logs and the command line, e.g.
    /// `SQLite error 2067 (UNIQUE constraint failed: countries.iso2) in "INSERT INTO countries (position, …"`.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let message):
            return "cannot open database \(path): \(message)"
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
