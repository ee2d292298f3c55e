import AtlasCore
import AtlasStore
import Foundation
import HTTPCore
import Routing
import Testing

@testable import AtlasWeb

struct SessionCookieTests {
    @Test(arguments: StoreKind.available)
    func theProfilePageIssuesAnHttpOnlyLaxCookieOf128RandomBits(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let first = try fixture.client.get("/profile").fields[.setCookie] ?? ""
        let second = try fixture.client.get("/profile").fields[.setCookie] ?? ""
        // The id (32 hex digits), then its signature (32 more): only ids the server minted count.
        #expect(first.range(of: #"^atlas_session=[0-9a-f]{32}\.[0-9a-f]{32}; "#, options: .regularExpression) != nil)
        for attribute in ["; Path=/", "; Max-Age=34560000", "; HttpOnly", "; SameSite=Lax"] {
            #expect(first.contains(attribute))
        }
        #expect(!first.contains("Secure"))
        #expect(first.prefix(46) != second.prefix(46))
    }

    /// The cookie lasts its lifetime from the last visit, as pruning counts: the profile pages send a
    /// returning visitor's cookie again, with the same id and a fresh Max-Age, whatever they visited
    /// first that day; other pages do not.
    @Test(arguments: StoreKind.available)
    func aReturningVisitorsCookieIsRenewedByTheProfilePages(_ store: StoreKind) throws {
        let clock = ManualClock(profileDay)
        let fixture = try AppFixture(store: store, clock: clock)
        let visitor = WebVisitor(fixture.client)
        try visitor.get("/profile")
        let cookie = try #require(visitor.cookie)
        let withCookie: Fields = ["Cookie": cookie]
        for target in ["/profile/edit", "/profile"] {
            let renewed = try fixture.client.get(target, fields: withCookie).fields[.setCookie] ?? ""
            #expect(renewed.hasPrefix(cookie + ";"), "\(target)")
            #expect(renewed.contains("; Max-Age=34560000"), "\(target)")
        }
        clock.advance(by: 86_400_000)
        // The next day a country page comes first (its star records the visit): the profile still renews.
        #expect(try fixture.client.get("/countries/kr", fields: withCookie).fields[.setCookie] == nil)
        #expect(try fixture.client.get("/profile", fields: withCookie).fields[.setCookie]?.hasPrefix(cookie) == true)
    }

    @Test(arguments: StoreKind.available)
    func theCookieIsSecureOnlyBehindATrustedHTTPSProxy(_ store: StoreKind) throws {
        let plain = try AppFixture(store: store, now: profileDay)
        let forwarded: Fields = ["X-Forwarded-Proto": "https"]
        #expect(!(try plain.client.get("/profile", fields: forwarded).fields[.setCookie] ?? "").contains("Secure"))
        let proxied = try AppFixture(store: store, now: profileDay, trustForwardedProto: true)
        #expect(try proxied.client.get("/profile", fields: forwarded).fields[.setCookie]?.hasSuffix("; Secure") == true)
        #expect(!(try proxied.client.get("/profile").fields[.setCookie] ?? "").contains("Secure"))
    }

