import HTTPCore
import Testing

@testable import HTTPServer

/// Answers with what the server understood: `METHOD path q=<query q> form=<form q> body=<body>`, so a
/// conformance case can check decoding as well as the status.
struct EchoResponder: Responder {
    func respond(to request: Request) -> Response {
        let form =
            request.fields[.contentType] == "application/x-www-form-urlencoded"
            ? FormURLEncoding.decode(body: request.body)?.first { $0.name == "q" }?.value ?? "-" : "-"
        let text =
            "\(request.method) \(request.target.path) q=\(request.target.queryValue("q") ?? "-") form=\(form) "
            + "body=\(String(decoding: request.body, as: UTF8.self))"
        return Response(contentType: "text/plain", text: text)
    }
}

/// One raw request and exactly what the server must answer.
struct ConformanceCase: CustomTestStringConvertible, Sendable {
    let rule: String
    let raw: String
    let status: Int
    /// The echoed understanding (`EchoResponder`) for a success, `nil` to skip.
    let echo: String?

    init(_ rule: String, _ raw: String, _ status: Int, echo: String? = nil) {
        self.rule = rule
        self.raw = raw
        self.status = status
        self.echo = echo
    }

    var testDescription: String { "\(status): \(rule)" }
}

/// Every parsing rule of RFC 9112 / RFC 9110 the server enforces, over a real socket, with the exact
/// status code: each raw request goes to a `Server` on port 0 with default limits, and every error
/// also closes the connection (nothing after a bad request is read as a request).
struct ConformanceTests {
    static let host = "Host: t\r\n"
    static func get(_ target: String, _ fields: String = "") -> String {
        "GET \(target) HTTP/1.1\r\n\(host)\(fields)\r\n"
    }

    static let requestLine: [ConformanceCase] = [
        .init("a plain GET", get("/a"), 200, echo: "GET /a q=- form=- body="),
        .init("two spaces between method and target", "GET  / HTTP/1.1\r\n\(host)\r\n", 400),
        .init("a space after the version", "GET / HTTP/1.1 \r\n\(host)\r\n", 400),
        .init("a tab instead of a space", "GET\t/ HTTP/1.1\r\n\(host)\r\n", 400),
        .init("a method that is not a token", "G(T / HTTP/1.1\r\n\(host)\r\n", 400),
        .init("an unknown method that is a token reaches the responder", "BREW /pot HTTP/1.1\r\n\(host)\r\n", 200),
        .init(
            "absolute-form target", "GET http://t/abs?q=1 HTTP/1.1\r\n\(host)\r\n", 200,
            echo: "GET /abs q=1 form=- body="),
        .init("absolute-form with another scheme", "GET ftp://t/x HTTP/1.1\r\n\(host)\r\n", 400),
        .init("authority-form outside CONNECT", "GET t:80 HTTP/1.1\r\n\(host)\r\n", 400),
        .init(
            "asterisk-form with OPTIONS", "OPTIONS * HTTP/1.1\r\n\(host)\r\n", 200, echo: "OPTIONS * q=- form=- body="),
        .init("asterisk-form with GET", "GET * HTTP/1.1\r\n\(host)\r\n", 400),
        .init("HTTP/1.0 without Host", "GET /old HTTP/1.0\r\n\r\n", 200),
        .init("HTTP/2.0", "GET / HTTP/2.0\r\n\(host)\r\n", 505),
        .init(
            "HTTP/1.2 is read as HTTP/1.1 (RFC 9110 §2.5)", "GET /v HTTP/1.2\r\n\(host)\r\n", 200,
            echo: "GET /v q=- form=- body="),
        .init("HTTP/1.9 is read as HTTP/1.1", "GET /v HTTP/1.9\r\n\(host)\r\n", 200, echo: "GET /v q=- form=- body="),
        .init("HTTP/1.2 needs Host as HTTP/1.1 does", "GET /v HTTP/1.2\r\n\r\n", 400),
        .init("HTTP/0.9", "GET / HTTP/0.9\r\n\(host)\r\n", 505),
        .init("a malformed version", "GET / HTTP/1.10\r\n\(host)\r\n", 400),
        .init("a lower-case version", "GET / http/1.1\r\n\(host)\r\n", 400),
        .init("a bare LF ending the request line", "GET / HTTP/1.1\n\(host)\r\n", 400),
        .init("empty lines before the request line are skipped", "\r\n\r\n" + get("/after"), 200),
    ]

