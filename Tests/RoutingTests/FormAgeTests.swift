import HTTPCore
import Routing
import Synchronization
import Testing

/// A form older than `FormAge.maxAgeSeconds` by the proxy's `X-Request-Start` is refused before its
/// handler runs; anything else reaches the handler.
struct FormAgeTests {
    static func request(_ method: Method, _ target: String) throws -> Request {
        Request(method: method, target: try RequestTarget(parsing: target), fields: [.host: "test.local"], body: [])
    }

    /// The clock of these tests, in milliseconds since the epoch.
    static let now: Int64 = 1_796_169_600_000

    @Test(arguments: [
        ("t=1796169600.000", Int64?(1_796_169_600_000)), ("t=1796169590.123", 1_796_169_590_123),
        ("1796169600", 1_796_169_600_000), (" t=1796169600.5 ", 1_796_169_600_500), ("t=", nil), ("t=abc", nil),
        ("t=-5", nil), ("t=1e300", nil), ("t=nan", nil),
    ])
    func theStartIsNginxsMsecInSeconds(_ value: String, _ expected: Int64?) throws {
        var request = try FormAgeTests.request(.post, "/form")
        request.fields[.xRequestStart] = value
        #expect(FormAge.startMilliseconds(of: request) == expected)
    }

    @Test(arguments: [
        (Method.post, "t=1796169569.999", true), (.post, "t=1796169570.000", false), (.post, "t=1796169599", false),
        (.get, "t=1796169000", false), (.head, "t=1796169000", false), (.post, "", false),
    ])
    func aFormIsTooOldOnlyPastTheLimit(_ method: Method, _ start: String, _ tooOld: Bool) throws {
        var request = try FormAgeTests.request(method, "/form")
        if !start.isEmpty { request.fields[.xRequestStart] = start }
        let age = FormAge(maxAgeSeconds: 30, now: { FormAgeTests.now })
        #expect(age.isTooOld(request) == tooOld)
    }

    @Test func aRefusedFormNeverReachesItsHandlerOnTheWorkerAndIsA503() throws {
        let handled = Atomic<Int>(0)
        var router = Router()
        router.formAge = FormAge(maxAgeSeconds: 30, now: { FormAgeTests.now })
        router.post("/form", runsOn: .worker) { _, _ in
            handled.add(1, ordering: .relaxed)
            return Response(status: .seeOther, contentType: "text/plain", text: "done")
        }
        var old = try FormAgeTests.request(.post, "/form")
        old.fields[.xRequestStart] = "t=1796169500"
        let refused = router.respond(to: old)
        #expect(refused.status == .serviceUnavailable)
        #expect(refused.fields[.retryAfter] == "1")
        #expect(handled.load(ordering: .relaxed) == 0)
        var fresh = try FormAgeTests.request(.post, "/form")
        fresh.fields[.xRequestStart] = "t=1796169599"
        #expect(router.respond(to: fresh).status == .seeOther)
        #expect(router.respond(to: try FormAgeTests.request(.post, "/form")).status == .seeOther)
        #expect(handled.load(ordering: .relaxed) == 2)
    }
}
