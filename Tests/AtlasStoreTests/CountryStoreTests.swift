import AtlasCore
import AtlasStore
import Dispatch
import Testing

struct CountryStoreTests {
    @Test func aNewDatabaseHasNoSnapshotAndVersionZero() throws {
        try withTemporaryStore { _, store throws in
            #expect(try store.loadSnapshot() == nil)
            #expect(try store.snapshotVersion() == 0)
        }
    }

    @Test func theShippedSnapshotRoundTripsExactly() throws {
        let snapshot = try Fixtures.shippedSnapshot()
        try withTemporaryStore { _, store in
            try store.replaceSnapshot(snapshot)
            let loaded = try #require(try store.loadSnapshot())
            #expect(loaded.countries.count == 224)
            #expect(loaded.countries.map(\.country) == snapshot.countries.map(\.country))
            for (stored, original) in zip(loaded.countries, snapshot.countries) {
                #expect(stored == original)
            }
            #expect(loaded.totals == snapshot.totals)
            #expect(loaded == snapshot)
        }
    }

    @Test func nilsEmptyContinentsAndUnicodeNamesRoundTrip() throws {
        let snapshot = Fixtures.smallSnapshot()
        try withTemporaryStore { _, store in
            try store.replaceSnapshot(snapshot)
            let loaded = try #require(try store.loadSnapshot())
            #expect(loaded == snapshot)
            #expect(loaded.countries[0][.recovered] == nil)
            #expect(loaded.countries[1].country.utf8.elementsEqual("Curaçao 👩🏽‍💻".utf8))
            #expect(loaded.countries[1].continent == "")
            #expect(loaded.countries[2].countryInfo.iso2 == nil)
        }
    }

    @Test func aSnapshotWithoutImportTimeGetsTheCurrentTime() throws {
        var snapshot = Fixtures.smallSnapshot()
        snapshot.importedAt = nil
        try withTemporaryStore { _, store in
            try store.replaceSnapshot(snapshot)
            let importedAt = try #require(try store.loadSnapshot()?.importedAt)
            // 2023-11-14 .. 2100-01-01 in ms: a wall-clock time, not 0 or seconds.
            #expect(importedAt > 1_700_000_000_000 && importedAt < 4_102_444_800_000)
        }
    }

    @Test func theVersionGrowsByOneOnEveryReplace() throws {
        try withTemporaryStore { _, store in
            var versions: [Int64] = []
            for index in 0..<3 {
                try store.replaceSnapshot(Fixtures.smallSnapshot(source: "test:\(index)"))
                versions.append(try store.snapshotVersion())
            }
            #expect(versions == [1, 2, 3])
        }
    }

    @Test func aSecondReplaceLeavesNothingOfTheFirst() throws {
        let small = Fixtures.smallSnapshot(source: "test:second")
        try withTemporaryStore { _, store in
            try store.replaceSnapshot(try Fixtures.shippedSnapshot())
            try store.replaceSnapshot(small)
            #expect(try store.loadSnapshot() == small)
        }
    }

    @Test func aFailingReplaceLeavesThePreviousSnapshotAndVersion() throws {
        let shipped = try Fixtures.shippedSnapshot()
        var broken = Fixtures.smallSnapshot(source: "test:broken")
        broken.countries.append(Country(country: "Ivory Coast again", countryInfo: CountryInfo(iso2: "CI")))
        try withTemporaryStore { _, store in
            try store.replaceSnapshot(shipped)
            do {
                try store.replaceSnapshot(broken)
                Issue.record("a duplicate iso2 was stored")
            } catch let error as StoreError {
                #expect(error.description.contains("UNIQUE constraint failed: countries.iso2"))
                #expect(error.description.contains("INSERT INTO countries"))
            }
            #expect(try store.loadSnapshot() == shipped)
            #expect(try store.snapshotVersion() == 1)
        }
    }

    @Test func aSnapshotWithoutCountriesIsRefused() throws {
        var empty = Fixtures.smallSnapshot()
        empty.countries = []
        try withTemporaryStore { _, store in
            try store.replaceSnapshot(Fixtures.smallSnapshot())
            #expect(throws: StoreError.emptySnapshot) { try store.replaceSnapshot(empty) }
            #expect(try store.loadSnapshot() == Fixtures.smallSnapshot())
        }
    }

    @Test func anotherConnectionToTheFileSeesAReplaceWithAHigherVersion() throws {
        let shipped = try Fixtures.shippedSnapshot()
        try withTemporaryDatabasePath { path in
            let server = try Database.open(path: path)
            defer { server.close() }
            let serverStore = SQLiteCountryStore(database: server)
            try serverStore.replaceSnapshot(Fixtures.smallSnapshot())
            let before = try serverStore.snapshotVersion()
            #expect(try serverStore.loadSnapshot() == Fixtures.smallSnapshot())

            let importer = try Database.open(path: path)
            try SQLiteCountryStore(database: importer).replaceSnapshot(shipped)
            importer.close()

            #expect(try serverStore.snapshotVersion() > before)
            #expect(try serverStore.loadSnapshot() == shipped)
        }
    }

    @Test func concurrentReplacesAndLoadsOnTwoConnectionsNeverFailOrMix_B22() throws {
        let shipped = try Fixtures.shippedSnapshot()
        let small = Fixtures.smallSnapshot()
        try withTemporaryDatabasePath { path in
            let first = try Database.open(path: path)
            let second = try Database.open(path: path)
            defer {
                first.close()
                second.close()
            }
            let stores = [SQLiteCountryStore(database: first), SQLiteCountryStore(database: second)]
            try stores[0].replaceSnapshot(small)
            let failures = FailureLog()
            DispatchQueue.concurrentPerform(iterations: 16) { iteration in
                let store = stores[iteration % 2]
                do {
                    if iteration % 4 < 2 {
                        try store.replaceSnapshot(iteration % 3 == 0 ? shipped : small)
                    } else if let loaded = try store.loadSnapshot(), loaded != shipped, loaded != small {
                        failures.append("iteration \(iteration) read a mixed snapshot")
                    }
                } catch {
                    failures.append("iteration \(iteration): \(error)")
                }
            }
            #expect(failures.messages == [])
            #expect(try stores[1].snapshotVersion() == 9)
        }
    }
}

/// Collects messages from concurrent work.
private final class FailureLog: @unchecked Sendable {
    private let lock = DispatchQueue(label: "failures")
    private var stored: [String] = []
    func append(_ message: String) { lock.sync { stored.append(message) } }
    var messages: [String] { lock.sync { stored } }
}
