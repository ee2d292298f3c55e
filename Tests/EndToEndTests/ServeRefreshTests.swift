import Foundation
import TestSupport
import Testing
import UpstreamStub

/// `serve --refresh-interval`: the background refresh, its failures, and what pages say about freshness.
struct ServeRefreshTests {
    static let fastLimits = ["--connect-timeout", "1", "--fetch-timeout", "2", "--stall-timeout", "1"]

    /// The shipped 2021 snapshot is labelled stale; after a refresh with current data it is not.
    @Test func theServerRefreshesInTheBackgroundAndTheStaleLabelGoes() throws {
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let body = try countriesJSON(changing: "US") {
            $0["cases"] = 50_000_003
            $0["updated"] = now
        }
        var all = try #require(try JSONSerialization.jsonObject(with: Data(shippedAll)) as? [String: Any])
        all["updated"] = now
        let allBody = [UInt8](try JSONSerialization.data(withJSONObject: all))
        let history = StubUpstream.shippedHistory(packageRoot: packageRoot)
        let stub = try StubUpstream { request in
            if StubUpstream.asksForHistory(request) { return .send(history) }
            return .send(StubUpstream.json(request.target.hasSuffix("/all") ? allBody : body))
        }
        let stale = try ServerProcess()
        #expect(try fetch(stale.port, "/").text.contains("<strong>stale</strong>"))
        stale.stop()

        let server = try ServerProcess(
            arguments: ["--refresh-interval", "60", "--source", stub.baseURL, "--vaccinations-source", "off"]
                + Self.fastLimits)
        #expect(try waitFor(server.port, "/api/countries/us", toContain: "50000003"))
        let page = try fetch(server.port, "/").text
        #expect(!page.contains("<strong>stale</strong>"), "fresh data is labelled stale")
        #expect(page.contains("Data updated <time"))
        #expect(stub.requests.first?.fields["user-agent"]?.hasPrefix("covid-atlas/") == true)
    }

    /// The stale label comes after twice the refresh interval: data five minutes old is stale when the
    /// server refreshes every minute, and fresh when it refreshes every ten.
    @Test(arguments: [(60, true), (600, false)])
    func dataIsStaleAfterTwiceTheInterval(interval: Int, stale: Bool) throws {
        let updated = Int64(Date().timeIntervalSince1970 * 1000) - 300_000
        let body = try countriesJSON(changing: "US") {
            $0["cases"] = 50_000_004
            $0["updated"] = updated
        }
        var all = try #require(try JSONSerialization.jsonObject(with: Data(shippedAll)) as? [String: Any])
        all["updated"] = updated
        let allBody = [UInt8](try JSONSerialization.data(withJSONObject: all))
        let history = StubUpstream.shippedHistory(packageRoot: packageRoot)
        let stub = try StubUpstream { request in
            if StubUpstream.asksForHistory(request) { return .send(history) }
            return .send(StubUpstream.json(request.target.hasSuffix("/all") ? allBody : body))
        }
        let server = try ServerProcess(
            arguments: ["--refresh-interval", "\(interval)", "--source", stub.baseURL, "--vaccinations-source", "off"]
                + Self.fastLimits)
        #expect(try waitFor(server.port, "/api/countries/us", toContain: "50000004"))
        let page = try fetch(server.port, "/").text
        #expect(page.contains("(5 minutes ago)"), "age missing")
        #expect(page.contains("<strong>stale</strong>") == stale)
    }

    /// docs/field-cases.md B24: while the refresh waits on an upstream that stalls (before or after its
    /// header section), every request is answered: the answers come back while the stalled transfer is
    /// still open, long before the stall limit could end it. When the upstream gives up, the failure is
    /// logged with the retry and the stored data stays.
    @Test(arguments: [false, true])
    func aStalledUpstreamNeverBlocksRequests_B24(sendsHeaders: Bool) throws {
        let head = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 9000\r\n\r\n[".utf8)
        let release = StubUpstream.Gate()
        defer { release.open() }
        let stub = try StubUpstream { _ in .sendThenHold(sendsHeaders ? head : [], until: release) }
        // The default stall limit (20 s): the transfer stays in flight until the test releases it.
        let server = try ServerProcess(arguments: [
            "--refresh-interval", "60", "--source", stub.baseURL, "--vaccinations-source", "off",
        ])
        #expect(
            waitUntil(deadline: .seconds(30)) { stub.requests.count == 1 }, "the refresh never reached the upstream")
        let before = try fetch(server.port, "/api/countries").body
        for path in ["/healthz", "/", "/countries/kr"] {
            #expect(try fetch(server.port, path).status == 200)
        }
        #expect(stub.heldConnections == 1, "the stalled transfer ended before the requests were answered")
        #expect(!server.errorText.contains("refresh failed"), "\(server.errorText)")
        release.open()
        #expect(
            waitUntil(deadline: .seconds(30)) { server.errorText.contains("keeping the stored data, retrying in") },
            "\(server.errorText)")
        #expect(try fetch(server.port, "/api/countries").body == before)
    }

    /// docs/field-cases.md B04 through the binary: a `429` with `Retry-After` is logged with the retry it
    /// sets (the attempt-by-attempt decision is `BackgroundRefresherTests`'), and the stored data keeps
    /// being served, labelled stale.
    @Test func retryAfterHoldsTheNextAttemptBack_B04() throws {
        let stub = try StubUpstream { _ in
            .send(StubUpstream.response(status: 429, fields: [("Retry-After", "3")]))
        }
        let server = try ServerProcess(arguments: [
            "--refresh-interval", "1", "--source", stub.baseURL, "--vaccinations-source", "off",
        ])
        #expect(
            waitUntil(deadline: .seconds(30)) { server.errorText.contains("retrying in 3.0 s") }, "\(server.errorText)")
        #expect(server.errorText.contains("HTTP 429, Retry-After 3 s"), "\(server.errorText)")
        let page = try fetch(server.port, "/").text
        #expect(page.contains("<strong>stale</strong>"))
        #expect(try fetch(server.port, "/api/countries").status == 200)
    }
}
