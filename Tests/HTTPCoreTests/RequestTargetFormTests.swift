import Testing

@testable import HTTPCore

/// What a request target parsed to, in the terms a responder reads.
struct TargetCase: CustomTestStringConvertible, Sendable {
    let raw: String
    let path: String
    let query: String?
    let authority: String?
    var testDescription: String { raw }
}

struct RequestTargetFormTests {
    @Test(
        "an absolute-form target gives the same path and query as its origin-form (RFC 9112 §3.2.2)",
        arguments: [
            TargetCase(
                raw: "http://example.com/countries/kr?x=1", path: "/countries/kr", query: "x=1",
                authority: "example.com"),
            TargetCase(raw: "https://example.com/", path: "/", query: nil, authority: "example.com"),
            TargetCase(raw: "HTTP://Example.COM:8080/a/../b", path: "/b", query: nil, authority: "Example.COM:8080"),
            TargetCase(raw: "http://example.com", path: "/", query: nil, authority: "example.com"),
            TargetCase(raw: "http://example.com?q=a+b", path: "/", query: "q=a+b", authority: "example.com"),
            TargetCase(raw: "http://127.0.0.1:8080/api/v3", path: "/api/v3", query: nil, authority: "127.0.0.1:8080"),
            TargetCase(raw: "http://[::1]:8080/x%20y", path: "/x y", query: nil, authority: "[::1]:8080"),
            TargetCase(raw: "/countries/kr?x=1", path: "/countries/kr", query: "x=1", authority: nil),
        ])
    func absoluteForm(_ expected: TargetCase) throws {
        let target = try RequestTarget(parsing: expected.raw)
        #expect(target.raw == expected.raw)
        #expect(target.path == expected.path)
        #expect(target.query == expected.query)
        #expect(target.authority == expected.authority)
        #expect(!target.isAsterisk)
    }

    @Test(
        "targets that are no accepted form are refused",
        arguments: [
            "ftp://example.com/", "file:///etc/passwd", "mailto:a@example.com", "http:/example.com/",
            "http://", "http:///path", "http://:80/", "http://user@example.com/", "http://user:pw@example.com/",
            "http://exa mple.com/", "http://example.com:8o/", "http://[::1/", "http://[zz]/", "http://a\"b/",
            "example.com", "example.com:443", "**", "*/", "",
        ])
    func refused(_ raw: String) {
        #expect(throws: ParseError.invalidTarget) { try RequestTarget(parsing: raw) }
    }

    /// A target of an accepted form with a bad byte or escape says which, so the 400 page can.
    @Test(arguments: [
        ("http://example.com/<script>", ParseError.invalidTargetCharacter), ("/a b", .invalidTargetCharacter),
        ("/\u{FC}ber", .invalidTargetCharacter), ("/?q=\"x\"", .invalidTargetCharacter),
        ("/a%G0", .invalidPercentEncoding), ("/?q=100%", .invalidPercentEncoding), ("/%FF%FE", .invalidPercentEncoding),
        ("/?q=%E0%A4", .invalidPercentEncoding), ("/countries/%", .invalidPercentEncoding),
    ])
    func aBadByteOrEscapeIsNamed(_ raw: String, _ expected: ParseError) {
        #expect(throws: expected) { try RequestTarget(parsing: raw) }
    }

    /// Plain paths are split as they are; escapes and dot-segments (RFC 3986 §5.2.4) take the long way,
    /// and both give the segments and the path `"/" + segments.joined("/")`.
    @Test(
        "paths split into decoded segments",
        arguments: [
            ("/", [String]()), ("/ko/", ["ko", ""]), ("/countries/kr", ["countries", "kr"]), ("/a//b", ["a", "", "b"]),
            ("//", ["", ""]), ("/a/b/", ["a", "b", ""]), ("/.well-known/x", [".well-known", "x"]),
            ("/a/...", ["a", "..."]), ("/a/./b", ["a", "b"]), ("/a/..", []), ("/.", []), ("/..", []),
            ("/a/b/../c", ["a", "c"]), ("/x%2Fy/z", ["x/y", "z"]), ("/%E1%84%80", ["\u{1100}"]),
            ("/a/.b", ["a", ".b"]), ("/..a", ["..a"]),
        ])
    func pathSegments(_ raw: String, _ segments: [String]) throws {
        let target = try RequestTarget(parsing: raw + "?q=1")
        #expect(target.pathSegments == segments)
        #expect(target.path == "/" + segments.joined(separator: "/"))
        #expect(target.query == "q=1")
    }

    @Test("the asterisk-form is its own kind of target")
    func asterisk() throws {
        let target = try RequestTarget(parsing: "*")
        #expect(target.isAsterisk)
        #expect(target.path == "*")
        #expect(target.pathSegments.isEmpty)
        #expect(target.query == nil)
        #expect(target.authority == nil)
    }

    @Test(
        "a request line takes the asterisk-form only with OPTIONS (RFC 9112 §3.2.4)",
        arguments: [
            (
                "OPTIONS * HTTP/1.1\r\nHost: t\r\n\r\n",
                Parsed.request(method: "OPTIONS", path: "*", version: .http1_1, body: "")
            ),
            ("GET * HTTP/1.1\r\nHost: t\r\n\r\n", Parsed.error(.invalidTarget)),
            ("POST * HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n", Parsed.error(.invalidTarget)),
        ])
    func asteriskNeedsOptions(raw: String, expected: Parsed) {
        #expect(parseAll(raw).map(Parsed.init).first == expected)
    }

    @Test("an absolute-form request line parses into a request for the path")
    func absoluteFormRequestLine() throws {
        let outcome = parseAll("GET http://example.com/countries/kr?x=1 HTTP/1.1\r\nHost: example.com\r\n\r\n")
        guard case .request(let request) = outcome.first else {
            Issue.record("expected a request, got \(outcome)")
            return
        }
        #expect(request.target.path == "/countries/kr")
        #expect(request.target.queryValue("x") == "1")
        #expect(request.target.raw == "http://example.com/countries/kr?x=1")
    }
}
