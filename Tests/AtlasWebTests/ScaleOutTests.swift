import AtlasCore
import AtlasStore
import Foundation
import HTTPCore
import Routing
import Testing

@testable import AtlasWeb

/// What a process behind a load balancer, sharing its database, must get right without the others:
/// sessions only the server mints, the per-address limit on new visitor rows, the forwarded fields it
/// trusts only when told to, the database's state on `/healthz`, pruning, and validators that every
/// process computes alike.
struct ForgedSessionTests {
    /// An id the server did not sign (here a real visitor's id without its signature) is no cookie: it
    /// reads no profile, creates no row, and a form sent with it fails the CSRF check.
    @Test(arguments: StoreKind.available)
    func anUnsignedIdReadsNothingWritesNothingAndItsFormIsRefused(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let owner = WebVisitor(fixture.client)
        try owner.submitEditor("done", editorValues(username: "Owner", goal: "2026-05-02"))
        let signed = try #require(owner.cookie?.split(separator: "=", maxSplits: 1).last.map(String.init))
        let unsigned = try #require(signed.split(separator: ".").first.map(String.init))
        #expect(try storedProfileRow(fixture).count == 1)

        let page = try fixture.client.get("/profile", fields: [.cookie: "atlas_session=\(unsigned)"])
        #expect(page.status == .ok)
        #expect(!page.text.contains("Owner"), "an unsigned id read the owner's profile")
        let token = try #require(try owner.get("/countries/fr").hiddenValue("csrf_token"))
        let star = try fixture.client.execute(
            .post, "/countries/fr/favorite",
            fields: [.cookie: "atlas_session=\(unsigned)", .contentType: "application/x-www-form-urlencoded"],
            body: Array("csrf_token=\(token)".utf8))
        #expect(star.status == .forbidden)
        // An invented id, well formed, is no better.
        let invented = try fixture.client.execute(
            .post, "/countries/fr/favorite",
            fields: [
                .cookie: "atlas_session=\(String(repeating: "ab", count: 16))",
                .contentType: "application/x-www-form-urlencoded",
            ],
            body: Array("csrf_token=\(token)".utf8))
        #expect(invented.status == .forbidden)
        #expect(try storedProfileRow(fixture).count == 1, "a forged id made a row")
        #expect(try owner.get("/profile").text.contains("Owner"))
    }
}

struct NewVisitorLimitTests {
    /// Stars a country as a visitor new to the server, from `address`, with `fields` added.
    static func firstStar(
        _ client: TestClient, from address: String, fields: Fields = Fields(), path: String = "/countries/kr/favorite"
    ) throws -> Response {
        let visitor = WebVisitor(client, from: address)
        let token = try visitor.get("/countries/kr", fields: fields).hiddenValue("csrf_token") ?? ""
        return try visitor.post(path, [("csrf_token", token)], fields: fields)
    }

