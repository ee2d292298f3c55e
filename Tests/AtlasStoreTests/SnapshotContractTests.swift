import AtlasCore
import AtlasStore
import Dispatch
import Testing

/// The snapshot half of the store contract (`CountryStore`, `DataStore`), run unchanged on every
/// store this run can reach (`StoreKind.available`).
struct SnapshotContractTests {
    @Test(arguments: StoreKind.available)
    func aNewDatabaseHasNoSnapshotAndVersionZero(_ kind: StoreKind) throws {
        try withFreshStores(kind) { stores throws in
            #expect(try stores.countries.loadSnapshot() == nil)
            #expect(try stores.countries.snapshotVersion() == 0)
        }
    }

    @Test(arguments: StoreKind.available)
    func theShippedSnapshotRoundTripsExactly(_ kind: StoreKind) throws {
        let snapshot = try Fixtures.shippedSnapshot()
        try withFreshStores(kind) { stores throws in
            try stores.replaceSnapshot(snapshot)
            let loaded = try #require(try stores.countries.loadSnapshot())
            #expect(loaded.countries.count == 224)
            for (stored, original) in zip(loaded.countries, snapshot.countries) {
                #expect(stored == original)
            }
            #expect(loaded.totals == snapshot.totals)
            #expect(loaded == snapshot)
            #expect(loaded.version == 1)
        }
    }

    @Test(arguments: StoreKind.available)
    func nilsEmptyContinentsAndUnicodeNamesRoundTrip(_ kind: StoreKind) throws {
        let snapshot = Fixtures.smallSnapshot()
        try withFreshStores(kind) { stores throws in
            try stores.replaceSnapshot(snapshot)
            let loaded = try #require(try stores.countries.loadSnapshot())
            #expect(loaded == snapshot)
            #expect(loaded.countries[0][.recovered] == nil)
            #expect(loaded.countries[0][ratio: .deathsPerOneMillion] == 1529.05)
            #expect(loaded.countries[1].country.utf8.elementsEqual("Curaçao 👩🏽‍💻".utf8))
            #expect(loaded.countries[1].continent == "")
            #expect(loaded.countries[2].countryInfo.iso2 == nil)
        }
    }

    @Test(arguments: StoreKind.available)
    func aSnapshotWithoutImportTimeGetsTheCurrentTime(_ kind: StoreKind) throws {
        var snapshot = Fixtures.smallSnapshot()
        snapshot.importedAt = nil
        try withFreshStores(kind) { stores throws in
            try stores.replaceSnapshot(snapshot)
            let importedAt = try #require(try stores.countries.loadSnapshot()?.importedAt)
            // 2023-11-14 .. 2100-01-01 in ms: a wall-clock time, not 0 or seconds.
            #expect(importedAt > 1_700_000_000_000 && importedAt < 4_102_444_800_000)
        }
    }

    @Test(arguments: StoreKind.available)
    func theVersionGrowsByOneOnEveryChangeOfSnapshotOrHistory(_ kind: StoreKind) throws {
        try withFreshStores(kind) { stores throws in
            var versions: [Int64] = []
            for index in 0..<3 {
                try stores.replaceSnapshot(Fixtures.smallSnapshot(source: "test:\(index)"))
                versions.append(try stores.countries.snapshotVersion())
            }
            try stores.replaceHistory(["kr": HistoryContractTests.korea], storedAt: 1_800_000_000_000)
            versions.append(try stores.countries.snapshotVersion())
            #expect(versions == [1, 2, 3, 4])
            // The history's time becomes the data's: every process sends it as Last-Modified.
            #expect(try stores.countries.loadSnapshot()?.importedAt == 1_800_000_000_000)
        }
    }

    @Test(arguments: StoreKind.available)
    func aSecondReplaceLeavesNothingOfTheFirst(_ kind: StoreKind) throws {
        let small = Fixtures.smallSnapshot(source: "test:second")
        try withFreshStores(kind) { stores throws in
            try stores.replaceSnapshot(try Fixtures.shippedSnapshot())
            try stores.replaceSnapshot(small)
            var loaded = try #require(try stores.countries.loadSnapshot())
            loaded.version = nil
            #expect(loaded == small)
        }
    }

    @Test(arguments: StoreKind.available)
    func aFailingUpdateLeavesThePreviousSnapshotAndVersion(_ kind: StoreKind) throws {
        let shipped = try Fixtures.shippedSnapshot()
        var broken = Fixtures.smallSnapshot(source: "test:broken")
        broken.countries.append(Country(country: "Ivory Coast again", countryInfo: CountryInfo(iso2: "CI")))
        try withFreshStores(kind) { stores throws in
            try stores.replaceSnapshot(shipped)
            do {
                try stores.replaceSnapshot(broken)
                Issue.record("a duplicate iso2 was stored")
            } catch let error as StoreError {
                #expect(error.description.contains("INSERT INTO countries"))
                #expect(error.description.contains("iso2"))
            }
            #expect(try stores.countries.loadSnapshot() == shipped)
            #expect(try stores.countries.snapshotVersion() == 1)
        }
    }

