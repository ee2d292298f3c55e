import AtlasCore
import AtlasStore
import Foundation
import HTTPCore
import Routing
import Synchronization
import TestPostgres
import Testing

@testable import AtlasWeb

/// The repository root, found from this file's path, so tests use the real Views/, Public/ and data/.
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: url.path + "/Package.swift") { return url.path }
    }
    return FileManager.default.currentDirectoryPath
}()

/// When the shipped snapshot was updated, in ms since the epoch: its `/all` fetch, 2021-11-14 05:11:02 UTC.
let shippedSnapshotUpdated: Int64 = 1_636_866_662_668

/// The stores a web test runs on: SQLite always, PostgreSQL when `script/test` started a server for
/// the tests (`TestPostgres`) or when the run requires it (`TestService`: then its cases fail, naming
/// what is missing). A test whose requests reach the store takes one as its argument
/// (`@Test(arguments: StoreKind.available)`) and builds its `AppFixture` on it.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgreSQL

    /// The kinds this run can test.
    static var available: [StoreKind] { TestService.shouldRun(.postgreSQL) ? [.sqlite, .postgreSQL] : [.sqlite] }

    var testDescription: String { rawValue }
}

/// `AppFixture.shippedPostgreSQL`'s URI once made, for the process's exit to drop it.
private let shippedPostgreSQLToDrop = Mutex<String?>(nil)

/// A fresh app per test on a database of its own, built exactly as the executable builds it: a new
/// temporary SQLite file, or a new PostgreSQL database on the tests' server (dropped afterwards).
final class AppFixture: @unchecked Sendable {
    let directory: String
    /// The SQLite file (on SQLite only).
    var databasePath: String { directory + "/atlas.sqlite" }
    /// Where the database is: the SQLite file, or the PostgreSQL database's URI.
    let location: StoreLocation
    let configuration: AtlasConfiguration
    let app: AtlasApp
    let client: TestClient

    /// - Parameters:
    ///   - store: the kind of database (default SQLite).
    ///   - now: the clock the app sees (ms since the epoch); defaults to the real time.
    ///   - viewsDirectory: another Views folder, for start-up failure tests.
    ///   - flagsDirectory: another flags folder (default Debian's `iso-flags-svg`, which bootstrap installs).
    ///   - trustForwardedProto: as `serve --trust-forwarded-proto`.
    ///   - prepare: runs on the database before the app starts (e.g. to import other data).
    ///   - reloadCheckInterval: seconds between the watcher thread's checks for data another process
    ///     stored; 0 (the default here) starts no watcher: a test calls `app.checkSharedState()`.
    ///   - clock: a clock the test moves; overrides `now`.
    ///   - configure: changes the configuration last (limits, the trusted forwarded fields).
    ///   - startsEmpty: start from an empty database instead of a copy of one that holds the shipped
    ///     data (for tests of what an empty or old database does).
    init(
        store: StoreKind = .sqlite, now: Int64? = nil, viewsDirectory: String? = nil, flagsDirectory: String? = nil,
        trustForwardedProto: Bool = false,
        reloadCheckInterval: Double = 0, clock: ManualClock? = nil, startsEmpty: Bool = false,
        prepare: ((StoreLocation) throws -> Void)? = nil, configure: ((inout AtlasConfiguration) -> Void)? = nil
    ) throws {
        directory = NSTemporaryDirectory() + "atlas-web-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let location = try AppFixture.freshDatabase(store, in: directory, startsEmpty: startsEmpty)
        self.location = location
        do {
            try prepare?(location)
            var configuration = AppFixture.configuration(location, viewsDirectory: viewsDirectory)
            if let flagsDirectory { configuration.flagsDirectory = flagsDirectory }
            if let now { configuration.now = { now } }
            configuration.trustForwardedProto = trustForwardedProto
            if let clock { configuration.now = { clock.now } }
            configuration.reloadCheckInterval = reloadCheckInterval
            configure?(&configuration)
            self.configuration = configuration
            app = try AtlasApp.build(configuration)
        } catch {
            AppFixture.remove(location, directory: directory)
            throw error
        }
        client = TestClient(app.responder)
    }

    deinit {
        app.close()
        AppFixture.remove(location, directory: directory)
    }

    /// A new database of `store` for one fixture: a copy of the shipped data's, or an empty one.
    private static func freshDatabase(_ store: StoreKind, in directory: String, startsEmpty: Bool) throws
        -> StoreLocation
    {
        switch store {
        case .sqlite:
            let path = directory + "/atlas.sqlite"
            // The shipped data, imported once per test run: importing the history is the slow part of a
            // first start, and every test would pay it.
            if !startsEmpty { try FileManager.default.copyItem(atPath: try shippedDatabase.get(), toPath: path) }
            return .sqlite(path: path)
        case .postgreSQL:
            let uri =
                startsEmpty
                ? try TestPostgres.createDatabase() : try TestPostgres.createDatabase(copying: shippedPostgreSQL.get())
            return .postgreSQL(uri: uri)
        }
    }

