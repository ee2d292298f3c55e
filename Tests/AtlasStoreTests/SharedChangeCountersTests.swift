import AtlasCore
import Foundation
import Glibc
import Testing

@testable import AtlasStore

/// The counters file that processes on one SQLite file share (`SharedChangeCounters`): where it is,
/// how it is made, and that every way of naming the file reaches the same counters.
struct SharedChangeCountersTests {
    /// A symbolic link to the database and the file's own path are one database: SQLite puts one `-wal`
    /// and `-shm` beside the target, and the counters must be shared the same way, or a process opened
    /// through the link would show rows the other overwrote.
    @Test func aLinkToTheDatabaseSharesTheFilesCounters() throws {
        try withTemporaryDatabasePath { path in
            let link = path + "-link.sqlite"
            #expect(symlink(path, link) == 0)
            defer { unlink(link) }
            let direct = try Stores.open(.sqlite(path: path))
            let linked = try Stores.open(.sqlite(path: link))
            defer {
                direct.close()
                linked.close()
            }
            let alice = [UInt8](repeating: 1, count: 32)
            let visitor = VisitorContext(sessionHash: alice, now: 1_777_636_800_000)
            #expect(try linked.profiles.favorites(alice).isEmpty)
            try direct.profiles.setFavorite(visitor, countryID: "kr", name: "S. Korea", starred: true)
            #expect(try linked.profiles.favorites(alice).map(\.countryID) == ["kr"])
            try linked.profiles.setFavorite(visitor, countryID: "kr", name: "S. Korea", starred: false)
            #expect(try direct.profiles.favorites(alice).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: link + ".visitor-changes"))
            #expect(FileManager.default.fileExists(atPath: path + ".visitor-changes"))
        }
    }

    /// Made with the database's mode, and with its blocks allocated: a store to a sparse page the disk
    /// cannot supply kills the process (`SIGBUS`) instead of failing.
    @Test func theFileTakesTheDatabasesModeAndIsNotSparse() throws {
        try withTemporaryDatabasePath { path in
            let database = try Database.open(path: path)
            defer { database.close() }
            #expect(chmod(path, 0o640) == 0)
            let file = try #require(database.filePath)
            _ = try SharedChangeCounters(besideDatabaseFile: file)
            var status = stat()
            #expect(stat(file + ".visitor-changes", &status) == 0)
            #expect(status.st_mode & 0o777 == 0o640)
            let size = (SharedChangeCounters.bucketCount + 1) * 8
            #expect(Int(status.st_size) == size)
            #expect(Int(status.st_blocks) * 512 >= size)
        }
    }

    /// A folder the process may not write to is a one-line refusal naming the file, not a crash and not
    /// a process that writes without counting.
    @Test func aFileThatCannotBeMadeIsAClearError() throws {
        #expect(throws: StoreError.self) { try SharedChangeCounters(besideDatabaseFile: "/proc/atlas-none.sqlite") }
        do {
            _ = try SharedChangeCounters(besideDatabaseFile: "/proc/atlas-none.sqlite")
        } catch {
            #expect("\(error)".hasPrefix("cannot open /proc/atlas-none.sqlite.visitor-changes, which every process"))
        }
    }
}