    @Test(arguments: StoreKind.available)
    func theDatabaseHoldsOnlyTheSHA256OfTheSessionId(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        try visitor.get("/profile")  // Gives the cookie.
        try visitor.get("/profile/edit")  // With it: the profile (and a draft) are stored.
        let id = try #require(
            visitor.cookie?.split(separator: "=").last?.split(separator: ".").first.map(String.init))
        let rows = try storedProfileRow(fixture)
        #expect(rows.count == 1)
        #expect(rows.first?[0].count == 64)
        #expect(rows.first?[0].lowercased().contains(id) == false)
        let bytes = try #require(Crypto.bytes(hex: Array(id.utf8)))
        #expect(rows.first?[0] == Crypto.hex(Crypto.sha256(bytes)).uppercased())
    }

    @Test(arguments: StoreKind.available)
    func detailPagesIssueACookieButWriteNothing(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let page = try fixture.client.get("/countries/kr")
        #expect(page.fields[.setCookie]?.hasPrefix("atlas_session=") == true)
        #expect(page.fields[.cacheControl] == "private, no-cache")
        #expect(try fixture.client.get("/countries").fields[.setCookie] == nil)
        #expect(try fixture.client.get("/").fields[.setCookie] == nil)
        #expect(try storedProfileRow(fixture).isEmpty)
    }

    /// HEAD is safe (RFC 9110 §9.2.1): the editor's HEAD answers as its GET would, and writes no row.
    @Test(arguments: StoreKind.available)
    func headOnTheEditorWritesNothing(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let cookie = try #require(try fixture.client.get("/countries/kr").fields[.setCookie]).prefix { $0 != ";" }
        let head = try fixture.client.execute(.head, "/profile/edit", fields: [.cookie: String(cookie)])
        #expect(head.status == .ok)
        #expect(head.body.isEmpty)
        #expect(try storedProfileRow(fixture).isEmpty)
        let get = try fixture.client.get("/profile/edit", fields: [.cookie: String(cookie)])
        #expect(get.status == .ok)
        #expect(try storedProfileRow(fixture).count == 1)
        #expect(try fixture.client.execute(.head, "/profile/edit", fields: [.cookie: String(cookie)]).status == .ok)
    }

    /// HEAD reads the editor's draft as GET does: after a Done (no draft left, the profile's version
    /// moved on) and after a Save, the same `ETag` as the GET, and no body.
    @Test(arguments: StoreKind.available)
    func headOnTheEditorAnswersAsItsGet(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        for action in ["done", "save"] {
            #expect(
                try visitor.submitEditor(action, editorValues(username: "Ada", goal: "2026-08-01")).status == .seeOther)
            let cookie = try #require(visitor.cookie)
            let get = try fixture.client.get("/profile/edit", fields: [.cookie: cookie])
            let head = try fixture.client.execute(.head, "/profile/edit", fields: [.cookie: cookie])
            #expect(head.status == .ok, "\(action)")
            #expect(head.fields[.eTag] != nil, "\(action)")
            #expect(head.fields[.eTag] == get.fields[.eTag], "\(action)")
            #expect(head.body.isEmpty && !get.body.isEmpty, "\(action)")
        }
    }

    static let id = "0123456789abcdef0123456789abcdef"
    static let signer = SessionSigner(key: [UInt8](repeating: 7, count: 32))
    /// One process's sessions for every case, so cases run after a valid cookie was kept see the kept entry.
    static let sessions = KnownSessions(signer: signer)
    /// `id` and its signature under `signer`: a cookie value this server minted.
    static let signed = id + "." + Crypto.hex(signer.signature(of: Crypto.bytes(hex: Array(id.utf8))!))
    /// `id` signed with another key: what a cookie from another deployment, or a forgery, carries.
    static let otherKey =
        id + "."
        + Crypto.hex(
            SessionSigner(key: [UInt8](repeating: 8, count: 32)).signature(of: Crypto.bytes(hex: Array(id.utf8))!))

    /// `signed`'s signature moved onto another id: a valid signature, but not of this id.
    static let moved = "fedcba9876543210fedcba9876543210." + signed.suffix(32)

    /// `Cookie` field lines and the session id a visitor is known by (`nil`: a new visitor).
    static let cookieLines: [([String], String?)] = [
        (["atlas_session=\(signed)"], id),
        (["theme=dark; atlas_session=\(signed)"], id),
        (["theme=dark;atlas_session=\(signed);"], id),
        (["atlas_session=nope; atlas_session=\(signed)"], id),
        (["atlas_session=\(otherKey); atlas_session=\(signed)"], id),
        (["theme=dark", "atlas_session=\(signed)"], id),
        // An unsigned id, a wrong signature, another deployment's key: no cookie at all.
        (["atlas_session=\(id)"], nil),
        (["atlas_session=\(otherKey)"], nil),
        (["atlas_session=\(signed.dropLast())0"], nil),
        (["atlas_session=\(signed.uppercased())"], nil),
        (["atlas_session=\(signed.dropLast())"], nil),
        (["atlas_session=\(signed)0"], nil),
        (["atlas_session=\(signed) "], nil),
        (["xatlas_session=\(signed)"], nil),
        (["atlas_session =\(signed)"], nil),
        (["atlas_session=\(id).\(id)"], nil),
        (["atlas_session=\(moved)"], nil),
        (["atlas_session=\(moved); atlas_session=\(signed)"], id),
        ([""], nil),
    ]

    @Test(arguments: cookieLines)
    func theSessionIsReadFromTheFirstValidlySignedCookiePair(lines: [String], expected: String?) throws {
        var fields: Fields = [.host: "test.local"]
        for line in lines { fields.append(.cookie, line) }
        let request = Request(method: .get, target: try RequestTarget(parsing: "/profile"), fields: fields)
        #expect(Visitor.fromCookie(request, sessions: Self.sessions).map { Crypto.hex($0.sessionID) } == expected)
    }

    @Test func aKeptSessionStillRefusesAnotherSignatureOfItsID() throws {
        let sessions = KnownSessions(signer: Self.signer)
        let id = try #require(Crypto.bytes(hex: Array(Self.id.utf8)))
        let signature = Self.signer.signature(of: id)
        let kept = try #require(sessions.verified(id: id, signature: signature))
        #expect(kept.sessionHash == Crypto.sha256(id))
        #expect(kept.cookiePair == "atlas_session=" + Self.signed)
        // Kept now: the same id with another key's signature, or one changed bit, is still refused.
        let other = SessionSigner(key: [UInt8](repeating: 8, count: 32)).signature(of: id)
        #expect(sessions.verified(id: id, signature: other) == nil)
        var flipped = signature
        flipped[15] ^= 1
        #expect(sessions.verified(id: id, signature: flipped) == nil)
        #expect(sessions.verified(id: id, signature: signature)?.csrfTokenDigits == kept.csrfTokenDigits)
    }

    /// Whose id a forged cookie carries: another visitor's, who has a profile, or one nobody was given.
    enum ForgedID: String, CaseIterable, Sendable {
        case anotherVisitors
        case invented
    }

    /// Someone who holds one valid cookie (their own) moves its signature onto another session id. The
    /// signature is valid, but not for that id: the cookie is treated as no cookie at all. No profile is
    /// read or created for the id, and a form sent with it is refused, even with the legacy CSRF token the
    /// id would have (derivable from the id alone) and the editor's version.
    @Test(arguments: StoreKind.available, ForgedID.allCases)
    func aValidSignatureMovedOntoAnotherSessionIDIsNoCookie(_ store: StoreKind, _ forgedID: ForgedID) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let bob = WebVisitor(fixture.client)
        #expect(try bob.submitEditor("done", editorValues(username: "Bob", goal: "2026-06-01")).status == .seeOther)
        let mallory = WebVisitor(fixture.client)
        try mallory.get("/profile")
        func parts(_ cookie: String?) throws -> (id: String, signature: String) {
            let value = try #require(cookie?.split(separator: "=").last?.split(separator: "."))
            try #require(value.count == 2 && value[0].count == 32 && value[1].count == 32, "\(cookie ?? "")")
            return (String(value[0]), String(value[1]))
        }
        let id = forgedID == .invented ? "00112233445566778899aabbccddeeff" : try parts(bob.cookie).id
        let signature = try parts(mallory.cookie).signature
        try #require(id != (try parts(mallory.cookie).id))
        let forged: Fields = [.cookie: "atlas_session=\(id).\(signature)"]
        let rowsBefore = try storedProfileRow(fixture)
        try #require(rowsBefore.count == 1, "Bob's profile only")

        // Read as a new visitor's: the defaults, and a cookie with a new id.
        let profile = try fixture.client.get("/profile", fields: forged)
        #expect(profile.status == .ok)
        #expect(profile.text.contains("<h1 id=\"profile-name\" dir=\"auto\">guest</h1>"))
        #expect(!profile.text.contains("Bob"))
        let issued = try parts(profile.fields[.setCookie].map { String($0.prefix { $0 != ";" }) })
        #expect(issued.id != id, "a new visitor gets an id of its own")
        // The editor stores nothing for it (opened with a valid cookie, it stores the visitor's profile).
        let editor = try fixture.client.get("/profile/edit", fields: forged)
        #expect(editor.status == .ok)
        #expect(!editor.text.contains("Bob"))
        #expect(try storedProfileRow(fixture) == rowsBefore)

        // Forms sent with it are refused.
        let token = String(
            decoding: KnownSessions.legacyCSRFTokenDigits(id: try #require(Crypto.bytes(hex: Array(id.utf8)))),
            as: UTF8.self)
        let forms: [(String, [(String, String)])] = [
            (
                "/profile/edit",
                [
                    ("csrf_token", token), ("version", editor.hiddenValue("version") ?? ""), ("action", "done"),
                    ("username", "Mallory"), ("season", "spring"), ("goal_date", "2026-06-01"),
                ]
            ),
            ("/countries/kr/favorite", [("csrf_token", token)]),
        ]
        for (target, pairs) in forms {
            var fields = forged
            fields[.contentType] = "application/x-www-form-urlencoded"
            let body = Array(FormURLEncoding.encode(pairs.map { (name: $0.0, value: $0.1) }).utf8)
            let response = try fixture.client.execute(.post, target, fields: fields, body: body)
            #expect(response.status == .forbidden, "\(target)")
        }
        #expect(try storedProfileRow(fixture) == rowsBefore)
        let bobsProfile = try bob.get("/profile").text
        #expect(bobsProfile.contains("<h1 id=\"profile-name\" dir=\"auto\">Bob</h1>"))
        #expect(try bob.get("/countries/kr").text.contains("aria-pressed=\"false\""))
    }

    @Test(arguments: StoreKind.available)
    func aMalformedCookieIsReplacedNotTrusted(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let page = try fixture.client.get("/profile", fields: [.cookie: "atlas_session=../../etc; other=1"])
        #expect(page.fields[.setCookie]?.hasPrefix("atlas_session=") == true)
        #expect(page.status == .ok)
    }
}

