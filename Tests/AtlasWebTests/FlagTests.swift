import Foundation
import HTTPCore
import Mustache
import Routing
import Testing

@testable import AtlasWeb

/// Debian's flags where the pages show a country: served by the app, a placeholder where there is none,
/// `alt=""` beside the name and the name when alone.
struct FlagPageTests {
    let app: AppFixture
    var client: TestClient { app.client }

    init() throws { app = try AppFixture() }

    /// The `<img>` of `partials/flag` for a source, as the page writes it.
    static func flag(_ src: String, alt: String = "", lazy: Bool = true) -> String {
        "<img class=\"flag\" src=\"\(src)\" alt=\"\(alt)\" width=\"40\" height=\"30\""
            + (lazy ? " loading=\"lazy\"" : "") + " decoding=\"async\">"
    }

    /// The placeholder's `<img>` with its fingerprinted source, beside a name or alone.
    static var placeholder: Regex<AnyRegexOutput> {
        try! Regex(
            "<img class=\"flag flag-placeholder\" src=\"/static/icons/flag-placeholder\\.[0-9a-f]{16}\\.svg\" alt=\"([^\"]*)\""
        )
    }

    @Test func listRowsShowEachFlagBesideTheNameAsDecoration() throws {
        let page = try client.get("/countries").text
        #expect(page.contains("<a href=\"/countries/kr\">" + Self.flag("/flags/kr.svg") + "<span>S. Korea</span></a>"))
        #expect(page.contains("<a href=\"/countries/jp\">" + Self.flag("/flags/jp.svg") + "<span>Japan</span></a>"))
        // Every row has one: 224 entries, 222 flags and the two cruise ships' placeholders.
        #expect(page.matches(of: try Regex("<img class=\"flag\" src=\"/flags/[a-z]{2}\\.svg\" alt=\"\"")).count == 222)
        let placeholders = page.matches(of: Self.placeholder)
        #expect(placeholders.count == 2)
        #expect(placeholders.allSatisfy { $0.output[1].substring == "" })
    }

    @Test func theCruiseShipsRowsHaveThePlaceholderBesideTheirNames() throws {
        let page = try client.get("/countries?q=princess").text
        #expect(
            page.contains(
                try Regex(
                    "<a href=\"/countries/diamond-princess\"><img class=\"flag flag-placeholder\" src=\"[^\"]+\" alt=\"\"[^>]*><span>Diamond Princess</span>"
                )))
    }

    @Test func theCountryPageShowsItsFlagAloneOverTheMapNamedByTheCountry() throws {
        let page = try client.get("/countries/kr").text
        #expect(page.contains("<span class=\"map-flag\">" + Self.flag("/flags/kr.svg", alt: "S. Korea", lazy: false)))
        // The map's frame holds it, not the title beside the name.
        let frame = try #require(page.range(of: "<div class=\"map-frame\">"))
        let title = try #require(page.range(of: "<div class=\"country-title\">"))
        let flag = try #require(page.range(of: "src=\"/flags/kr.svg\""))
        #expect(frame.upperBound < flag.lowerBound && flag.upperBound < title.lowerBound)
    }

    @Test func aCruiseShipsPageHasThePlaceholderNamedAsHavingNoFlag() throws {
        let page = try client.get("/countries/diamond-princess").text
        let match = try #require(page.firstMatch(of: Self.placeholder))
        #expect(match.output[1].substring == "Diamond Princess (no flag)")
        #expect(!page.contains("/flags/"))
    }

    @Test func theWorldPagesTopListAndTheNotFoundPageShowFlagsBesideNames() throws {
        #expect(try client.get("/").text.contains(Self.flag("/flags/us.svg") + "<span>USA</span>"))
        let notFound = try client.get("/countries/korae")
        #expect(notFound.status == .notFound)
        #expect(notFound.text.contains(Self.flag("/flags/kr.svg") + "<span>S. Korea</span>"))
        // A country the data lacks still has its flag beside its name.
        #expect(
            try client.get("/countries/north-korea").text.contains(Self.flag("/flags/kp.svg") + " North Korea is not"))
    }

    @Test func noPageShowsAnEmojiFlagAnyMore() throws {
        for path in ["/", "/countries", "/countries/kr", "/countries/north-korea", "/countries?q=zzzz-korea"] {
            let page = try client.get(path).text
            #expect(!page.unicodeScalars.contains { (0x1F1E6...0x1F1FF).contains($0.value) }, "\(path)")
        }
    }

    @Test func starredCountriesOnTheProfileAndTheListHaveTheirFlagsBesideTheirNames() throws {
        let visitor = WebVisitor(client)
        let page = try visitor.get("/countries/kr")
        try visitor.post("/countries/kr/favorite", [("csrf_token", page.hiddenValue("csrf_token") ?? "")])
        let profile = try visitor.get("/profile").text
        #expect(profile.contains("<a href=\"/countries/kr\">" + Self.flag("/flags/kr.svg") + " S. Korea</a>"))
        let list = try visitor.get("/countries").text
        #expect(list.contains("<a href=\"/countries/kr\">" + Self.flag("/flags/kr.svg") + " S. Korea</a>"))
    }
}

