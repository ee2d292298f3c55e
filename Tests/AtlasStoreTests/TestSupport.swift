import AtlasCore
import AtlasSource
import Foundation
import TestPostgres
import Testing

@testable import AtlasStore

/// The stores the contract suite runs on: SQLite always, PostgreSQL when `script/test` started a
/// server for the tests (`TestPostgres`) or when the run requires it (`TestService`: then its cases
/// fail, naming what is missing).
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgreSQL

    /// The kinds this run can test.
    static var available: [StoreKind] { TestService.shouldRun(.postgreSQL) ? [.sqlite, .postgreSQL] : [.sqlite] }

    var testDescription: String { rawValue }
}

/// A fresh, empty database of `kind` (a temporary SQLite file, or a PostgreSQL database of its own),
/// deleted after `body` whatever happens.
@discardableResult
func withFreshDatabase<T>(_ kind: StoreKind, _ body: (StoreLocation) throws -> T) throws -> T {
    switch kind {
    case .sqlite:
        return try withTemporaryDatabasePath { path in try body(.sqlite(path: path)) }
    case .postgreSQL:
        let uri = try TestPostgres.createDatabase()
        defer { TestPostgres.dropDatabase(uri) }
        return try body(.postgreSQL(uri: uri))
    }
}

/// Applies the schema steps of the store at `location` up to and including `version`, with the SQL
/// they shipped with (`ShippedSchemaSteps`): the database a program of that version left.
/// - Throws: `StoreError` from the store or a step.
func migrate(_ location: StoreLocation, upTo version: Int32) throws {
    switch location {
    case .sqlite(let path):
        let database = try Database(path: path)
        defer { database.close() }
        try Migrations.migrate(database, migrations: ShippedSchemaSteps.sqlite, upTo: version)
    case .postgreSQL(let uri):
        let pool = PostgreSQLPool(uri: uri, options: StoreOptions())
        defer { pool.close() }
        try PostgreSQLMigrations.migrate(pool, steps: ShippedSchemaSteps.postgreSQL, upTo: version)
    }
}

/// `Stores` on a fresh database of `kind`, closed after `body`.
@discardableResult
func withFreshStores<T>(_ kind: StoreKind, options: StoreOptions = StoreOptions(), _ body: (Stores) throws -> T)
    throws -> T
{
    try withFreshDatabase(kind) { location in
        let stores = try Stores.open(location, options: options)
        defer { stores.close() }
        return try body(stores)
    }
}

extension Stores {
    /// Replaces the snapshot in one data transaction.
    func replaceSnapshot(_ snapshot: Snapshot) throws {
        try data.update { try $0.replaceSnapshot(snapshot) }
    }

    /// Replaces the history in one data transaction.
    func replaceHistory(_ series: [String: History], storedAt: Int64 = 1_700_000_000_000) throws {
        try data.update { try $0.replaceHistory(series, storedAt: storedAt) }
    }
}

/// A fresh database file path in the temporary directory; the file and its `-wal`/`-shm` are
/// deleted after `body`, whatever happens.
@discardableResult
func withTemporaryDatabasePath<T>(_ body: (String) throws -> T) throws -> T {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("atlas-store-test-\(UUID().uuidString).sqlite").path
    defer {
        for suffix in ["", "-wal", "-shm", "-journal", ".refresh-lock", ".visitor-changes"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
    return try body(path)
}

/// A migrated SQLite connection on a fresh temporary file, for the SQLite layer's own tests.
@discardableResult
func withTemporaryDatabaseFile<T>(_ body: (Database) throws -> T) throws -> T {
    try withTemporaryDatabasePath { path in
        let database = try Database.open(path: path)
        defer { database.close() }
        return try body(database)
    }
}

enum Fixtures {
    /// `data/disease-sh` in the package root, found by walking up from this source file.
    static let snapshotDirectory: String = {
        var folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("data/disease-sh")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("countries.json").path) {
                return candidate.path
            }
            folder = folder.deletingLastPathComponent()
        }
        return "data/disease-sh"
    }()

    /// The shipped snapshot, with a fixed `importedAt` so a round trip can compare it whole.
    static func shippedSnapshot() throws -> Snapshot {
        var snapshot = try SnapshotDecoder.loadSnapshot(directory: snapshotDirectory)
        snapshot.importedAt = 1_700_000_000_123
        return snapshot
    }

    /// A small snapshot with nils, an empty continent and non-ASCII names.
    static func smallSnapshot(source: String = "test:small") -> Snapshot {
        Snapshot(
            countries: [
                Country(
                    updated: 1, country: "Côte d'Ivoire",
                    countryInfo: CountryInfo(_id: 384, iso2: "CI", iso3: "CIV", lat: 8, long: -5, flag: "ci.png"),
                    continent: "Africa",
                    figures: [
                        .cases: 61_000, .casesPerOneMillion: 0.7, .deathsPerOneMillion: 1529.05, .tests: 1_000_000,
                        .population: 26_000_000,
                    ]),
                Country(country: "Curaçao 👩🏽‍💻", countryInfo: CountryInfo(iso2: "CW", iso3: "CUW"), continent: ""),
                Country(
                    country: "Diamond Princess", countryInfo: CountryInfo(lat: 0, long: 0), continent: "",
                    figures: [.cases: 712, .population: 0]),
            ],
            totals: WorldTotals(
                updated: 2, figures: [.cases: 62_000, .deathsPerOneMillion: 655.7, .affectedCountries: 3]),
            source: source, importedAt: 1_700_000_999_000)
    }
}

extension ProfileStore {
    /// Save draft of fields that need no check against the committed profile.
    func saveDraft(_ visitor: VisitorContext, _ fields: Profile, expectedVersion: Int64) throws -> DraftOutcome {
        try #require(saveDraft(visitor, expectedVersion: expectedVersion, checking: { _ in fields }).outcome)
    }

    /// Done of fields that need no check against the committed profile.
    func commitDraft(_ visitor: VisitorContext, _ fields: Profile, expectedVersion: Int64) throws -> DraftOutcome {
        try #require(commitDraft(visitor, expectedVersion: expectedVersion, checking: { _ in fields }).outcome)
    }
}