struct FormSecurityTests {
    /// Each refused POST: extra header fields, whether the token is right, and the status expected.
    static let refused: [(String, Fields, Bool, StatusCode)] = [
        ("no token", [:], false, .forbidden),
        ("cross-site fetch", ["Sec-Fetch-Site": "cross-site"], true, .forbidden),
        ("same-site fetch", ["Sec-Fetch-Site": "same-site"], true, .forbidden),
        ("another origin", [.origin: "https://evil.example"], true, .forbidden),
        ("another port", [.origin: "http://test.local:8081"], true, .forbidden),
        ("null origin", [.origin: "null"], true, .forbidden),
        ("JSON body", [.contentType: "application/json"], true, .unsupportedMediaType),
        ("multipart body", [.contentType: "multipart/form-data; boundary=x"], true, .unsupportedMediaType),
    ]

    @Test(arguments: StoreKind.available, refused.indices)
    func aRefusedPostChangesNothing(_ store: StoreKind, _ index: Int) throws {
        let (_, fields, rightToken, status) = FormSecurityTests.refused[index]
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        let editor = try visitor.get("/profile/edit")
        let rowBefore = try storedProfileRow(fixture)
        let token = rightToken ? editor.hiddenValue("csrf_token") ?? "" : ""
        let values: [(String, String)] = [
            ("csrf_token", token), ("version", editor.hiddenValue("version") ?? ""), ("action", "done"),
            ("username", "Mallory"), ("season", "spring"), ("goal_date", "2026-05-02"),
        ]
        for target in ["/profile/edit", "/countries/kr/favorite"] {
            let response = try visitor.post(target, values, fields: fields)
            #expect(response.status == status)
        }
        #expect(try storedProfileRow(fixture) == rowBefore)
        #expect(!(try visitor.get("/profile").text.contains("Mallory")))
        #expect(try visitor.get("/countries/kr").text.contains("aria-pressed=\"false\""))
    }