    /// Deletes the temporary folder, and the PostgreSQL database if there is one.
    private static func remove(_ location: StoreLocation, directory: String) {
        try? FileManager.default.removeItem(atPath: directory)
        if case .postgreSQL(let uri) = location { TestPostgres.dropDatabase(uri) }
    }

    /// The configuration of an app on `location` with the repository's folders.
    private static func configuration(_ location: StoreLocation, viewsDirectory: String? = nil) -> AtlasConfiguration {
        AtlasConfiguration(
            database: location, viewsDirectory: viewsDirectory ?? packageRoot + "/Views",
            catalogsDirectory: packageRoot + "/Catalogs", publicDirectory: packageRoot + "/Public",
            dataDirectory: packageRoot + "/data")
    }

    /// A database file holding what a first start imports (the shipped snapshot and history), made
    /// once by a first start of the app itself; SQLite fixtures start from copies of it.
    static let shippedDatabase = Result<String, any Error> {
        let directory = NSTemporaryDirectory() + "atlas-shipped-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/shipped.sqlite"
        try AtlasApp.build(configuration(.sqlite(path: path))).close()
        return path
    }

    /// The same on PostgreSQL: a database made once by a first start, which PostgreSQL fixtures copy
    /// (`TestPostgres.createDatabase(copying:)`), and dropped when the test process exits. It holds
    /// `shippedDatabase`'s session key, stored before that start, so a cookie signed for one store
    /// (`signedShippedCookie`) is valid on both.
    static let shippedPostgreSQL = Result<String, any Error> {
        let uri = try TestPostgres.createDatabase()
        do {
            let stores = try Stores.open(.postgreSQL(uri: uri))
            do {
                defer { stores.close() }
                _ = try stores.sessionKeys.sessionKey(storingIfMissing: try shippedSessionKey())
            }
            try AtlasApp.build(configuration(.postgreSQL(uri: uri))).close()
        } catch {
            TestPostgres.dropDatabase(uri)
            throw error
        }
        shippedPostgreSQLToDrop.withLock { $0 = uri }
        atexit {
            if let uri = shippedPostgreSQLToDrop.withLock({ $0 }) { TestPostgres.dropDatabase(uri) }
        }
        return uri
    }

    /// The key `shippedDatabase` signs session ids with.
    static func shippedSessionKey() throws -> [UInt8] {
        let stores = try Stores.open(.sqlite(path: try shippedDatabase.get()))
        defer { stores.close() }
        return try stores.sessionKeys.sessionKey(storingIfMissing: [UInt8](repeating: 0, count: 32))
    }

    /// The rows of a query on this fixture's database, on a connection of its own, each value as text
    /// (`"NULL"` for `NULL`): `sqlite` on SQLite, `postgreSQL` on PostgreSQL, for tests that check what
    /// was stored whichever store holds it.
    func rows(sqlite: String, postgreSQL: String) throws -> [[String]] {
        switch location {
        case .sqlite(let path):
            let database = try Database(path: path)
            defer { database.close() }
            return try database.withConnection { database in
                let select = try database.prepare(sqlite)
                defer { select.reset() }
                var rows: [[String]] = []
                while try select.step() {
                    rows.append((0..<select.columnCount).map { select.string(at: $0) ?? "NULL" })
                }
                return rows
            }
        case .postgreSQL(let uri):
            return try TestPostgres.query(postgreSQL, on: uri).map { $0.map { $0 ?? "NULL" } }
        }
    }
}

/// A clock a test sets and moves, in ms since the epoch.
final class ManualClock: Sendable {
    private let value: Mutex<Int64>
    init(_ start: Int64) { value = Mutex(start) }
    var now: Int64 { value.withLock { $0 } }
    func advance(by milliseconds: Int64) { value.withLock { $0 += milliseconds } }
}

/// Stores `countries` (and summed totals) as the snapshot in the database at `location`.
func storeSnapshot(_ countries: [Country], at location: StoreLocation) throws {
    try storeSnapshot(
        Snapshot(countries: countries, totals: WorldTotals(summing: countries), source: "test"), at: location)
}

/// Stores `snapshot` in the database at `location` (migrating it first), as an import would.
func storeSnapshot(_ snapshot: Snapshot, at location: StoreLocation) throws {
    let stores = try Stores.open(location)
    defer { stores.close() }
    try stores.data.update { try $0.replaceSnapshot(snapshot) }
}

/// The session cookie value of `hexID` (32 hex digits) for every fixture that starts from the shipped
/// data, on either store (they share its session key), as the server would have set it: what a browser
/// the server minted that id for sends back.
func signedShippedCookie(_ hexID: String) -> String {
    guard let id = Crypto.bytes(hex: Array(hexID.utf8)), let key = try? AppFixture.shippedSessionKey() else {
        return "unsigned-\(hexID)"
    }
    return Crypto.hex(id) + "." + Crypto.hex(SessionSigner(key: key).signature(of: id))
}

extension StoreLocation {
    /// The SQLite file's path; `nil` for PostgreSQL.
    var sqlitePath: String? {
        if case .sqlite(let path) = self { path } else { nil }
    }
}

extension Response {
    /// How many times `needle` occurs in the body text.
    func count(of needle: String) -> Int { text.components(separatedBy: needle).count - 1 }
}
