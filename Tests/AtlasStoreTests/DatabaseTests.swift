import Foundation
import Testing

@testable import AtlasStore

struct DatabaseTests {
    @Test(arguments: ["", "Zoë Ångström 🚀", String(repeating: "👩🏽‍💻", count: 20), "nul\u{0}inside", "<img src=x>"])
    func textIsStoredByteForByte_B20(text: String) throws {
        try withTemporaryDatabaseFile { database in
            try database.execute("CREATE TABLE t (value TEXT)")
            let stored = try database.transaction { database in
                let insert = try database.prepare("INSERT INTO t (value) VALUES (?)")
                try insert.bind(text, at: 1)
                try insert.run()
                let select = try database.prepare("SELECT value, value IS NULL FROM t")
                defer { select.reset() }
                #expect(try select.step())
                #expect(select.int64(at: 1) == 0)
                return select.string(at: 0)
            }
            #expect(stored.map { Array($0.utf8) } == Array(text.utf8))
        }
    }

    @Test func nullAndNumbersRoundTripThroughTypedBinds() throws {
        try withTemporaryDatabaseFile { database in
            try database.execute("CREATE TABLE t (i INTEGER, d REAL, s TEXT, b BLOB)")
            try database.transaction { database in
                let insert = try database.prepare("INSERT INTO t VALUES (?, ?, ?, ?)")
                try insert.bind(Int64.min, at: 1)
                try insert.bind(1529.05, at: 2)
                try insert.bind(String?.none, at: 3)
                try insert.bind([0, 255] as [UInt8], at: 4)
                try insert.run()
                let select = try database.prepare("SELECT i, d, s, b FROM t")
                defer { select.reset() }
                #expect(try select.step())
                #expect(select.int64(at: 0) == Int64.min)
                #expect(select.double(at: 1) == 1529.05)
                #expect(select.string(at: 2) == nil)
                #expect(select.blob(at: 3) == [0, 255])
                #expect(try select.step() == false)
            }
        }
    }

    @Test func badSQLIsAStoreErrorWithSQLitesMessageAndTheFirstWords() throws {
        try withTemporaryDatabaseFile { database in
            do {
                try database.withConnection { database in _ = try database.prepare("SELEC name FROM countries") }
                Issue.record("bad SQL prepared")
            } catch let error as StoreError {
                #expect(error.description.contains("syntax error"))
                #expect(error.description.contains("SELEC name FROM countries"))
            }
        }
    }

    @Test func aStatementCannotBePreparedOutsideTheConnectionLock() throws {
        try withTemporaryDatabaseFile { database in
            #expect(throws: StoreError.self) { try database.prepare("SELECT 1") }
        }
    }

    @Test func aThrowingTransactionLeavesNoTrace() throws {
        struct Abort: Error {}
        try withTemporaryDatabaseFile { database in
            try database.execute("CREATE TABLE t (x INTEGER)")
            #expect(throws: Abort.self) {
                try database.transaction { database in
                    try database.execute("INSERT INTO t VALUES (1)")
                    throw Abort()
                }
            }
            #expect(try count(in: database) == 0)
        }
    }

    @Test func aFailedNestedTransactionUndoesOnlyItsOwnPart() throws {
        struct Abort: Error {}
        try withTemporaryDatabaseFile { database in
            try database.execute("CREATE TABLE t (x INTEGER)")
            try database.transaction { database in
                try database.execute("INSERT INTO t VALUES (1)")
                try? database.transaction { database in
                    try database.execute("INSERT INTO t VALUES (2)")
                    throw Abort()
                }
                try database.execute("INSERT INTO t VALUES (3)")
            }
            #expect(try count(in: database) == 2)
        }
    }

    @Test func aClosedDatabaseThrowsClosed() throws {
        try withTemporaryDatabasePath { path in
            let database = try Database.open(path: path)
            database.close()
            database.close()
            #expect(throws: StoreError.closed) { try database.execute("SELECT 1") }
            #expect(throws: StoreError.closed) { try SQLiteCountryStore.snapshotVersion(in: database) }
        }
    }

    @Test func aFileThatIsNotADatabaseCannotBeOpened() throws {
        try withTemporaryDatabasePath { path in
            let text = Data("this is not an SQLite file, just text that is long enough".utf8)
            #expect(FileManager.default.createFile(atPath: path, contents: text))
            #expect(throws: StoreError.self) { try Database.open(path: path) }
        }
    }

    @Test func aMissingDirectoryCannotBeOpened() {
        #expect(throws: StoreError.self) { try Database(path: "/nonexistent-dir/atlas.sqlite") }
    }

    private func count(in database: Database) throws -> Int64? {
        try database.withConnection { database in
            let select = try database.prepare("SELECT count(*) FROM t")
            defer { select.reset() }
            _ = try select.step()
            return select.int64(at: 0)
        }
    }
}

/// SQLite's side of "a store that stays busy is a quick 503": a write lock another process holds past
/// the store's wait is `StoreError.busy`, not a hang or an opaque SQLite error.
struct SQLiteBusyTests {
    @Test func aWriteLockHeldByAnotherConnectionPastTheWaitIsBusy() throws {
        try withTemporaryDatabasePath { path in
            let stores = try Stores.open(.sqlite(path: path), options: StoreOptions(lockWaitSeconds: 0.2))
            defer { stores.close() }
            let other = try Database(path: path)
            defer { other.close() }
            try other.execute("BEGIN EXCLUSIVE")
            let visitor = VisitorContext(sessionHash: [UInt8](repeating: 1, count: 32), now: 1_777_636_800_000)
            #expect {
                try stores.profiles.toggleFavorite(visitor, countryID: "kr", name: "S. Korea")
            } throws: { error in
                guard case .busy(let reason) = error as? StoreError else { return false }
                return reason.contains("locked")
            }
            try other.execute("ROLLBACK")
            #expect(try stores.profiles.toggleFavorite(visitor, countryID: "kr", name: "S. Korea"))
        }
    }

    /// Pruning is upkeep: it must not hold the process's one writer connection through the wait for
    /// another process's lock, which a visitor's write would wait for on top of its own.
    @Test func pruningDoesNotWaitForAnotherProcesssLockAndLeavesTheWaitForVisitors() throws {
        try withTemporaryDatabasePath { path in
            // A wait of a minute: pruning that waited would take it.
            let stores = try Stores.open(.sqlite(path: path), options: StoreOptions(lockWaitSeconds: 60))
            defer { stores.close() }
            let other = try Database(path: path)
            defer { other.close() }
            try other.execute("BEGIN IMMEDIATE")
            let started = Date()
            #expect {
                try stores.profiles.pruneProfiles(seenBefore: 0, defaultsOnlySeenBefore: 0)
            } throws: { error in
                guard case .busy = error as? StoreError else { return false }
                return true
            }
            #expect(Date().timeIntervalSince(started) < 30, "pruning waited for the lock")
            // A visitor's write still waits: it succeeds once the other process lets go.
            let release = Thread {
                Thread.sleep(forTimeInterval: 0.3)
                try? other.execute("ROLLBACK")
            }
            release.start()
            let visitor = VisitorContext(sessionHash: [UInt8](repeating: 2, count: 32), now: 1_777_636_800_000)
            #expect(try stores.profiles.toggleFavorite(visitor, countryID: "kr", name: "S. Korea"))
        }
    }
}
