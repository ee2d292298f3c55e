import AtlasSource
import AtlasStore
import Foundation
import Synchronization
import Testing
import UpstreamStub

@testable import AtlasRefresh
@testable import AtlasWeb

/// When the background refresh tries again, decided attempt by attempt against a real local upstream
/// and a real database of each store, without waiting for any of it (docs/field-cases.md B04).
struct BackgroundRefresherTests {
    final class Lines: Sendable {
        let value = Mutex<[String]>([])
        var all: [String] { value.withLock { $0 } }
        func add(_ line: String) { value.withLock { $0.append(line) } }
    }

    static func refresher(
        _ stub: StubUpstream, stores: Stores, interval: Double, info: Lines, failures: Lines,
        now: @escaping @Sendable () -> Int64 = { 1_700_000_000_000 }
    ) -> (BackgroundRefresher, LiveRefresh) {
        let client = DiseaseShClient(
            baseURL: stub.baseURL, limits: FetchLimits(connectTimeout: 5, totalTimeout: 10), userAgent: "test")
        let refresher = BackgroundRefresher(
            stores: stores, client: client, interval: interval, log: info.add, logFailure: failures.add, now: now)
        return (refresher, LiveRefresh(client: client, stores: stores))
    }

    @Test(arguments: StoreKind.available)
    func aRetryAfterLongerThanTheBackoffSetsTheNextAttempt_B04(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store)
        let stub = try StubUpstream { _ in .send(StubUpstream.response(status: 429, fields: [("Retry-After", "3")])) }
        let (info, failed) = (Lines(), Lines())
        let (refresher, refresh) = Self.refresher(
            stub, stores: fixture.app.stores, interval: 1, info: info, failures: failed)
        var failures = 0
        // The 1 s interval would retry after 1 s; the upstream asked for 3.
        #expect(refresher.attempt(refresh, failures: &failures) == 3)
        #expect(failures == 1)
        #expect(stub.requests.count == 1)
        #expect(failed.all.count == 1)
        #expect(failed.all.first?.contains("HTTP 429, Retry-After 3 s") == true, "\(failed.all)")
        #expect(failed.all.first?.contains("retrying in 3.0 s") == true, "\(failed.all)")
        #expect(info.all.isEmpty)
    }

    @Test(arguments: StoreKind.available)
    func aSuccessWaitsTheIntervalAndForgetsEarlierFailures(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store)
        let countries = [UInt8](
            try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/data/disease-sh/countries.json")))
        let all = [UInt8](try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/data/disease-sh/all.json")))
        let history = StubUpstream.shippedHistory(packageRoot: packageRoot)
        let stub = try StubUpstream { request in
            if StubUpstream.asksForHistory(request) { return .send(history) }
            return .send(StubUpstream.json(request.target.hasSuffix("/all") ? all : countries))
        }
        let (info, failed) = (Lines(), Lines())
        let (refresher, refresh) = Self.refresher(
            stub, stores: fixture.app.stores, interval: 600, info: info, failures: failed)
        var failures = 4
        #expect(refresher.attempt(refresh, failures: &failures) == 600)
        #expect(failures == 0)
        #expect(failed.all.isEmpty, "\(failed.all)")
        // The stub sends the shipped data, which the fixture holds: nothing to replace (UnchangedDataTests).
        #expect(info.all.first?.hasPrefix("refresh: http://127.0.0.1:") == true, "\(info.all)")
        #expect(
            info.all.first?.hasSuffix(
                "sent the stored data again; nothing was replaced; "
                    + "vaccinations: not fetched (--vaccinations-source off); the stored ones stay") == true,
            "\(info.all)")
    }
}
