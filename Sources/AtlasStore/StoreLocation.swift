/// Where the data lives: the `--database` value, a SQLite file path or a libpq connection URI.
public enum StoreLocation: Sendable, Equatable, CustomStringConvertible {
    /// A SQLite file (created when missing).
    case sqlite(path: String)
    /// A PostgreSQL database, as a libpq connection URI
    /// (https://www.postgresql.org/docs/15/libpq-connect.html#LIBPQ-CONNSTRING-URIS). The URI may hold a
    /// password; it is never shown (see `description`). Without one libpq reads `PGPASSWORD` or
    /// `~/.pgpass` as usual.
    case postgreSQL(uri: String)

    /// Reads a `--database` value: `postgres://…` and `postgresql://…` are PostgreSQL, anything else a
    /// SQLite path.
    /// - Throws: `StoreError.invalidLocation` for an empty value, or a URI libpq cannot parse (libpq's
    ///   reason, without the URI).
    public init(parsing value: String) throws(StoreError) {
        let lowered = value.lowercased()
        if let scheme = ["postgres://", "postgresql://"].first(where: { lowered.hasPrefix($0) }) {
            // libpq knows the schemes in lower case only.
            let uri = scheme + value.dropFirst(scheme.count)
            _ = try PostgreSQLConnectionInfo(uri: uri)
            self = .postgreSQL(uri: uri)
        } else if let scheme = value.range(of: "://"), !value[..<scheme.lowerBound].contains("/") {
            throw .invalidLocation(
                "\(value[..<scheme.lowerBound]):// is not a store here: give a SQLite file path or a postgresql:// URI")
        } else {
            guard !value.isEmpty else { throw .invalidLocation("the path is empty") }
            self = .sqlite(path: value)
        }
    }

    /// The path, or the URI as `postgresql://user@host:port/dbname` without its password and options:
    /// safe for logs and error messages.
    public var description: String {
        switch self {
        case .sqlite(let path): return path
        case .postgreSQL(let uri): return (try? PostgreSQLConnectionInfo(uri: uri).redacted) ?? "postgresql://…"
        }
    }
}

/// How long the store waits and how many connections it keeps: the same for both stores where they
/// mean the same thing.
public struct StoreOptions: Sendable {
    /// How long an operation waits for a lock another writer holds, or for a free pooled connection,
    /// in seconds, before it fails with `StoreError.busy` (SQLite's busy timeout; PostgreSQL's
    /// `lock_timeout` and the pool's wait). Default 2: long enough for a refresh's history import to
    /// commit, short enough that a visitor gets a `503` page quickly rather than a hung request.
    public var lockWaitSeconds: Double
    /// PostgreSQL only: the most connections the process opens (the pool's bound). Default 8.
    public var maxConnections: Int
    /// PostgreSQL only: the longest one statement may run, in seconds (`statement_timeout`), then
    /// `StoreError.busy`. Default 30 (an import of the whole history takes a few seconds). A server
    /// that does not answer at all is given up after this plus 2 s.
    public var statementTimeoutSeconds: Double

    /// PostgreSQL only: the longest a visitor's request (the profile, its draft and stars, a history
    /// read) waits for one answer from the server, in seconds, then `StoreError.busy` (a `503`): its
    /// statements wait at most `lockWaitSeconds` for a lock and are otherwise quick, so a longer wait
    /// is a server that stopped answering (frozen, or cut off without a reset). `lockWaitSeconds`
    /// plus 3.
    public var requestAnswerTimeoutSeconds: Double { lockWaitSeconds + 3 }
    /// PostgreSQL only: how long a new connection may take (libpq's `connect_timeout`), in seconds.
    /// Default 3.
    public var connectTimeoutSeconds: Int
    /// PostgreSQL only: after a failed connection attempt, how long the pool answers
    /// `StoreError.unavailable` at once instead of trying again, in seconds, so a database that is
    /// down costs each request microseconds, not a connect timeout. Default 1.
    public var reconnectDelaySeconds: Double

    /// Options; every argument defaults to the documented value.
    public init(
        lockWaitSeconds: Double = 2, maxConnections: Int = 8, statementTimeoutSeconds: Double = 30,
        connectTimeoutSeconds: Int = 3, reconnectDelaySeconds: Double = 1
    ) {
        self.lockWaitSeconds = lockWaitSeconds
        self.maxConnections = maxConnections
        self.statementTimeoutSeconds = statementTimeoutSeconds
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.reconnectDelaySeconds = reconnectDelaySeconds
    }
}

/// Every store of one database, opened together in one place (`Stores.open(_:options:)`) for the
/// server, the command line and the tests. Each member is a protocol; nothing above this module
/// knows which database is behind them.
public struct Stores: Sendable {
    /// Where they are.
    public let location: StoreLocation
    /// Reads of the snapshot.
    public let countries: any CountryStore
    /// Reads of the time series.
    public let histories: any HistoryStore
    /// Reads of the fetch validators.
    public let validators: any FetchValidatorStore
    /// Writes of the snapshot, the history and the validators, in one transaction.
    public let data: any DataStore
    /// Profiles, drafts and favourites.
    public let profiles: any ProfileStore
    /// The key that signs session ids.
    public let sessionKeys: any SessionKeyStore
    /// One refresher at a time across processes.
    public let refreshLock: any RefreshLock
    private let closeAll: @Sendable () -> Void

    /// The members and what closes them.
    init(
        location: StoreLocation, countries: any CountryStore, histories: any HistoryStore,
        validators: any FetchValidatorStore, data: any DataStore, profiles: any ProfileStore,
        sessionKeys: any SessionKeyStore, refreshLock: any RefreshLock, close: @escaping @Sendable () -> Void
    ) {
        self.location = location
        self.countries = countries
        self.histories = histories
        self.validators = validators
        self.data = data
        self.profiles = profiles
        self.sessionKeys = sessionKeys
        self.refreshLock = refreshLock
        self.closeAll = close
    }

    /// Opens the database at `location`, creating (SQLite) and migrating its schema when needed.
    /// - Throws: `StoreError.cannotOpen` (a SQLite file that cannot be opened), `.unavailable` (a
    ///   PostgreSQL server that cannot be reached or refuses the login, with libpq's reason),
    ///   `.schemaTooNew`, or a migration step's error.
    public static func open(_ location: StoreLocation, options: StoreOptions = StoreOptions()) throws -> Stores {
        switch location {
        case .sqlite(let path): return try SQLiteStores.open(path: path, options: options)
        case .postgreSQL(let uri): return try PostgreSQLStores.open(uri: uri, options: options)
        }
    }

    /// Closes every connection; call once no operation runs any more. Later operations throw
    /// `StoreError.closed`.
    public func close() { closeAll() }
}