/// `/flags/xx.svg`: the folder's files, with a long lifetime, their own type and a CSP; nothing else.
struct FlagFileTests {
    let app: AppFixture
    var client: TestClient { app.client }

    init() throws { app = try AppFixture() }

    @Test func aFlagIsAnSVGCachedFor30DaysWithAnETagAndALockedDownPolicy() throws {
        let response = try client.get("/flags/kr.svg")
        #expect(response.status == .ok)
        #expect(response.fields[.contentType] == "image/svg+xml")
        #expect(response.fields[.cacheControl] == "public, max-age=2592000")
        #expect(response.fields[.contentSecurityPolicy] == "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        #expect(response.fields[.xContentTypeOptions] == "nosniff")
        #expect(response.fields[.lastModified] != nil)
        let file = try Data(contentsOf: URL(fileURLWithPath: AtlasConfiguration.Defaults.flagsDirectory + "/kr.svg"))
        #expect(response.body == [UInt8](file))
        let eTag = try #require(response.fields[.eTag])
        let again = try client.get("/flags/kr.svg", fields: [.ifNoneMatch: eTag])
        #expect(again.status == .notModified)
        #expect(again.body.isEmpty)
        #expect(again.fields[.cacheControl] == "public, max-age=2592000")
    }

    @Test func aFlagIsGzippedForAClientThatTakesIt() throws {
        let response = try client.get("/flags/kr.svg", fields: [.acceptEncoding: "gzip"])
        #expect(response.fields[.contentEncoding] == "gzip")
        #expect(response.fields[.vary] == "Accept-Encoding")
        #expect(response.fields[.contentSecurityPolicy] != nil)
    }

    @Test(arguments: [
        "/flags/qq.svg", "/flags/KR.svg", "/flags/kr.png", "/flags/kr", "/flags/_generic.svg", "/flags/kor.svg",
        "/flags/", "/flags/kr.svg/x",
    ])
    func anUnknownFlagIs404(_ target: String) throws {
        #expect(try client.get(target).status == .notFound, "\(target)")
    }

    @Test(arguments: [
        "/flags/../../../../etc/passwd", "/flags/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/flags/..%2F..%2F..%2F..%2Fetc%2Fpasswd", "/flags/%2e%2e%2fcountry-squared%2fkr.svg",
        "/flags/%252e%252e/kr.svg", "/flags/.kr.svg",
    ])
    func nothingOutsideTheFlagsFolderIsServed(_ target: String) throws {
        let response = try client.get(target)
        #expect(response.status == .notFound, "\(target) answered \(response.status)")
        #expect(!response.text.contains("root:"))
    }

    @Test func aFlagsFolderServesOnlyWhatItHoldsAndALinkOutOfItIsRefused() throws {
        let folder = try FlagFolder(["jp"])
        try "outside".write(toFile: folder.base + "/outside.svg", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/zz.svg", withDestinationPath: folder.base + "/outside.svg")
        let fixture = try AppFixture(flagsDirectory: folder.path)
        #expect(try fixture.client.get("/flags/jp.svg").status == .ok)
        #expect(try fixture.client.get("/flags/kr.svg").status == .notFound)
        let escaped = try fixture.client.get("/flags/zz.svg")
        #expect(escaped.status == .notFound)
        #expect(!escaped.text.contains("outside"))
        // Korea has no file in this folder: its pages show the placeholder and link no missing flag.
        let page = try fixture.client.get("/countries/kr").text
        #expect(
            page.contains(try Regex("class=\"flag flag-placeholder\" src=\"[^\"]+\" alt=\"S\\. Korea \\(no flag\\)\"")))
        #expect(
            try fixture.client.get("/countries").text.contains(
                FlagPageTests.flag("/flags/jp.svg") + "<span>Japan</span>"))
        #expect(!(try fixture.client.get("/countries").text.contains("/flags/kr.svg")))
    }
}