    static let fieldLines: [ConformanceCase] = [
        .init("HTTP/1.1 without Host", "GET / HTTP/1.1\r\n\r\n", 400),
        .init("two Host fields", get("/", "Host: u\r\n"), 400),
        .init("a Host that is not host[:port]", "GET / HTTP/1.1\r\nHost: a b\r\n\r\n", 400),
        .init("whitespace before the colon", "GET / HTTP/1.1\r\nHost : t\r\n\r\n", 400),
        .init("obs-fold", get("/", "X-A: b\r\n c\r\n"), 400),
        .init("a control character in a value", get("/", "X-A: b\u{01}c\r\n"), 400),
        .init("DEL in a value", get("/", "X-A: b\u{7F}c\r\n"), 400),
        .init("NUL in a value", get("/", "X-A: b\u{00}c\r\n"), 400),
        .init("a bare CR inside a value", get("/", "X-A: b\rc\r\n"), 400),
        .init("a bare LF ending a field line", get("/", "X-A: b\n"), 400),
        .init("a field line without a colon", get("/", "X-A\r\n"), 400),
        .init("an empty field name", get("/", ": v\r\n"), 400),
        .init("surrounding whitespace of a value is not part of it", get("/", "X-A: \t b \t\r\n"), 200),
    ]

    static let framing: [ConformanceCase] = [
        .init(
            "Content-Length body", "POST /p HTTP/1.1\r\n\(host)Content-Length: 5\r\n\r\nhello", 200,
            echo: "POST /p q=- form=- body=hello"),
        .init(
            "CL and TE together (B11)",
            "POST /p HTTP/1.1\r\n\(host)Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 4\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /profile HTTP/1.1\r\n\(host)\r\n", 400),
        .init(
            "TE and CL together, TE first (B11)",
            "POST /p HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n0\r\n\r\n", 400),
        .init(
            "two differing Content-Length fields (B11)",
            "POST /p HTTP/1.1\r\n\(host)Content-Length: 4\r\nContent-Length: 5\r\n\r\nhello", 400),
        .init(
            "a Content-Length list with differing values (B11)",
            "POST /p HTTP/1.1\r\n\(host)Content-Length: 4, 5\r\n\r\nhello", 400),
        .init(
            "two equal Content-Length fields",
            "POST /p HTTP/1.1\r\n\(host)Content-Length: 2\r\nContent-Length: 2\r\n\r\nok",
            200, echo: "POST /p q=- form=- body=ok"),
        .init("a signed Content-Length (B11)", "POST /p HTTP/1.1\r\n\(host)Content-Length: +2\r\n\r\nok", 400),
        .init("a negative Content-Length (B11)", "POST /p HTTP/1.1\r\n\(host)Content-Length: -1\r\n\r\n", 400),
        .init("a hex Content-Length (B11)", "POST /p HTTP/1.1\r\n\(host)Content-Length: 0x2\r\n\r\nok", 400),
        .init("an empty Content-Length (B11)", "POST /p HTTP/1.1\r\n\(host)Content-Length:\r\n\r\n", 400),
        .init(
            "chunked with extensions and trailers",
            "POST /p HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n3;a=b\r\nabc\r\n2;x=\"y z\"\r\nde\r\n"
                + "0\r\nX-Trailer: t\r\n\r\n", 200, echo: "POST /p q=- form=- body=abcde"),
        .init(
            "Transfer-Encoding: CHUNKED in upper case",
            "POST /p HTTP/1.1\r\n\(host)Transfer-Encoding: CHUNKED\r\n\r\n0\r\n\r\n", 200),
        .init("gzip transfer coding", "POST /p HTTP/1.1\r\n\(host)Transfer-Encoding: gzip\r\n\r\n", 501),
        .init("gzip, chunked", "POST /p HTTP/1.1\r\n\(host)Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", 501),
        .init(
            "chunked twice", "POST /p HTTP/1.1\r\n\(host)Transfer-Encoding: chunked, chunked\r\n\r\n0\r\n\r\n", 501),
        .init("Transfer-Encoding in HTTP/1.0", "POST /p HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        .init(
            "a chunk size that is not hex", "POST /p HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\nzz\r\n\r\n",
            400),
        .init(
            "chunk data longer than its size",
            "POST /p HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n", 400),
    ]

