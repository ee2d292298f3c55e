import Foundation
import Synchronization
import Testing
import UpstreamStub

/// `covid-atlas refresh` against an upstream that sends the same data again (no validators, so no
/// `304`): nothing is replaced, so the data version every page's `ETag` carries stays and browsers
/// keep what they have.
struct UnchangedRefreshTests {
    /// The data version in a cached page's `ETag` (`"VERSION-TEMPLATES-HASH"`).
    static func dataVersion(_ port: Int, _ target: String = "/") throws -> Int? {
        let tag = try #require(try fetch(port, target).field("ETag"))
        return Int(tag.dropFirst().prefix { $0 != "-" })
    }

    @Test func identicalDataKeepsTheDataVersionAndSoEveryETag() throws {
        let server = try ServerProcess()
        let countries = Mutex(try countriesJSON(changing: "US") { $0["cases"] = 50_000_010 })
        let history = StubUpstream.shippedHistory(packageRoot: packageRoot)
        let stub = try StubUpstream { request in
            if StubUpstream.asksForHistory(request) { return .send(history) }
            if request.target.hasSuffix("/all") { return .send(StubUpstream.json(shippedAll)) }
            return .send(StubUpstream.json(countries.withLock { $0 }))
        }
        let arguments = [
            "refresh", "--database", server.directory + "/atlas.sqlite", "--source", stub.baseURL,
            "--vaccinations-source", "off",
        ]

        #expect(try runCLI(arguments).status == 0)
        #expect(try waitFor(server.port, "/api/countries/us", toContain: "50000010"))
        let first = try #require(try Self.dataVersion(server.port))
        let tag = try fetch(server.port, "/countries/us").field("ETag")

        let again = try runCLI(arguments)
        #expect(again.status == 0, "\(again.errors)")
        #expect(again.output.contains("nothing was replaced, the data version stays"), "\(again.output)")

        // The next real change is the next version: the repeat between them stored none.
        countries.withLock { $0 = try! countriesJSON(changing: "US") { $0["cases"] = 50_000_011 } }
        #expect(try runCLI(arguments).status == 0)
        #expect(try waitFor(server.port, "/api/countries/us", toContain: "50000011"))
        #expect(try Self.dataVersion(server.port) == first + 1)
        #expect(try fetch(server.port, "/countries/us").field("ETag") != tag)
    }
}
