import AtlasCore
import Foundation
import HTTPCore
import Localization
import Mustache
import Routing
import Synchronization
import Testing

@testable import AtlasWeb

/// A returning visitor's cookie: with it a detail page's star form (its CSRF token) is the same on
/// every request, so its bytes and `ETag` can be compared; without it each response starts a new visitor.
let returningVisitor: Fields = [.cookie: "atlas_session=" + signedShippedCookie("0123456789abcdef0123456789abcdef")]

/// The fields a test sends for `path`: the returning visitor's cookie on a detail page, nothing elsewhere.
func visitorFields(for path: String) -> Fields {
    path.hasPrefix("/countries/") ? returningVisitor : Fields()
}

/// `Vary` of a page: the country pages also vary by the visitor's cookie (the star, the starred line).
func expectedVary(for path: String) -> String {
    path.hasPrefix("/countries") ? "Cookie, Accept-Encoding" : "Accept-Encoding"
}

/// Pages served from the page cache are the same bytes a fresh render makes, follow the data, and
/// carry working validators.
struct PageCacheTests {
    static let cachedPaths = [
        "/", "/countries", "/countries?q=ko", "/countries?continent=europe&sort=cases", "/countries/kr",
        "/api/all", "/api/countries?q=ko", "/api/countries/kr",
    ]

    @Test(arguments: StoreKind.available, cachedPaths)
    func aCachedPageIsByteIdenticalToAFreshRender(_ store: StoreKind, _ path: String) throws {
        let warm = try AppFixture(store: store, now: shippedSnapshotUpdated + 60_000)
        let first = try warm.client.get(path, fields: visitorFields(for: path))
        let cached = try warm.client.get(path, fields: visitorFields(for: path))
        // Another app that has never rendered the page renders it fresh.
        let other = try AppFixture(store: store, now: shippedSnapshotUpdated + 60_000)
        let fresh = try withExtendedLifetime(other) { try other.client.get(path, fields: visitorFields(for: path)) }
        #expect(first.status == .ok)
        #expect(cached.body == first.body)
        #expect(cached.body == fresh.body)
        #expect(cached.fields[.eTag] == fresh.fields[.eTag])
    }

    @Test func spellingsOfTheSameQueryShareOnePage() throws {
        let app = try AppFixture()
        let canonical = try app.client.get("/countries?q=ko&continent=asia")
        for spelling in ["/countries?continent=asia&q=ko", "/countries?q=+ko+&continent=Asia&sort=name"] {
            let other = try app.client.get(spelling)
            #expect(other.body == canonical.body, "\(spelling)")
            #expect(other.fields[.eTag] == canonical.fields[.eTag])
        }
    }

    @Test(arguments: StoreKind.available)
    func aNewImportIsVisibleAndChangesTheETag(_ store: StoreKind) throws {
        let app = try AppFixture(store: store, reloadCheckInterval: 0)
        let before = try app.client.get("/countries/kr")
        #expect(before.text.contains("S. Korea"))
        let oldTag = try #require(before.fields[.eTag])
        try storeSnapshot(
            [
                Country(
                    country: "S. Korea", countryInfo: CountryInfo(iso2: "KR", iso3: "KOR"), figures: [.cases: 424_242])
            ],
            at: app.location)
        // What the watcher thread does every second in a server.
        app.app.checkSharedState()
        let after = try app.client.get("/countries/kr", fields: [.ifNoneMatch: oldTag])
        #expect(after.status == .ok)
        #expect(after.text.contains("424,242"))
        #expect(after.fields[.eTag] != oldTag)
        #expect(try app.client.get("/api/countries/kr").text.contains("424242"))
        #expect(try app.client.get("/countries").text.contains("1 country"))
    }

    /// The star is each visitor's own, read from the profile store: another visitor's tag never matches.
    @Test(arguments: StoreKind.available)
    func anotherVisitorsStarIsNeverA304(_ store: StoreKind) throws {
        let app = try AppFixture(store: store)
        let page = try app.client.get("/countries/kr", fields: returningVisitor)
        let eTag = try #require(page.fields[.eTag])
        let stranger = try app.client.get(
            "/countries/kr",
            fields: [
                .cookie: "atlas_session=" + signedShippedCookie("ffffffffffffffffffffffffffffffff"), .ifNoneMatch: eTag,
            ])
        #expect(stranger.status == .ok)
        #expect(stranger.fields[.eTag] != eTag)
    }

