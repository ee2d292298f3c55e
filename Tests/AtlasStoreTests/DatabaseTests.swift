import AtlasStore
import Foundation
import Testing

struct DatabaseTests {
    @Test(arguments: ["", "Zoë Ångström 🚀", String(repeating: "👩🏽‍💻", count: 20), "nul\u{0}inside", "<img src=x>"])
    func textIsStoredByteForByte_B20(text: String) throws {
        try withTemporaryStore { database, _ in
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
        try withTemporaryStore { database, _ in
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
        try withTemporaryStore { database, _ in
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
        try withTemporaryStore { database, _ in
            #expect(throws: StoreError.self) { try database.prepare("SELECT 1") }
        }
    }

    @Test func aThrowingTransactionLeavesNoTrace() throws {
        struct Abort: Error {}
        try withTemporaryStore { database, _ in
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
        try withTemporaryStore { database, _ in
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
            #expect(throws: StoreError.closed) { try SQLiteCountryStore(database: database).snapshotVersion() }
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