    /// A token that is not the session's (another visitor's, or one from before the session changed) is
    /// `403` and writes nothing, but the editor comes back with what was typed and the visitor's own
    /// token: sending it again goes through. Nothing tells them to reload, which would resend the POST.
    @Test(arguments: StoreKind.available)
    func anotherVisitorsTokenIsRefusedAndWhatWasTypedIsKept(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let mallory = WebVisitor(fixture.client)
        let alice = WebVisitor(fixture.client)
        let token = try mallory.csrfToken()
        let aliceToken = try alice.csrfToken()
        // Alice has a saved draft: the page that refuses her form names its version, not the one sent.
        #expect(try alice.submitEditor("save", editorValues(username: "Draft", goal: "2026-05-02")).status == .seeOther)
        let version = try #require(try alice.get("/profile/edit").hiddenValue("version"))
        #expect(version != "0")
        let typed = [
            ("csrf_token", token), ("version", "0"), ("action", "done"), ("username", "Alice <typed>"),
            ("season", "summer"), ("goal_date", "2026-06-01"),
        ]
        let response = try alice.post("/profile/edit", typed, fields: [.origin: "http://test.local"])
        #expect(response.status == .forbidden)
        #expect(refusalNotice(response).contains("security token was out of date"))
        #expect(response.text.contains("so nothing was saved"))
        #expect(!refusalNotice(response).lowercased().contains("reload"))
        #expect(response.inputValue("username") == "Alice <typed>")
        #expect(response.text.contains("value=\"summer\" checked"))
        #expect(response.inputValue("goal_date") == "2026-06-01")
        #expect(response.hiddenValue("csrf_token") == aliceToken)
        #expect(response.hiddenValue("version") == version)
        #expect(try alice.get("/profile").text.contains(">guest</h1>"), "nothing was committed")

        let again = try alice.post(
            "/profile/edit",
            [("csrf_token", response.hiddenValue("csrf_token") ?? ""), ("version", version)] + typed.dropFirst(2),
            fields: [.origin: "http://test.local"])
        #expect(again.status == .seeOther)
        #expect(try alice.get("/profile").text.contains("Alice &lt;typed&gt;"))
    }