/// A temporary flags folder holding a tiny flag for each code given.
final class FlagFolder {
    let base: String
    var path: String { base + "/flags" }

    init(_ codes: [String]) throws {
        base = NSTemporaryDirectory() + "flags-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: base + "/flags", withIntermediateDirectories: true)
        for code in codes {
            try "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 3\"><rect width=\"4\" height=\"3\"/></svg>"
                .write(toFile: base + "/flags/\(code).svg", atomically: true, encoding: .utf8)
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: base) }
}

/// `FlagImages`: which names are flags, and the `flag` value each entry gets.
struct FlagImagesTests {
    let flags = FlagImages(codes: ["kr", "jp"], placeholderURL: "/static/icons/flag-placeholder.0123456789abcdef.svg")

    @Test(arguments: [
        ("kr.svg", true), ("jp.svg", true), ("KR.svg", false), ("kr.SVG", false), ("kor.svg", false),
        ("k.svg", false), ("_generic.svg", false), ("kr.png", false), ("ks.svgz", false), (".k.svg", false),
        ("é.svg", false), ("k1.svg", false),
    ])
    func aFlagFileIsTwoLowerCaseLettersAndSVG(_ name: String, _ isFlag: Bool) {
        #expect(FlagImages.isFlagFileName(name) == isFlag, "\(name)")
    }

    @Test(
        arguments: [
            ("KR", "S. Korea", FlagImages.Use.besideName, "/flags/kr.svg", "", false, true),
            ("kr", "S. Korea", .alone(withoutFlag: "S. Korea (no flag)"), "/flags/kr.svg", "S. Korea", false, false),
            (
                nil, "Diamond Princess", .besideName, "/static/icons/flag-placeholder.0123456789abcdef.svg", "", true,
                true
            ),
            (
                nil, "Diamond Princess", .alone(withoutFlag: "Diamond Princess (no flag)"),
                "/static/icons/flag-placeholder.0123456789abcdef.svg",
                "Diamond Princess (no flag)", true, false
            ),
            (
                "FR", "France", .alone(withoutFlag: "France (no flag)"),
                "/static/icons/flag-placeholder.0123456789abcdef.svg", "France (no flag)", true,
                false
            ),
        ] as [(String?, String, FlagImages.Use, String, String, Bool, Bool)])
    func eachEntryGetsItsFlagOrThePlaceholderWithTheAltItsPlaceCalls(
        _ iso2: String?, _ name: String, _ use: FlagImages.Use, _ src: String, _ alt: String, _ placeholder: Bool,
        _ lazy: Bool
    ) {
        let value = flags.templateValue(iso2: iso2, name: name, use: use)
        let expected: TemplateValue = [
            "src": .string(src), "alt": .string(alt), "placeholder": .bool(placeholder), "lazy": .bool(lazy),
        ]
        #expect(value == expected)
    }

    @Test func theCodesOfAFolderAreItsFlagFilesOnly() throws {
        let folder = try FlagFolder(["kr", "jp"])
        try "x".write(toFile: folder.path + "/_generic.svg", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder.path + "/zz.svg", withIntermediateDirectories: true)
        try "outside".write(toFile: folder.base + "/outside.svg", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/xx.svg", withDestinationPath: folder.base + "/outside.svg")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/kp.svg", withDestinationPath: "kr.svg")
        #expect(FlagImages.codes(inDirectory: folder.path) == ["kr", "jp", "kp"])
        #expect(FlagImages.codes(inDirectory: "/nonexistent") == [])
    }
}

/// The server refuses to start without flags, in one line naming the fix, as it does for Leaflet.
struct FlagStartupTests {
    @Test func aMissingFlagsDirectoryIsNamedWithTheFix() throws {
        let error = #expect(throws: AtlasStartupError.self) { try AppFixture(flagsDirectory: "/nonexistent/flags") }
        #expect(
            error?.description
                == "the flags directory /nonexistent/flags does not exist; "
                + "install Debian's iso-flags-svg (script/bootstrap) or pass --flags DIR")
    }

    @Test func aFlagsDirectoryWithoutAFlagIsRefusedWithTheFix() throws {
        let folder = try FlagFolder([])
        try "x".write(toFile: folder.path + "/_generic.svg", atomically: true, encoding: .utf8)
        let error = #expect(throws: AtlasStartupError.self) { try AppFixture(flagsDirectory: folder.path) }
        #expect(
            error?.description
                == "\(folder.path) holds no flag (xx.svg), so this is not a flags directory; "
                + "install Debian's iso-flags-svg (script/bootstrap) or pass --flags DIR")
    }
}