    @Test(arguments: StoreKind.available)
    func newVisitorsBeyondTheLimitOfOneAddressGetA429AndOthersCarryOn(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay, configure: { $0.newVisitorsPerMinute = 2 })
        #expect(try Self.firstStar(fixture.client, from: "192.0.2.1:4000").status == .seeOther)
        #expect(try Self.firstStar(fixture.client, from: "192.0.2.1:4001").status == .seeOther)
        let refused = try Self.firstStar(fixture.client, from: "192.0.2.1:4002")
        #expect(refused.status == .tooManyRequests)
        #expect(Int(refused.fields[.retryAfter] ?? "") ?? 0 > 0)
        // The words state the rule the limit applies: a burst, then an even rate (not "in the last minute").
        #expect(refused.text.contains("Too many new visitors"))
        #expect(refused.text.contains("2 at once, then one every 30 s (2 a minute)"))
        #expect(!refused.text.contains("last minute"))
        // A Korean page states the same rule in Korean.
        let korean = try Self.firstStar(fixture.client, from: "192.0.2.1:4004", path: "/ko/countries/kr/favorite")
        #expect(korean.status == .tooManyRequests)
        #expect(korean.text.contains("주소마다 한 번에 2명, 그 뒤로는 30초마다 한 명씩(1분에 2명) 시작할 수 있습니다."))
        #expect(try storedProfileRow(fixture).count == 2)
        // Another address has its own allowance.
        #expect(try Self.firstStar(fixture.client, from: "198.51.100.7:4000").status == .seeOther)
        // X-Forwarded-For is not believed without --trust-forwarded-for: a client cannot dodge the
        // limit by naming another address.
        let dodging = try Self.firstStar(
            fixture.client, from: "192.0.2.1:4003", fields: [.xForwardedFor: "203.0.113.50"])
        #expect(dodging.status == .tooManyRequests)
    }

    @Test(arguments: [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2::7", "2001:db8:1:2::/64"),
        ("2001:0db8:0001:0002:ffff:0:0:1", "2001:db8:1:2::/64"),
        ("::ffff:198.51.100.4", "198.51.100.4"),
        ("::1", "0:0:0:0::/64"),
        ("not-an-address", "not-an-address"),
    ])
    func limitsCountAnIPv6ClientByIts64(_ address: String, _ key: String) {
        #expect(ClientAddress.limitKey(address) == key)
    }

    /// A client moving through the addresses of its IPv6 /64 is one client to the limit.
    @Test(arguments: StoreKind.available)
    func anIPv6ClientCannotPassTheLimitByChangingItsAddress(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay, configure: { $0.newVisitorsPerMinute = 2 })
        let statuses = try (1...3).map { try Self.firstStar(fixture.client, from: "[2001:db8:1:2::\($0)]:4000").status }
        #expect(statuses == [.seeOther, .seeOther, .tooManyRequests])
        #expect(try Self.firstStar(fixture.client, from: "[2001:db8:1:3::1]:4000").status == .seeOther)
    }

    @Test(arguments: StoreKind.available)
    func behindAProxyTheAddressIsXForwardedForsLastEntry(_ store: StoreKind) throws {
        let fixture = try AppFixture(
            store: store, now: profileDay,
            configure: {
                $0.newVisitorsPerMinute = 1
                $0.trustForwardedFor = true
            })
        let proxy = "10.0.0.2:5000"
        #expect(
            try Self.firstStar(fixture.client, from: proxy, fields: [.xForwardedFor: "203.0.113.1"]).status
                == .seeOther)
        // The same client again (a forged first entry does not make it another).
        #expect(
            try Self.firstStar(fixture.client, from: proxy, fields: [.xForwardedFor: "198.51.100.9, 203.0.113.1"])
                .status == .tooManyRequests)
        // Another client behind the same proxy.
        #expect(
            try Self.firstStar(fixture.client, from: proxy, fields: [.xForwardedFor: "203.0.113.2"]).status
                == .seeOther)
    }
}

struct ForwardedHostTests {
    /// What a browser sends through a proxy that passes its own `Host` (nginx's default).
    static func starThroughProxy(_ fixture: AppFixture, forwardedHost: String?) throws -> Response {
        var fields: Fields = [.host: "127.0.0.1:9001", .origin: "https://atlas.example"]
        if let forwardedHost { fields[.xForwardedHost] = forwardedHost }
        let visitor = WebVisitor(fixture.client)
        let token = try visitor.get("/countries/kr", fields: fields).hiddenValue("csrf_token") ?? ""
        return try visitor.post("/countries/kr/favorite", [("csrf_token", token)], fields: fields)
    }

    @Test(arguments: StoreKind.available)
    func xForwardedHostCountsForTheOriginCheckOnlyWhenTrusted(_ store: StoreKind) throws {
        let untrusting = try AppFixture(store: store, now: profileDay)
        #expect(try Self.starThroughProxy(untrusting, forwardedHost: "atlas.example").status == .forbidden)
        let trusting = try AppFixture(store: store, now: profileDay, configure: { $0.trustForwardedHost = true })
        #expect(try Self.starThroughProxy(trusting, forwardedHost: "atlas.example").status == .seeOther)
        #expect(try Self.starThroughProxy(trusting, forwardedHost: "evil.example").status == .forbidden)
        // Without the field the proxy's Host is all there is, and it is not the page's origin.
        #expect(try Self.starThroughProxy(trusting, forwardedHost: nil).status == .forbidden)
    }
}

