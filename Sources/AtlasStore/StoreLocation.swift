import Glibc

/// Where the data lives: the `--database` value, a SQLite file path or a libpq connection URI.
public enum StoreLocation: Sendable, Equatable, CustomStringConvertible {
    /// A SQLite file (created when missing).
    case sqlite(path: String)
    /// A PostgreSQL database as a libpq URI
    /// (https://www.postgresql.org/docs/15/libpq-connect.html#LIBPQ-CONNSTRING-URIS). Its password is
    /// never shown; without one libpq reads `PGPASSWORD` or `~/.pgpass`.
    case postgreSQL(uri: String)

    /// Reads a `--database` value: `postgres://…` and `postgresql://…` are PostgreSQL, anything else a
    /// SQLite path.
    /// - Throws: `StoreError.invalidLocation` for an empty value or a URI libpq cannot parse.
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
            // SQLite would open a device (`/dev/null`) and leave its journal beside it.
            var status = stat()
            if stat(value, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
                throw .invalidLocation("\(value) is not a regular file: give a SQLite file path")
            }
            self = .sqlite(path: value)
        }
    }

    /// The path, or the URI as `postgresql://user@host:port/dbname` without password and options.
    public var description: String {
        switch self {
        case .sqlite(let path): return path
        case .postgreSQL(let uri): return (try? PostgreSQLConnectionInfo(uri: uri).redacted) ?? "postgresql://…"
        }
    }
}

/// How long the store waits and how many connections it keeps.
public struct StoreOptions: Sendable {
    /// How long an operation waits for another writer's lock or a free pooled connection, in seconds,
    /// before `StoreError.busy` (SQLite's busy timeout; PostgreSQL's `lock_timeout` and the pool's wait).
    /// Default 2: a history import commits in time, and a visitor gets a `503` rather than a hung request.
    public var lockWaitSeconds: Double
    /// PostgreSQL only: the most connections the process opens (the pool's bound). Default 8.
    public var maxConnections: Int
    /// PostgreSQL only: the longest one statement may run, in seconds (`statement_timeout`), then
    /// `StoreError.busy`. Default 30. A server that does not answer is given up after this plus 2 s.
    public var statementTimeoutSeconds: Double

    /// PostgreSQL only: the longest a visitor's request waits for one answer, in seconds, then
    /// `StoreError.busy` (a `503`): `lockWaitSeconds` plus 3, since its statements are otherwise quick.
    public var requestAnswerTimeoutSeconds: Double { lockWaitSeconds + 3 }
    /// PostgreSQL only: how long a new connection may take (libpq's `connect_timeout`), in seconds.
    /// Default 3.
    public var connectTimeoutSeconds: Int
    /// PostgreSQL only: the password to log in with, overriding one in the URI, `PGPASSWORD` or
    /// `~/.pgpass` (`--database-password-file`). Never printed; `nil`, the default: libpq's own rules.
    public var password: String?
    /// PostgreSQL only: after a failed connection attempt, how long the pool answers
    /// `StoreError.unavailable` at once rather than retry, in seconds. Default 1.
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

/// Every store of one database, opened together by `Stores.open(_:options:)`; above this module
/// nobody knows which database is behind them.
public struct Stores: Sendable {
    /// Where they are.
    public let location: StoreLocation
    /// Reads of the snapshot.
    public let countries: any CountryStore
    /// Reads of the time series.
    public let histories: any HistoryStore
    /// Reads of Our World in Data's vaccinations.
    public let vaccinations: any VaccinationStore
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

    init(
        location: StoreLocation, countries: any CountryStore, histories: any HistoryStore,
        vaccinations: any VaccinationStore, validators: any FetchValidatorStore, data: any DataStore,
        profiles: any ProfileStore, sessionKeys: any SessionKeyStore, refreshLock: any RefreshLock,
        close: @escaping @Sendable () -> Void
    ) {
        self.vaccinations = vaccinations
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
    /// - Throws: `StoreError.cannotOpen` (SQLite), `.unavailable` (PostgreSQL unreachable or login
    ///   refused), `.schemaTooNew`, or a migration's error.
    public static func open(_ location: StoreLocation, options: StoreOptions = StoreOptions()) throws -> Stores {
        switch location {
        case .sqlite(let path): return try SQLiteStores.open(path: path, options: options)
        case .postgreSQL(let uri): return try PostgreSQLStores.open(uri: uri, options: options)
        }
    }

    /// Whether reads are answered inside this process: SQLite's are a B-tree lookup on the thread's own
    /// connection, microseconds, that no writer blocks in WAL mode, so a visitor's rows may be read on
    /// an event loop; PostgreSQL's are network round trips, which run on a worker (docs/architecture.md,
    /// "Where a request runs"). Writes run on a worker with either.
    public var readsInProcess: Bool {
        if case .sqlite = location { return true }
        return false
    }

    /// Closes every connection once no operation runs; later operations throw `StoreError.closed`.
    public func close() { closeAll() }
}