    @Test(arguments: StoreKind.available)
    func anErrorThrownInsideAnUpdateRollsBackEverythingItWrote(_ kind: StoreKind) throws {
        struct Abandoned: Error {}
        try withFreshStores(kind) { stores throws in
            try stores.replaceSnapshot(Fixtures.smallSnapshot())
            #expect(throws: Abandoned.self) {
                try stores.data.update { transaction in
                    try transaction.replaceSnapshot(try Fixtures.shippedSnapshot())
                    try transaction.replaceHistory(["kr": HistoryContractTests.korea], storedAt: 1)
                    try transaction.saveValidators(.init(entityTag: "\"1\"", lastModified: nil), for: "http://a/x")
                    throw Abandoned()
                }
            }
            #expect(try stores.countries.loadSnapshot() == Fixtures.smallSnapshot())
            #expect(try stores.histories.history("kr") == nil)
            #expect(try stores.validators.validators(for: "http://a/x") == nil)
        }
    }

    @Test(arguments: StoreKind.available)
    func aSnapshotWithoutCountriesIsRefused(_ kind: StoreKind) throws {
        var empty = Fixtures.smallSnapshot()
        empty.countries = []
        try withFreshStores(kind) { stores throws in
            try stores.replaceSnapshot(Fixtures.smallSnapshot())
            #expect(throws: StoreError.emptySnapshot) { try stores.replaceSnapshot(empty) }
            #expect(try stores.countries.loadSnapshot() == Fixtures.smallSnapshot())
        }
    }

    @Test(arguments: StoreKind.available)
    func anotherProcessSeesAReplaceWithAHigherVersion(_ kind: StoreKind) throws {
        let shipped = try Fixtures.shippedSnapshot()
        try withFreshDatabase(kind) { location throws in
            let server = try Stores.open(location)
            defer { server.close() }
            try server.replaceSnapshot(Fixtures.smallSnapshot())
            let before = try server.countries.snapshotVersion()
            #expect(try server.countries.loadSnapshot() == Fixtures.smallSnapshot())

            let importer = try Stores.open(location)
            try importer.replaceSnapshot(shipped)
            importer.close()

            #expect(try server.countries.snapshotVersion() > before)
            #expect(try server.countries.loadSnapshot() == shipped)
        }
    }

    @Test(arguments: StoreKind.available)
    func concurrentReplacesAndLoadsInTwoProcessesNeverFailOrMix_B22(_ kind: StoreKind) throws {
        let shipped = try Fixtures.shippedSnapshot()
        let small = Fixtures.smallSnapshot()
        try withFreshDatabase(kind) { location throws in
            let processes = [try Stores.open(location), try Stores.open(location)]
            defer { processes.forEach { $0.close() } }
            try processes[0].replaceSnapshot(small)
            let failures = FailureLog()
            DispatchQueue.concurrentPerform(iterations: 16) { iteration in
                let stores = processes[iteration % 2]
                do {
                    if iteration % 4 < 2 {
                        try stores.replaceSnapshot(iteration % 3 == 0 ? shipped : small)
                    } else if let loaded = try stores.countries.loadSnapshot(), loaded != shipped, loaded != small {
                        failures.append("iteration \(iteration) read a mixed snapshot")
                    }
                } catch {
                    failures.append("iteration \(iteration): \(error)")
                }
            }
            #expect(failures.messages == [])
            #expect(try processes[1].countries.snapshotVersion() == 9)
        }
    }

    @Test(arguments: StoreKind.available)
    func ofTwoProcessesDecidingFromWhatIsStoredOnlyOneWrites(_ kind: StoreKind) throws {
        // What the first start's import of the shipped data relies on: DataStore.update lets one writer in.
        try withFreshDatabase(kind) { location throws in
            let processes = [try Stores.open(location), try Stores.open(location)]
            defer { processes.forEach { $0.close() } }
            let writes = FailureLog()
            DispatchQueue.concurrentPerform(iterations: 8) { iteration in
                do {
                    try processes[iteration % 2].data.update { transaction in
                        guard try transaction.snapshotVersion() == 0 else { return }
                        try transaction.replaceSnapshot(Fixtures.smallSnapshot(source: "test:\(iteration)"))
                        writes.append("\(iteration)")
                    }
                } catch {
                    writes.append("failed: \(error)")
                }
            }
            #expect(writes.messages.count == 1)
            #expect(try processes[0].countries.snapshotVersion() == 1)
        }
    }
}

/// Collects messages from concurrent work.
final class FailureLog: @unchecked Sendable {
    private let lock = DispatchQueue(label: "failures")
    private var stored: [String] = []
    func append(_ message: String) { lock.sync { stored.append(message) } }
    var messages: [String] { lock.sync { stored } }
}