struct RefererTests {
    /// Without an `Origin`, a `Referer` from another site is refused like such an `Origin`; one from
    /// this site, or none at all, passes.
    @Test(
        arguments: StoreKind.available,
        [("http://evil.example/x", 403), ("http://test.local/countries/kr", 303), (nil, 303)] as [(String?, Int)])
    func aCrossSiteRefererWithoutAnOriginIsRefused(_ store: StoreKind, _ sent: (referer: String?, status: Int)) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        let token = try visitor.get("/countries/kr").hiddenValue("csrf_token") ?? ""
        var fields = Fields()
        if let referer = sent.referer { fields["Referer"] = referer }
        let response = try visitor.post("/countries/kr/favorite", [("csrf_token", token)], fields: fields)
        #expect(response.status.code == sent.status)
    }

    /// A browser sends one `Origin` (and one `Referer`): with two, whichever order, the form is refused,
    /// since a proxy in front may have judged it by the other one.
    @Test(arguments: [
        ("Origin", ["http://test.local", "http://evil.example"]),
        ("Origin", ["http://evil.example", "http://test.local"]),
        ("Origin", ["http://test.local", "http://test.local"]),
        ("Referer", ["http://test.local/countries/kr", "http://evil.example/x"]),
    ])
    func twoOriginsOrReferersAreRefused(_ name: String, _ values: [String]) throws {
        let fixture = try AppFixture(now: profileDay)
        let visitor = WebVisitor(fixture.client)
        let page = try visitor.get("/countries/kr")
        var fields: Fields = [
            .contentType: "application/x-www-form-urlencoded", .cookie: visitor.cookie ?? "",
        ]
        for value in values { fields.append(FieldName(name), value) }
        let body = Array("csrf_token=\(page.hiddenValue("csrf_token") ?? "")".utf8)
        let response = try fixture.client.execute(.post, "/countries/kr/favorite", fields: fields, body: body)
        #expect(response.status == .forbidden)
        #expect(try visitor.get("/countries/kr").text.contains("aria-pressed=\"false\""), "nothing was starred")
    }
}

struct DatabaseStateTests {
    @Test(arguments: StoreKind.available)
    func healthzReportsTheDatabaseDownAsDegradedAndStillAnswers200(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        fixture.app.checkSharedState()
        let up = try fixture.client.get("/healthz")
        #expect(up.status == .ok)
        #expect(up.text.contains("\"status\":\"ok\""))
        #expect(up.text.contains("\"state\":\"up\""))

        _ = fixture.app.checks.health.recordDown(at: profileDay + 1000, reason: "the database is unavailable: gone")
        let down = try fixture.client.get("/healthz")
        #expect(down.status == .ok)
        #expect(down.text.contains("\"status\":\"degraded\""))
        #expect(down.text.contains("\"state\":\"down\""))
        #expect(down.text.contains("\"downSince\":\(profileDay + 1000)"))
        #expect(down.text.contains("\"error\":\"the database is unavailable: gone\""))
        // The next check finds it answering again.
        fixture.app.checkSharedState()
        #expect(try fixture.client.get("/healthz").text.contains("\"state\":\"up\""))
    }

    /// `/healthz` is public: it names the kind of failure, not the driver's text with hosts and ports.
    @Test func healthzNamesTheKindOfFailureNotItsDetails() {
        let refused = StoreError.unavailable("connection to server at \"10.1.2.3\", port 5432 failed: refused")
        #expect(SharedStateChecks.publicReason(refused) == "the database cannot be reached")
        #expect(SharedStateChecks.publicReason(StoreError.busy("lock timeout")) == "the database is busy")
        #expect(!SharedStateChecks.publicReason(refused).contains("10.1.2.3"))
    }

    @Test(arguments: [
        (120, "120 at once, then one every 0.5 s (120 a minute)"), (2, "2 at once, then one every 30 s (2 a minute)"),
        (7, "7 at once, then one every 8.6 s (7 a minute)"), (1, "1 at once, then one every 60 s (1 a minute)"),
    ])
    func theNewVisitorRuleIsStatedAsTheBucketAppliesIt(_ perMinute: Int, _ rule: String) throws {
        let limit = NewVisitorLimit(perMinute: perMinute)
        let http = try #require(ErrorPages.httpError(for: StoreError.newVisitorRefused, newVisitors: limit))
        let message = try #require((http.context as? ErrorContext)?.catalogMessage)
        #expect(message.sentence(in: try PageWordsTests.english()).contains("each address may start \(rule)."))
    }