    /// Without a session cookie (cleared, or expired while the form was open) the same: `403`, nothing
    /// written, the form kept, with a new session's cookie and token to send it with.
    @Test(arguments: StoreKind.available)
    func aPostWithoutACookieIsRefusedAndWhatWasTypedIsKept(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        let typed = [
            ("version", "0"), ("action", "save"), ("username", "박지민"), ("season", "autumn"),
            ("goal_date", "2026-06-01"),
        ]
        let sameSite: Fields = [.secFetchSite: "same-origin"]
        let response = try visitor.post("/profile/edit", [("csrf_token", "0")] + typed, fields: sameSite)
        #expect(response.status == .forbidden)
        #expect(refusalNotice(response).contains("Your session cookie was missing, so nothing was saved."))
        #expect(!refusalNotice(response).lowercased().contains("reload"))
        #expect(response.inputValue("username") == "박지민")
        #expect(response.fields[.setCookie]?.hasPrefix("atlas_session=") == true)
        #expect(try storedProfileRow(fixture).isEmpty)

        let again = try visitor.post(
            "/profile/edit", [("csrf_token", response.hiddenValue("csrf_token") ?? "")] + typed, fields: sameSite)
        #expect(again.status == .seeOther)
        #expect(try visitor.get("/profile/edit").inputValue("username") == "박지민")
    }

    /// A POST whose browser names no origin at all (neither `Origin` nor `Sec-Fetch-Site`) could be
    /// another site's in an old browser, sent without the Lax cookie: it gets the plain 403 and no
    /// new session, whose cookie would replace the visitor's.
    @Test func aRefusedFormWithoutProofOfItsOriginGetsNoNewSession() throws {
        let fixture = try AppFixture(now: profileDay)
        let response = try WebVisitor(fixture.client).post(
            "/profile/edit", [("csrf_token", "0"), ("version", "0"), ("action", "done"), ("username", "Eve")])
        #expect(response.status == .forbidden)
        #expect(response.fields[.setCookie] == nil)
        #expect(refusalNotice(response).isEmpty)
        #expect(!response.text.contains("Eve"))
    }

    /// The autosave's JSON request gets the plain `403`: the page still holds what was typed.
    @Test func anAutosaveWithAStaleTokenIsAPlain403() throws {
        let fixture = try AppFixture(now: profileDay)
        let visitor = WebVisitor(fixture.client)
        _ = try visitor.csrfToken()
        let response = try visitor.post(
            "/profile/edit", [("csrf_token", "0"), ("version", "0"), ("action", "save"), ("username", "Ada")],
            fields: [.accept: "application/json"])
        #expect(response.status == .forbidden)
        #expect(response.fields[.contentType]?.hasPrefix("application/json") == true)
        #expect(!response.text.contains("Ada"))
    }