    @Test func theFreshnessLineMovesWithTheClockAndSoDoesTheETag() throws {
        let clock = ManualClock(shippedSnapshotUpdated + 5 * 60_000)
        let app = try AppFixture(clock: clock)
        let early = try app.client.get("/")
        #expect(early.text.contains("(5 minutes ago)"))
        clock.advance(by: 3 * 3_600_000)
        let later = try app.client.get("/", fields: [.ifNoneMatch: try #require(early.fields[.eTag])])
        #expect(later.status == .ok)
        #expect(later.text.contains("(3 hours ago)"))
        #expect(later.fields[.eTag] != early.fields[.eTag])
    }
}

/// `ETag`, `Last-Modified` and `304 Not Modified` on cached pages (RFC 9110 §13).
struct ConditionalPageTests {
    let app: AppFixture
    init() throws { app = try AppFixture() }

    @Test(arguments: ["/", "/countries", "/countries/kr", "/api/countries"])
    func aMatchingETagIs304WithoutContentAndWithTheValidators(_ path: String) throws {
        let page = try app.client.get(path, fields: visitorFields(for: path))
        let eTag = try #require(page.fields[.eTag])
        // A page with the visitor's own parts has no date to validate against, only its ETag.
        #expect((page.fields[.lastModified] != nil) == (visitorFields(for: path).count == 0))
        for condition in [eTag, "W/" + eTag, "\"other\", " + eTag, "*"] {
            var fields = visitorFields(for: path)
            fields[.ifNoneMatch] = condition
            let again = try app.client.get(path, fields: fields)
            #expect(again.status == .notModified, "If-None-Match: \(condition)")
            #expect(again.body.isEmpty)
            #expect(again.fields[.eTag] == eTag)
            #expect(again.fields[.vary] == expectedVary(for: path))
        }
        var other = visitorFields(for: path)
        other[.ifNoneMatch] = "\"other\""
        #expect(try app.client.get(path, fields: other).status == .ok)
    }

    @Test func ifModifiedSinceCountsOnlyWithoutIfNoneMatch() throws {
        let page = try app.client.get("/countries")
        let lastModified = try #require(page.fields[.lastModified])
        #expect(try app.client.get("/countries", fields: [.ifModifiedSince: lastModified]).status == .notModified)
        let earlier = try app.client.get(
            "/countries", fields: [.ifModifiedSince: "Sat, 01 Jan 2000 00:00:00 GMT"])
        #expect(earlier.status == .ok)
        #expect(earlier.body == page.body)
        let both = try app.client.get(
            "/countries", fields: [.ifNoneMatch: "\"other\"", .ifModifiedSince: lastModified])
        #expect(both.status == .ok, "If-None-Match decides when present")
        #expect(try app.client.get("/countries", fields: [.ifModifiedSince: "yesterday"]).status == .ok)
    }

    @Test func pagesAreRevalidatedNotStoredBlindly() throws {
        #expect(try app.client.get("/countries").fields[.cacheControl] == "no-cache")
    }
}

/// `Content-Encoding: gzip` for clients that accept it (RFC 9110 §12.5.3), compressed once.
struct GzipTests {
    let app: AppFixture
    init() throws { app = try AppFixture() }

    @Test(arguments: ["/", "/countries", "/countries/kr", "/api/countries", "/static/css/atlas.css"])
    func gzipDecompressesToTheIdentityBody(_ path: String) throws {
        let plain = try app.client.get(path, fields: visitorFields(for: path))
        var accepting = visitorFields(for: path)
        accepting[.acceptEncoding] = "gzip, deflate, br"
        let gzipped = try app.client.get(path, fields: accepting)
        #expect(plain.fields[.contentEncoding] == nil)
        #expect(gzipped.fields[.contentEncoding] == "gzip")
        #expect(plain.fields[.vary] == expectedVary(for: path))
        #expect(gzipped.fields[.vary] == expectedVary(for: path))
        #expect(gzipped.body.count < plain.body.count)
        #expect(gunzip(gzipped.body) == plain.body)
        #expect(gzipped.fields[.eTag] != plain.fields[.eTag], "each coding is its own representation")
    }

    @Test(arguments: [
        ("gzip", true), ("GZIP;q=0.5", true), ("x-gzip", true), ("*", true), ("br, *;q=0.1", true),
        ("gzip;q=0", false), ("gzip;q=0.000", false), ("identity", false), ("br", false), ("*;q=0", false),
        ("gzip;q=0, *", false), ("*, gzip;q=0", false), ("gzip;q=2", false), ("gzip;q=abc", false),
        ("deflate;q=1.0, gzip ; q=0.001", true),
    ])
    func acceptEncodingQValuesAreHonoured(_ header: String, _ expectsGzip: Bool) throws {
        let response = try app.client.get("/countries/kr", fields: [.acceptEncoding: header])
        #expect((response.fields[.contentEncoding] == "gzip") == expectsGzip, "Accept-Encoding: \(header)")
    }

    @Test func imagesAreNotCompressedAgain() throws {
        let icon = try app.client.get("/vendor/leaflet/images/marker-icon.png", fields: [.acceptEncoding: "gzip"])
        #expect(icon.fields[.contentEncoding] == nil)
    }
}

/// Holes: a cached page with per-request fragments renders, and gunzips, to exactly the bytes of
/// a render with the fragments in place.
struct PageHoleTests {
    let views: String

    init() throws {
        views = NSTemporaryDirectory() + "atlas-holes-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: packageRoot + "/Views", toPath: views)
        try "<p>{{{holes.greeting}}}</p><p>{{name}}</p><div>{{{holes.token}}}</div>{{{holes.greeting}}}"
            .write(toFile: views + "/holed.mustache", atomically: true, encoding: .utf8)
    }

    @Test(arguments: [
        ["greeting": "<b>Hi</b>", "token": "abc123"], ["greeting": "", "token": ""],
        ["greeting": "é—🦠", "token": String(repeating: "x", count: 70_000)],
    ])
    func aPageWithHolesMatchesTheRenderWithTheFragmentsInPlace(_ fragments: [String: String]) throws {
        defer { try? FileManager.default.removeItem(atPath: views) }
        let renderer = try PageRenderer(
            library: try TemplateLibrary(directory: views), viewsDirectory: views,
            tiles: try TileSource(template: TileSource.openStreetMap))
        let layout = LayoutContext(
            title: "Holes", section: .none, words: PageWords(try Catalog(language: .en, texts: [:])))
        let page = try renderer.render(
            "holed", context: ["name": "Ünïcode & <tags>"], layout: layout, holes: ["greeting", "token"])
        #expect(page.content.holes == ["greeting", "token", "greeting"])
        let expected = try renderer.render(
            "holed",
            context: [
                "name": "Ünïcode & <tags>",
                "holes": .object(fragments.mapValues { .string($0) }),
            ], layout: layout
        ).content.identity()
        let fill = { (name: String) in Array((fragments[name] ?? "").utf8) }
        #expect(page.content.identity(fill) == expected)
        #expect(gunzip(page.content.gzip(fill)) == expected)
    }
}

/// The page cache with a page that has holes: each visitor's fragments change the `ETag`, the
/// copy is private, and per-response fields reach the wire.
struct PageCacheHoleTests {
    final class Counter: Sendable {
        let value = Mutex(0)
        var count: Int { value.withLock { $0 } }
    }

    let cache = PageCache(templateVersion: "t1", now: { 1_000_000 })

    func respond(token: String, fields: Fields = Fields(), extra: Fields = Fields(), renders: Counter) -> Response {
        let request = Request(method: .get, target: try! RequestTarget(parsing: "/page"), fields: fields)
        return cache.response(
            for: request, key: "/page", version: 1, dataChangedAt: 0, freshness: { nil },
            fill: { name in Array((name == "token" ? token : "").utf8) }, extraFields: extra
        ) {
            renders.value.withLock { $0 += 1 }
            return CacheablePage(
                status: .ok, fields: ["Content-Type": "text/html; charset=utf-8"],
                content: SplicedContent(chunks: [Array("<p>".utf8), Array("</p>".utf8)], holes: ["token"]))
        }
    }

    @Test func eachVisitorGetsTheirOwnBytesAndTagFromOneRender() throws {
        let renders = Counter()
        let alice = respond(token: "alice", renders: renders)
        let bob = respond(token: "bob", fields: [FieldName.acceptEncoding: "gzip"], renders: renders)
        #expect(renders.count == 1)
        #expect(alice.text == "<p>alice</p>")
        #expect(gunzip(bob.body) == Array("<p>bob</p>".utf8))
        #expect(alice.fields[.eTag] != nil)
        #expect(alice.fields[.eTag] != respond(token: "bob", renders: renders).fields[.eTag])
        #expect(alice.fields[.cacheControl] == "private, no-cache")
        let aliceAgain = respond(
            token: "alice", fields: [FieldName.ifNoneMatch: alice.fields[.eTag]!], renders: renders)
        #expect(aliceAgain.status == .notModified)
        let bobWithAlicesTag = respond(
            token: "bob", fields: [FieldName.ifNoneMatch: alice.fields[.eTag]!], renders: renders)
        #expect(bobWithAlicesTag.status == .ok)
        #expect(bobWithAlicesTag.text == "<p>bob</p>")
    }

    @Test func perResponseFieldsAreSerialized() throws {
        let response = respond(token: "x", extra: [FieldName.setCookie: "session=abc; HttpOnly"], renders: Counter())
        let wire = String(
            decoding: ResponseSerializer.serialize(response, requestMethod: .get, keepAlive: true, date: "d"),
            as: UTF8.self)
        #expect(wire.contains("\r\nSet-Cookie: session=abc; HttpOnly\r\n"))
        #expect(wire.hasSuffix("\r\n\r\n<p>x</p>"))
    }
}

/// Fingerprinted asset names (content hash in the URL) with a long `Cache-Control`.
struct FingerprintedAssetTests {
    /// A year, never revalidated (RFC 8246): what a browser must be told to keep a fingerprinted file.
    static let immutable = "public, max-age=31536000, immutable"

    let app: AppFixture
    init() throws { app = try AppFixture() }

    @Test func pagesLinkFingerprintedAssetsThatAreImmutableAndTheSameBytes() throws {
        let page = try app.client.get("/countries/kr").text
        let links = try #require(
            page.matches(of: try Regex("(/(static|vendor/leaflet)/[a-z0-9/._-]+\\.[0-9a-f]{16}\\.[a-z]+)")).map {
                String(page[$0.range])
            } as [String]?)
        #expect(links.count >= 8)
        for link in links {
            let fingerprinted = try app.client.get(link)
            #expect(fingerprinted.status == .ok, "\(link)")
            #expect(fingerprinted.fields[.cacheControl] == Self.immutable)
            let plainPath = link.replacing(try Regex("\\.[0-9a-f]{16}\\."), with: ".")
            let plain = try app.client.get(plainPath)
            #expect(plain.status == .ok, "\(plainPath)")
            #expect(plain.body == fingerprinted.body)
            // The plain names keep their ordinary lifetimes: an hour for the app's files, a day for Leaflet's.
            let lifetime = link.hasPrefix("/vendor/leaflet/") ? 86_400 : 3600
            #expect(plain.fields[.cacheControl] == "public, max-age=\(lifetime)", "\(plainPath)")
        }
    }

    @Test func anOldFingerprintStillServesTheCurrentFileButNotForever() throws {
        let old = try app.client.get("/static/css/atlas.0123456789abcdef.css")
        #expect(old.status == .ok)
        #expect(old.body == (try app.client.get("/static/css/atlas.css")).body)
        #expect(old.fields[.cacheControl] == "public, max-age=3600")
        #expect(try app.client.get("/static/css/missing.0123456789abcdef.css").status == .notFound)
    }
}
