import AtlasCore
import Testing

@testable import AtlasStore

struct MigrationTests {
    @Test func aFreshFileGetsTheNewestUserVersion() throws {
        try withTemporaryDatabasePath { path in
            let database = try Database.open(path: path)
            defer { database.close() }
            #expect(Migrations.newestVersion >= 1)
            #expect(try database.userVersion() == Migrations.newestVersion)
        }
    }

    @Test func theDatabaseRunsInWALMode() throws {
        try withTemporaryDatabaseFile { database throws in
            #expect(try database.journalMode() == "wal")
        }
    }

    /// Every connection, the writer's and each reading thread's, keeps at most 256 KiB of pages: the
    /// pages the site serves come from memory, and SQLite's 2 MiB each were 6 MB of an idle process.
    @Test func eachConnectionKeepsASmallPageCache() throws {
        try withTemporaryDatabaseFile { database throws in
            #expect(try database.pageCacheSize() == -256)
        }
    }

    @Test func reopeningAMigratedFileRunsNoStepAndKeepsTheData() throws {
        try withTemporaryDatabasePath { path in
            let first = try Database.open(path: path)
            try first.transaction { try SQLiteCountryStore.replaceSnapshot(Fixtures.smallSnapshot(), in: $0) }
            first.close()

            let second = try Database.open(path: path)
            defer { second.close() }
            // Same versions, but every step now fails if it runs at all.
            let exploding = Migrations.all.map { step in
                Migration(version: step.version, name: step.name) { _ in
                    throw StoreError.misuse("step \(step.version) ran again")
                }
            }
            try Migrations.migrate(second, migrations: exploding)
            #expect(try second.userVersion() == Migrations.newestVersion)
            #expect(try SQLiteCountryStore.loadSnapshot(in: second) == Fixtures.smallSnapshot())
        }
    }

    @Test func aFileFromANewerProgramIsRefused() throws {
        try withTemporaryDatabasePath { path in
            let future = try Database(path: path)
            try future.execute("PRAGMA user_version = 99")
            future.close()

            #expect(throws: StoreError.schemaTooNew(found: 99, newestKnown: Migrations.newestVersion)) {
                try Database.open(path: path)
            }
            let again = try Database(path: path)
            defer { again.close() }
            #expect(try again.userVersion() == 99)
        }
    }

    @Test func anOlderFileIsUpgradedByTheNextStepAndKeepsItsRows_B23() throws {
        try withTemporaryDatabasePath { path in
            let old = try Database.open(path: path)
            try old.transaction { try SQLiteCountryStore.replaceSnapshot(Fixtures.smallSnapshot(), in: $0) }
            old.close()

            let database = try Database(path: path)
            defer { database.close() }
            let addColumn = Migration(
                version: Migrations.newestVersion + 1, name: "note column",
                sql: "ALTER TABLE snapshot_meta ADD COLUMN note TEXT")
            try Migrations.migrate(database, migrations: Migrations.all + [addColumn])
            #expect(try database.userVersion() == Migrations.newestVersion + 1)
            #expect(try SQLiteCountryStore.loadSnapshot(in: database) == Fixtures.smallSnapshot())
            try database.execute("UPDATE snapshot_meta SET note = 'added'")
        }
    }

    @Test func aFailingStepIsRolledBackWithItsVersion() throws {
        try withTemporaryDatabasePath { path in
            let database = try Database.open(path: path)
            defer { database.close() }
            let failing = Migration(version: Migrations.newestVersion + 1, name: "half done") { database in
                try database.execute("CREATE TABLE half_done (x INTEGER)")
                try database.execute("INSERT INTO no_such_table VALUES (1)")
            }
            #expect(throws: StoreError.self) {
                try Migrations.migrate(database, migrations: Migrations.all + [failing])
            }
            #expect(try database.userVersion() == Migrations.newestVersion)
            #expect(throws: StoreError.self) { try database.execute("SELECT * FROM half_done") }
        }
    }

    @Test func aMigrationListWithAGapIsRejectedBeforeAnythingRuns() throws {
        try withTemporaryDatabasePath { path in
            let database = try Database(path: path)
            defer { database.close() }
            let gap = [Migration.snapshotTables, Migration(version: 3, name: "skips two", sql: "SELECT 1")]
            #expect(throws: StoreError.invalidMigrations("step \"skips two\" has version 3, expected 2")) {
                try Migrations.migrate(database, migrations: gap)
            }
            #expect(try database.userVersion() == 0)
        }
    }
}

/// A file from before version 6 keeps its stars: they come back with no name, not an error.
struct FavoriteNamesMigrationTests {
    @Test func aStarFromBeforeNamesWereKeptHasNone() throws {
        try withTemporaryDatabasePath { path in
            let old = try Database(path: path)
            try Migrations.migrate(old, migrations: Array(Migrations.all.prefix(5)))
            let hash = String(repeating: "01", count: 32)
            try old.execute(
                "INSERT INTO profiles (session_hash, username, notifications, season, goal_date, created_at) "
                    + "VALUES (x'\(hash)', 'alice', 0, 'spring', '2021-01-01', 1)")
            try old.execute("INSERT INTO favorites (session_hash, country_id, starred_at) VALUES (x'\(hash)', 'kr', 1)")
            old.close()
            let stores = try Stores.open(.sqlite(path: path))
            defer { stores.close() }
            #expect(
                try stores.profiles.favorites([UInt8](repeating: 1, count: 32)) == [
                    Favorite(countryID: "kr", name: nil)
                ])
        }
    }
}