    @Test(arguments: StoreKind.available)
    func theSameOriginIsAccepted(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        let editor = try visitor.get("/profile/edit")
        let response = try visitor.post(
            "/profile/edit", [("csrf_token", editor.hiddenValue("csrf_token") ?? ""), ("action", "cancel")],
            fields: [.origin: "http://test.local", "Sec-Fetch-Site": "same-origin"])
        #expect(response.status == .seeOther)
    }

    /// The token a new visitor's first page carries is the one their cookie gives on the next request
    /// (one HMAC makes both), 128 bits as hex, and not in the cookie a script or a log could read.
    @Test(arguments: StoreKind.available)
    func theTokenComesWithTheCookieAndIsNotInIt(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        let first = try #require(try visitor.get("/profile/edit").hiddenValue("csrf_token"))
        let cookie = try #require(visitor.cookie)
        #expect(first.count == 32 && first.allSatisfy(\.isHexDigit))
        #expect(!cookie.contains(first))
        #expect(try visitor.get("/countries/kr").hiddenValue("csrf_token") == first)
        #expect(try visitor.get("/profile/edit").hiddenValue("csrf_token") == first)
        let other = try #require(try WebVisitor(fixture.client).get("/profile/edit").hiddenValue("csrf_token"))
        #expect(other != first)
    }

    /// A form rendered before the token changed to the signature's other half (64 hex digits, keyed by
    /// the session id) still submits, so nothing typed into it is lost at that deploy; another
    /// session's legacy token does not.
    @Test(arguments: StoreKind.available)
    func aFormWithTheLegacyTokenStillSubmits(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        let editor = try visitor.get("/profile/edit")
        let idHex = try #require(visitor.cookie?.split(separator: "=").last?.split(separator: ".").first)
        let id = try #require(Crypto.bytes(hex: Array(idHex.utf8)))
        let legacy = String(decoding: KnownSessions.legacyCSRFTokenDigits(id: id), as: UTF8.self)
        #expect(legacy.count == KnownSessions.legacyCSRFTokenLength)
        let saved = try visitor.post(
            "/profile/edit",
            [
                ("csrf_token", legacy), ("version", editor.hiddenValue("version") ?? ""), ("action", "done"),
                ("username", "Kept"), ("season", "spring"), ("goal_date", "2026-06-01"),
            ])
        #expect(saved.status == .seeOther)
        #expect(try visitor.get("/profile").text.contains("Kept"))
        var othersID = id
        othersID[0] ^= 1
        let others = String(decoding: KnownSessions.legacyCSRFTokenDigits(id: othersID), as: UTF8.self)
        #expect(try visitor.post("/countries/kr/favorite", [("csrf_token", others)]).status == .forbidden)
    }

    @Test(arguments: StoreKind.available)
    func anUnknownActionIs400(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        #expect(try visitor.submitEditor("publish", editorValues(goal: "2026-05-02")).status == .badRequest)
    }
}

struct CryptoTests {
    @Test func sha256AndHMACMatchTheirStandardTestVectors() {
        // FIPS 180-2 appendix B.1 and RFC 4231 test case 2.
        #expect(
            Crypto.hex(Crypto.sha256(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Crypto.hex(Crypto.hmacSHA256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(Crypto.constantTimeEqual([1, 2, 3], [1, 2, 3]))
        #expect(!Crypto.constantTimeEqual([1, 2, 3], [1, 2, 4]))
        #expect(!Crypto.constantTimeEqual([1, 2], [1, 2, 3]))
    }
}

struct TokenTagTests {
    @Test(arguments: [
        ("s", "0123456789abcdef0123456789abcdef", "s0123456789abcd"),
        ("e", "fedcba9876543210fedcba9876543210", "efedcba98765432"),
        ("g", "0123", "g0123"),
    ])
    func aTagIsTheMarkerAndTheTokensFirst14Digits(marker: String, token: String, tag: String) {
        let made = Visitor.tokenTag(marker.unicodeScalars.first!, Array(token.utf8))
        #expect(made == tag)
        #expect(made.utf8.count <= 15, "kept inline by Swift's small strings")
    }
}

/// The notice above a refused editor (`notice-refused`), or "" when there is none.
func refusalNotice(_ response: Response) -> String {
    guard let start = response.text.range(of: "<div class=\"notice notice-refused\""),
        let end = response.text[start.upperBound...].range(of: "</div>")
    else { return "" }
    return String(response.text[start.lowerBound..<end.upperBound])
}