    static let targets: [ConformanceCase] = [
        .init("an invalid percent escape", get("/a%zz"), 400),
        .init("a truncated percent escape", get("/a%4"), 400),
        .init("escapes that are not UTF-8 (B14)", get("/country/%FF%FE"), 400),
        .init("truncated UTF-8 in the query (B14)", get("/?q=%E0%A4"), 400),
        .init("an invalid escape in the query", get("/?q=%G1"), 400),
        .init(
            "UTF-8 escapes decode (B14)", get("/country/R%C3%A9union"), 200,
            echo: "GET /country/Réunion q=- form=- body="),
        .init(
            "+ is a space in the query (B14)", get("/?q=South+Africa"), 200, echo: "GET / q=South Africa form=- body="),
        .init("%2B is a plus in the query (B14)", get("/?q=a%2Bb"), 200, echo: "GET / q=a+b form=- body="),
        .init("+ stays a plus in the path (B14)", get("/a+b"), 200, echo: "GET /a+b q=- form=- body="),
        .init(
            "+ is a space in a form body (B14)",
            "POST /f HTTP/1.1\r\n\(host)Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 12\r\n\r\n"
                + "q=Costa+Rica", 200, echo: "POST /f q=- form=Costa Rica body=q=Costa+Rica"),
        .init("dot segments are removed", get("/a/./b/../c"), 200, echo: "GET /a/c q=- form=- body="),
        .init("encoded dot segments are removed", get("/a/%2e%2E/b"), 200, echo: "GET /b q=- form=- body="),
        .init(
            "dot segments cannot climb above the root", get("/../../etc/passwd"), 200,
            echo: "GET /etc/passwd q=- form=- body="),
        .init(
            "double-encoded dots stay a literal segment", get("/a/%252e%252e/b"), 200,
            echo: "GET /a/%2e%2e/b q=- form=- body="),
        .init("a space in the target", "GET /a b HTTP/1.1\r\n\(host)\r\n", 400),
        .init("a non-ASCII byte in the target", get("/caf\u{E9}"), 400),
        .init("a fragment in the target", get("/a#b"), 400),
    ]

    static let limits: [ConformanceCase] = [
        .init(
            "a request line of 8 KiB", "GET /" + String(repeating: "a", count: 8192 - 14) + " HTTP/1.1\r\n\(host)\r\n",
            200),
        .init(
            "a request line of 8 KiB + 1",
            "GET /" + String(repeating: "a", count: 8193 - 14) + " HTTP/1.1\r\n\(host)\r\n",
            414),
        .init("100 field lines", get("/", String(repeating: "X-F: v\r\n", count: 99)), 200),
        .init("101 field lines", get("/", String(repeating: "X-F: v\r\n", count: 100)), 431),
        .init(
            "a header section of 16 KiB",
            get("/", "X-Big: " + String(repeating: "v", count: 16_384 - host.utf8.count - 9) + "\r\n"), 200),
        .init(
            "a header section of 16 KiB + 1",
            get("/", "X-Big: " + String(repeating: "v", count: 16_385 - host.utf8.count - 9) + "\r\n"), 431),
        .init(
            "a Content-Length over 1 MiB, answered before any body byte",
            "POST /p HTTP/1.1\r\n\(host)Content-Length: 1048577\r\n\r\n", 413),
        .init(
            "a Content-Length far beyond any limit",
            "POST /p HTTP/1.1\r\n\(host)Content-Length: 99999999999999999999\r\n\r\n",
            413),
        .init(
            "a chunk size over 1 MiB", "POST /p HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n100001\r\n", 413),
    ]

    @Test("request line (RFC 9112 §3)", arguments: requestLine)
    func requestLineRules(_ testCase: ConformanceCase) throws { try check(testCase) }

    @Test("field lines (RFC 9112 §5, RFC 9110 §7.2)", arguments: fieldLines)
    func fieldLineRules(_ testCase: ConformanceCase) throws { try check(testCase) }

    @Test("message body framing (RFC 9112 §6, §7)", arguments: framing)
    func framingRules(_ testCase: ConformanceCase) throws { try check(testCase) }

    @Test("request target decoding (RFC 3986, RFC 9112 §3.2)", arguments: targets)
    func targetRules(_ testCase: ConformanceCase) throws { try check(testCase) }

    @Test("default limits: 8 KiB request line, 16 KiB or 100 field lines, 1 MiB body", arguments: limits)
    func limitRules(_ testCase: ConformanceCase) throws { try check(testCase) }

    /// Sends the raw request and expects exactly its status; an error response says `Connection: close`
    /// and is followed by the server closing the connection, a success by one that stays open.
    private func check(_ testCase: ConformanceCase) throws {
        try withServer(ServerConfiguration(eventLoopCount: 1), responder: EchoResponder()) { _, port in
            let client = try RawClient(port: port)
            client.send(testCase.raw)
            let response = try #require(client.readResponse(), "no response to \(testCase.rule)")
            #expect(response.statusCode == testCase.status, "\(testCase.rule)")
            if let echo = testCase.echo { #expect(response.body == echo) }
            if testCase.status >= 400 {
                #expect(response.field("Connection") == "close")
                #expect(client.isClosedByServer())
            } else {
                #expect(response.field("Connection") == (testCase.raw.contains("HTTP/1.0") ? "close" : nil))
            }
        }
    }
}
