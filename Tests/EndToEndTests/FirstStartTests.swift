import Foundation
import Synchronization
import TestSupport
import Testing

/// Two servers started together on a new database: both serve the shipped data, and it is imported
/// once, by whichever takes the write lock first (`AtlasStores.importShippedDataWhereMissing`).
struct FirstStartTests {
    @Test func twoServersStartedTogetherOnANewDatabaseImportTheShippedDataOnce() throws {
        let directory = NSTemporaryDirectory() + "atlas-together-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let started = Mutex<[Result<ServerProcess, any Error>]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            let server = Result { try ServerProcess(directory: directory) }
            started.withLock { $0.append(server) }
        }
        let servers = try started.withLock { $0 }.map { try $0.get() }
        #expect(servers.count == 2)
        // Both serve the same data version: one import's, not two (each import replaces the snapshot,
        // the history and the vaccinations, three steps of the version).
        let versions = try servers.map { try UnchangedRefreshTests.dataVersion($0.port) }
        #expect(versions[0] == versions[1])
        #expect(versions[0] == 3)
        for server in servers {
            #expect(try fetch(server.port, "/countries/kr").text.contains("395,460"))
            #expect(server.stop() == 0)
            #expect(waitUntil(deadline: .seconds(10)) { server.standardOutput.contains("stopped") })
        }
        let output = servers.map(\.standardOutput).joined()
        #expect(
            output.components(separatedBy: "imported the shipped snapshot: 224 countries").count - 1 == 1, "\(output)")
        #expect(output.components(separatedBy: "imported the shipped history: ").count - 1 == 1, "\(output)")
    }
}