    /// Each way the store can fail has the page a visitor should see.
    @Test(arguments: [
        (StoreError.busy("the database is locked"), 503, "1"),
        (StoreError.unavailable("connection refused"), 503, "5"),
        (StoreError.newVisitorRefused, 429, "60"),
    ])
    func storeErrorsBecomePagesThatSayWhatToDo(_ error: StoreError, _ status: Int, _ retryAfter: String) throws {
        let http = try #require(ErrorPages.httpError(for: error, newVisitors: NewVisitorLimit(perMinute: 1)))
        #expect(http.status.code == status)
        #expect(http.fields[FieldName.retryAfter] == retryAfter)
    }
}

struct PruningTests {
    @Test(arguments: StoreKind.available)
    func aProfileThatOnlyEverHeldTheDefaultsGoesAfterADayAndACommittedOneStays(_ store: StoreKind) throws {
        let clock = ManualClock(profileDay)
        let fixture = try AppFixture(store: store, clock: clock)
        let idle = WebVisitor(fixture.client)
        let token = try idle.get("/countries/kr").hiddenValue("csrf_token") ?? ""
        #expect(try idle.post("/countries/kr/favorite", [("csrf_token", token), ("star", "on")]).status == .seeOther)
        #expect(try idle.post("/countries/kr/favorite", [("csrf_token", token), ("star", "off")]).status == .seeOther)
        let keeper = WebVisitor(fixture.client)
        try keeper.submitEditor("done", editorValues(username: "Keeper", goal: "2026-05-02"))
        #expect(try storedProfileRow(fixture).count == 2)

        clock.advance(by: 2 * 86_400_000)
        fixture.app.checkSharedState()
        #expect(try storedProfileRow(fixture).count == 1)
        #expect(try keeper.get("/profile").text.contains("Keeper"))
    }

    /// Pruning does not wait for another process's write lock on SQLite; it tries again at the next
    /// check rather than an hour later.
    @Test func pruningThatMeetsAnotherProcesssLockRunsAgainAtTheNextCheck() throws {
        let clock = ManualClock(profileDay)
        let fixture = try AppFixture(clock: clock)
        let idle = WebVisitor(fixture.client)
        let token = try idle.get("/countries/kr").hiddenValue("csrf_token") ?? ""
        #expect(try idle.post("/countries/kr/favorite", [("csrf_token", token), ("star", "on")]).status == .seeOther)
        #expect(try idle.post("/countries/kr/favorite", [("csrf_token", token), ("star", "off")]).status == .seeOther)
        #expect(try storedProfileRow(fixture).count == 1)

        clock.advance(by: 2 * 86_400_000)
        let other = try Database(path: fixture.databasePath)
        defer { other.close() }
        try other.execute("BEGIN IMMEDIATE")
        fixture.app.checkSharedState()
        try other.execute("ROLLBACK")
        #expect(try storedProfileRow(fixture).count == 1, "pruned through another process's lock")

        clock.advance(by: 1000)
        fixture.app.checkSharedState()
        #expect(try storedProfileRow(fixture).isEmpty)
    }
}

struct SharedValidatorTests {
    /// Two processes on one database send the same `ETag` and `Last-Modified` for a page, so a browser
    /// that a load balancer sends to the other one still gets its `304`.
    @Test(arguments: StoreKind.available)
    func twoAppsOnOneDatabaseSendTheSameValidators(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let other = try AtlasApp.build(fixture.configuration)
        defer { other.close() }
        let otherClient = TestClient(other.responder)
        // One visitor, whose cookie either process accepts (the signing key is in the database): the
        // country page carries its star form, so its validators are the visitor's.
        let visitor = WebVisitor(fixture.client)
        try visitor.get("/profile")
        let cookie: Fields = [.cookie: visitor.cookie ?? ""]
        for path in ["/", "/countries", "/countries/kr", "/api/countries/kr", "/countries/kr/history.csv"] {
            let a = try fixture.client.get(path, fields: cookie)
            let b = try otherClient.get(path, fields: cookie)
            #expect(a.status == .ok, "\(path)")
            #expect(a.fields[.eTag] != nil && a.fields[.eTag] == b.fields[.eTag], "\(path)")
            #expect(a.fields[.lastModified] == b.fields[.lastModified], "\(path)")
            var conditional = cookie
            conditional[.ifNoneMatch] = a.fields[.eTag] ?? ""
            #expect(try otherClient.get(path, fields: conditional).status == .notModified, "\(path)")
        }
    }
}
