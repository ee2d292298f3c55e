import AtlasCore
import AtlasStore
import Foundation
import HTTPCore
import Routing
import Synchronization
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

/// A fresh app on a new temporary SQLite file per test, built exactly as the executable builds it.
final class AppFixture: @unchecked Sendable {
    let directory: String
    var databasePath: String { directory + "/atlas.sqlite" }
    let configuration: AtlasConfiguration
    let app: AtlasApp
    let client: TestClient

    /// - Parameters:
    ///   - now: the clock the app sees (ms since the epoch); defaults to the real time.
    ///   - viewsDirectory: another Views folder, for start-up failure tests.
    ///   - flagsDirectory: another flags folder (default Debian's `iso-flags-svg`, which bootstrap installs).
    ///   - trustForwardedProto: as `serve --trust-forwarded-proto`.
    ///   - prepare: runs on the empty database path before the app starts (e.g. to import other data).
    ///   - reloadCheckInterval: seconds between the watcher thread's checks for data another process
    ///     stored; 0 (the default here) starts no watcher: a test calls `app.checkSharedState()`.
    ///   - clock: a clock the test moves; overrides `now`.
    ///   - configure: changes the configuration last (limits, the trusted forwarded fields).
    ///   - startsEmpty: start from an empty database file instead of a copy of one that holds the
    ///     shipped data (for tests of what an empty or old file does).
    init(
        now: Int64? = nil, viewsDirectory: String? = nil, flagsDirectory: String? = nil,
        trustForwardedProto: Bool = false,
        reloadCheckInterval: Double = 0, clock: ManualClock? = nil, startsEmpty: Bool = false,
        prepare: ((String) throws -> Void)? = nil, configure: ((inout AtlasConfiguration) -> Void)? = nil
    ) throws {
        directory = NSTemporaryDirectory() + "atlas-web-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let databasePath = directory + "/atlas.sqlite"
        if !startsEmpty {
            // The shipped data, imported once per test run: importing the history is the slow part of a
            // first start, and every test would pay it.
            try FileManager.default.copyItem(atPath: try AppFixture.shippedDatabase.get(), toPath: databasePath)
        }
        try prepare?(databasePath)
        var configuration = AtlasConfiguration(
            database: .sqlite(path: databasePath), viewsDirectory: viewsDirectory ?? packageRoot + "/Views",
            publicDirectory: packageRoot + "/Public", dataDirectory: packageRoot + "/data")
        if let flagsDirectory { configuration.flagsDirectory = flagsDirectory }
        if let now { configuration.now = { now } }
        configuration.trustForwardedProto = trustForwardedProto
        if let clock { configuration.now = { clock.now } }
        configuration.reloadCheckInterval = reloadCheckInterval
        configure?(&configuration)
        self.configuration = configuration
        app = try AtlasApp.build(configuration)
        client = TestClient(app.responder)
    }

    deinit {
        app.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A database file holding what a first start imports (the shipped snapshot and history), made
    /// once by a first start of the app itself; fixtures start from copies of it.
    static let shippedDatabase = Result<String, any Error> {
        let directory = NSTemporaryDirectory() + "atlas-shipped-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/shipped.sqlite"
        let app = try AtlasApp.build(
            AtlasConfiguration(
                database: .sqlite(path: path), viewsDirectory: packageRoot + "/Views",
                publicDirectory: packageRoot + "/Public",
                dataDirectory: packageRoot + "/data"))
        app.close()
        return path
    }
}

/// A clock a test sets and moves, in ms since the epoch.
final class ManualClock: Sendable {
    private let value: Mutex<Int64>
    init(_ start: Int64) { value = Mutex(start) }
    var now: Int64 { value.withLock { $0 } }
    func advance(by milliseconds: Int64) { value.withLock { $0 += milliseconds } }
}

/// Stores `countries` (and summed totals) as the snapshot in the database at `path`.
func storeSnapshot(_ countries: [Country], at path: String) throws {
    try storeSnapshot(Snapshot(countries: countries, totals: WorldTotals(summing: countries), source: "test"), at: path)
}

/// Stores `snapshot` in the database at `path` (migrating it first), as an import would.
func storeSnapshot(_ snapshot: Snapshot, at path: String) throws {
    let stores = try Stores.open(.sqlite(path: path))
    defer { stores.close() }
    try stores.data.update { try $0.replaceSnapshot(snapshot) }
}

/// The session cookie value of `hexID` (32 hex digits) for every fixture that starts from the shipped
/// database (they share its session key), as the server would have set it.
func signedShippedCookie(_ hexID: String) -> String {
    (try? signedSessionCookie(Crypto.bytes(hex: Array(hexID.utf8))!, databaseAt: AppFixture.shippedDatabase.get()))
        ?? "unsigned-\(hexID)"
}

/// The session cookie the app would set for `id` (16 bytes), signed with the key stored in the database
/// at `path`: what a browser the server minted that id for sends back.
func signedSessionCookie(_ id: [UInt8], databaseAt path: String) throws -> String {
    let stores = try Stores.open(.sqlite(path: path))
    defer { stores.close() }
    let signer = SessionSigner(
        key: try stores.sessionKeys.sessionKey(storingIfMissing: [UInt8](repeating: 0, count: 32)))
    return Crypto.hex(id) + "." + Crypto.hex(signer.signature(of: id))
}

extension Response {
    /// How many times `needle` occurs in the body text.
    func count(of needle: String) -> Int { text.components(separatedBy: needle).count - 1 }
}
