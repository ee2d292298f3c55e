import Testing

@testable import HTTPCore

/// Parses `raw` in one piece and returns every outcome up to the first `.needMoreBytes` or error.
func parseAll(_ raw: String, limits: ParserLimits = .default) -> [RequestParser.Outcome] {
    var parser = RequestParser(limits: limits)
    parser.append(Array(raw.utf8))
    return drain(&parser)
}

/// Feeds `raw` one byte at a time, collecting every request and the final outcome.
func parseByteByByte(_ raw: String, limits: ParserLimits = .default) -> [RequestParser.Outcome] {
    var parser = RequestParser(limits: limits)
    var outcomes: [RequestParser.Outcome] = []
    for byte in raw.utf8 {
        parser.append([byte])
        for outcome in drain(&parser) {
            if case .needMoreBytes = outcome { continue }
            outcomes.append(outcome)
            if case .error = outcome { return outcomes }
        }
    }
    outcomes.append(parser.next())
    return outcomes
}

extension RequestParser {
    /// Appends `bytes` and returns the next outcome.
    mutating func feed(_ bytes: [UInt8]) -> Outcome {
        append(bytes)
        return next()
    }
}

func drain(_ parser: inout RequestParser) -> [RequestParser.Outcome] {
    var outcomes: [RequestParser.Outcome] = []
    while true {
        let outcome = parser.next()
        outcomes.append(outcome)
        switch outcome {
        case .request: continue
        case .needMoreBytes, .error: return outcomes
        }
    }
}

/// A comparable summary of an outcome, so tables can state expectations briefly.
enum Parsed: Equatable, CustomStringConvertible {
    case needMoreBytes
    case request(method: String, path: String, version: Version, body: String)
    case error(ParseError)

    init(_ outcome: RequestParser.Outcome) {
        switch outcome {
        case .needMoreBytes: self = .needMoreBytes
        case .error(let error): self = .error(error)
        case .request(let request):
            self = .request(
                method: request.method.rawValue, path: request.target.path, version: request.version,
                body: String(decoding: request.body, as: UTF8.self))
        }
    }

    var description: String {
        switch self {
        case .needMoreBytes: return "needMoreBytes"
        case .error(let error): return "error(\(error))"
        case .request(let method, let path, let version, let body): return "\(method) \(path) \(version) body=\(body)"
        }
    }
}

struct ParserCase: CustomTestStringConvertible, Sendable {
    let name: String
    let raw: String
    let expected: [ParsedSendable]
    var testDescription: String { name }
}

/// `Parsed` without `Version` (not needed as an argument): method, path, minor version, body.
enum ParsedSendable: Sendable {
    case request(String, String, minor: Int = 1, body: String = "")
    case error(ParseError)
    case needMoreBytes

    var parsed: Parsed {
        switch self {
        case .request(let method, let path, let minor, let body):
            return .request(method: method, path: path, version: Version(major: 1, minor: minor), body: body)
        case .error(let error): return .error(error)
        case .needMoreBytes: return .needMoreBytes
        }
    }
}

let wellFormedCases: [ParserCase] = [
    ParserCase(
        name: "simple GET", raw: "GET / HTTP/1.1\r\nHost: t\r\n\r\n",
        expected: [.request("GET", "/"), .needMoreBytes]),
    ParserCase(
        name: "HTTP/1.0 without Host", raw: "GET /a HTTP/1.0\r\n\r\n",
        expected: [.request("GET", "/a", minor: 0), .needMoreBytes]),
    ParserCase(
        name: "POST with Content-Length body",
        raw: "POST /form HTTP/1.1\r\nHost: t\r\nContent-Length: 7\r\n\r\nname=ab",
        expected: [.request("POST", "/form", body: "name=ab"), .needMoreBytes]),
    ParserCase(
        name: "body not complete yet", raw: "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc",
        expected: [.needMoreBytes]),
    ParserCase(
        name: "head not complete yet", raw: "GET / HTTP/1.1\r\nHost: t\r\n",
        expected: [.needMoreBytes]),
    ParserCase(
        name: "chunked body with extensions and trailers",
        raw: "POST /c HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "4;name=value\r\nWiki\r\n5 ; ext\r\npedia\r\n0\r\nX-Trailer: yes\r\nX-Other: 1\r\n\r\n",
        expected: [.request("POST", "/c", body: "Wikipedia"), .needMoreBytes]),
    ParserCase(
        name: "chunked with upper-case hex size and Chunked coding name",
        raw: "POST /c HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: Chunked\r\n\r\nA\r\n0123456789\r\n0\r\n\r\n",
        expected: [.request("POST", "/c", body: "0123456789"), .needMoreBytes]),
    ParserCase(
        name: "empty lines before the request line are ignored", raw: "\r\n\r\nGET / HTTP/1.1\r\nHost: t\r\n\r\n",
        expected: [.request("GET", "/"), .needMoreBytes]),
    ParserCase(
        name: "two identical Content-Length lines",
        raw: "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nok",
        expected: [.request("POST", "/", body: "ok"), .needMoreBytes]),
    ParserCase(
        name: "dot segments removed", raw: "GET /a/./b/../c HTTP/1.1\r\nHost: t\r\n\r\n",
        expected: [.request("GET", "/a/c"), .needMoreBytes]),
    ParserCase(
        name: "dot-dot cannot climb above the root", raw: "GET /../../etc/passwd HTTP/1.1\r\nHost: t\r\n\r\n",
        expected: [.request("GET", "/etc/passwd"), .needMoreBytes]),
    ParserCase(
        name: "percent-encoded UTF-8 path", raw: "GET /country/R%C3%A9union HTTP/1.1\r\nHost: t\r\n\r\n",
        expected: [.request("GET", "/country/Réunion"), .needMoreBytes]),
    ParserCase(
        name: "extension method token", raw: "PURGE /x HTTP/1.1\r\nHost: t\r\n\r\n",
        expected: [.request("PURGE", "/x"), .needMoreBytes]),
    ParserCase(
        name: "tab and obs-text in a field value", raw: "GET / HTTP/1.1\r\nHost: t\r\nX-A: a\tb \u{00E9}\r\n\r\n",
        expected: [.request("GET", "/"), .needMoreBytes]),
]

let malformedCases: [ParserCase] = [
    ParserCase(
        name: "smuggling: Content-Length and Transfer-Encoding (B11)",
        raw: "POST /profile/draft HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /profile HTTP/1.1\r\nHost: t\r\n\r\n",
        expected: [.error(.conflictingFraming)]),
    ParserCase(
        name: "smuggling: two differing Content-Length lines",
        raw: "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nContent-Length: 5\r\n\r\nabcde",
        expected: [.error(.invalidContentLength)]),
    ParserCase(
        name: "smuggling: non-digit Content-Length",
        raw: "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: +4\r\n\r\nabcd",
        expected: [.error(.invalidContentLength)]),
    ParserCase(
        name: "smuggling: Content-Length list", raw: "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 4, 4\r\n\r\nabcd",
        expected: [.error(.invalidContentLength)]),
    ParserCase(
        name: "smuggling: obs-fold", raw: "GET / HTTP/1.1\r\nHost: t\r\nX-A: a\r\n b\r\n\r\n",
        expected: [.error(.invalidFieldLine)]),
    ParserCase(
        name: "smuggling: space before colon", raw: "GET / HTTP/1.1\r\nHost: t\r\nContent-Length : 5\r\n\r\n",
        expected: [.error(.invalidFieldLine)]),
    ParserCase(
        name: "smuggling: bare CR in a field value", raw: "GET / HTTP/1.1\r\nHost: t\r\nX-A: a\rb\r\n\r\n",
        expected: [.error(.invalidFieldLine)]),
    ParserCase(
        name: "bare CR in the request line", raw: "GET /\r HTTP/1.1\r\nHost: t\r\n\r\n",
        expected: [.error(.invalidTargetCharacter)]),
    ParserCase(
        name: "bare LF line ending on the request line", raw: "GET / HTTP/1.1\nHost: t\r\n\r\n",
        expected: [.error(.invalidRequestLine)]),
    ParserCase(
        name: "bare LF line ending on a field line", raw: "GET / HTTP/1.1\r\nHost: t\n\r\n",
        expected: [.error(.invalidFieldLine)]),
    ParserCase(
        name: "smuggling: Transfer-Encoding other than chunked",
        raw: "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n",
        expected: [.error(.unsupportedTransferCoding)]),
    ParserCase(
        name: "HTTP/1.0 with Transfer-Encoding: chunked is faulty framing (RFC 9112 §6.1)",
        raw: "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
        expected: [.error(.transferEncodingInHTTP10)]),
    ParserCase(
        name: "HTTP/1.0 with Transfer-Encoding and Content-Length",
        raw: "POST / HTTP/1.0\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc",
        expected: [.error(.transferEncodingInHTTP10)]),
    ParserCase(
        name: "HTTP/1.0 with Host and an unknown Transfer-Encoding",
        raw: "POST / HTTP/1.0\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\n",
        expected: [.error(.transferEncodingInHTTP10)]),
    ParserCase(
        name: "smuggling: chunked given twice",
        raw: "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n",
        expected: [.error(.unsupportedTransferCoding)]),
    ParserCase(
        name: "missing Host on HTTP/1.1", raw: "GET / HTTP/1.1\r\nAccept: */*\r\n\r\n",
        expected: [.error(.missingHost)]),
    ParserCase(
        name: "two Host lines", raw: "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
        expected: [.error(.missingHost)]),
    ParserCase(
        name: "HTTP/2.0 is well-formed but unsupported", raw: "GET / HTTP/2.0\r\nHost: t\r\n\r\n",
        expected: [.error(.unsupportedVersion)]),
    ParserCase(
        name: "HTTP/0.9 is another major version", raw: "GET / HTTP/0.9\r\nHost: t\r\n\r\n",
        expected: [.error(.unsupportedVersion)]),
    ParserCase(
        name: "a later HTTP/1 minor version is read as HTTP/1.1 (RFC 9110 §2.5)",
        raw: "GET / HTTP/1.2\r\nHost: t\r\n\r\n",
        expected: [.request("GET", "/"), .needMoreBytes]),
    ParserCase(
        name: "malformed version", raw: "GET / HTTP/1\r\nHost: t\r\n\r\n",
        expected: [.error(.invalidVersion)]),
    ParserCase(
        name: "lower-case protocol name", raw: "GET / http/1.1\r\nHost: t\r\n\r\n",
        expected: [.error(.invalidVersion)]),
    ParserCase(
        name: "absolute-form target with a scheme other than http(s)",
        raw: "GET ftp://example.com/ HTTP/1.1\r\nHost: t\r\n\r\n",
        expected: [.error(.invalidTarget)]),
    ParserCase(
        name: "garbage target", raw: "GET <script> HTTP/1.1\r\nHost: t\r\n\r\n",
        expected: [.error(.invalidTarget)]),
    ParserCase(
        name: "percent escapes that are not UTF-8 (B14)", raw: "GET /country/%FF%FE HTTP/1.1\r\nHost: t\r\n\r\n",
        expected: [.error(.invalidPercentEncoding)]),
    ParserCase(
        name: "truncated UTF-8 in the query (B14)", raw: "GET /?q=%E0%A4 HTTP/1.1\r\nHost: t\r\n\r\n",
        expected: [.error(.invalidPercentEncoding)]),
    ParserCase(
        name: "a space inside the target", raw: "GET /countries/south korea HTTP/1.1\r\nHost: t\r\n\r\n",
        expected: [.error(.invalidTargetCharacter)]),
    ParserCase(
        name: "three parts but no version", raw: "GET /a b\r\nHost: t\r\n\r\n",
        expected: [.error(.invalidVersion)]),
    ParserCase(
        name: "malformed percent escape", raw: "GET /a%G0 HTTP/1.1\r\nHost: t\r\n\r\n",
        expected: [.error(.invalidPercentEncoding)]),
    ParserCase(
        name: "method that is not a token", raw: "G(T / HTTP/1.1\r\nHost: t\r\n\r\n",
        expected: [.error(.invalidMethod)]),
    ParserCase(
        name: "two spaces between method and target", raw: "GET  / HTTP/1.1\r\nHost: t\r\n\r\n",
        expected: [.error(.invalidRequestLine)]),
    ParserCase(
        name: "no version", raw: "GET /\r\nHost: t\r\n\r\n",
        expected: [.error(.invalidRequestLine)]),
    ParserCase(
        name: "field line without colon", raw: "GET / HTTP/1.1\r\nHost: t\r\nNoColon\r\n\r\n",
        expected: [.error(.invalidFieldLine)]),
    ParserCase(
        name: "empty field name", raw: "GET / HTTP/1.1\r\nHost: t\r\n: v\r\n\r\n",
        expected: [.error(.invalidFieldLine)]),
    ParserCase(
        name: "NUL in a field value", raw: "GET / HTTP/1.1\r\nHost: t\r\nX-A: a\u{0}b\r\n\r\n",
        expected: [.error(.invalidFieldLine)]),
    ParserCase(
        name: "chunk size not hex", raw: "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        expected: [.error(.invalidChunk)]),
    ParserCase(
        name: "chunk data longer than its size",
        raw: "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n",
        expected: [.error(.invalidChunk)]),
    ParserCase(
        name: "Content-Length beyond any limit",
        raw: "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 99999999999999999999\r\n\r\n",
        expected: [.error(.bodyTooLarge)]),
]

struct RequestParserTests {
    @Test("well-formed requests parse", arguments: wellFormedCases)
    func wellFormed(_ testCase: ParserCase) {
        #expect(parseAll(testCase.raw).map(Parsed.init) == testCase.expected.map(\.parsed))
    }

    @Test("malformed and smuggling requests are refused with the right error", arguments: malformedCases)
    func malformed(_ testCase: ParserCase) {
        #expect(parseAll(testCase.raw).map(Parsed.init) == testCase.expected.map(\.parsed))
    }

    @Test(
        "feeding one byte at a time gives the same result as one buffer",
        arguments: wellFormedCases + malformedCases)
    func byteByByte(_ testCase: ParserCase) {
        let whole = parseAll(testCase.raw).map(Parsed.init)
        #expect(parseByteByByte(testCase.raw).map(Parsed.init) == whole)
    }

    @Test("pipelined requests in one buffer come out in order")
    func pipelined() {
        let raw =
            "GET /one HTTP/1.1\r\nHost: t\r\n\r\n"
            + "POST /two HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc"
            + "GET /three HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
            + "GET /fo"
        let outcomes = parseAll(raw).map(Parsed.init)
        #expect(
            outcomes == [
                .request(method: "GET", path: "/one", version: .http1_1, body: ""),
                .request(method: "POST", path: "/two", version: .http1_1, body: "abc"),
                .request(method: "GET", path: "/three", version: .http1_1, body: ""),
                .needMoreBytes,
            ])
    }

    @Test("after an error the parser keeps reporting it and serves nothing after it")
    func errorIsSticky() {
        var parser = RequestParser()
        #expect(Parsed(parser.feed(Array("GET / HTTP/9.9\r\n\r\n".utf8))) == .error(.unsupportedVersion))
        #expect(Parsed(parser.feed(Array("GET / HTTP/1.1\r\nHost: t\r\n\r\n".utf8))) == .error(.unsupportedVersion))
    }

    @Test("fields keep order, repeats and case-insensitive lookup; values lose surrounding whitespace")
    func fields() throws {
        let outcomes = parseAll("GET / HTTP/1.1\r\nHost: t\r\nSet-Thing: a\r\nset-thing:  b \t\r\nACCEPT: x\r\n\r\n")
        guard case .request(let request) = outcomes.first else {
            Issue.record("expected a request, got \(outcomes)")
            return
        }
        #expect(request.fields.values(for: "set-thing") == ["a", "b"])
        #expect(request.fields["Accept"] == "x")
        #expect(request.fields.count == 4)
    }

    @Test(
        "query values are form-decoded (B14)",
        arguments: [
            ("/?q=South+Africa", "South Africa"),
            ("/?q=Bosnia%20and%20Herzegovina", "Bosnia and Herzegovina"),
            ("/?q=a%2Bb", "a+b"),
            ("/?q=", ""),
        ])
    func queryValues(target: String, expected: String) {
        let outcomes = parseAll("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
        guard case .request(let request) = outcomes.first else {
            Issue.record("expected a request, got \(outcomes)")
            return
        }
        #expect(request.target.queryValue("q") == expected)
        #expect(request.target.raw == target)
    }

    @Test("Expect: 100-continue is reported while the body is outstanding")
    func expectContinue() {
        var parser = RequestParser()
        let head = "POST / HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"
        #expect(Parsed(parser.feed(Array(head.utf8))) == .needMoreBytes)
        #expect(parser.expectsContinue)
        #expect(
            Parsed(parser.feed(Array("ok".utf8))) == .request(method: "POST", path: "/", version: .http1_1, body: "ok")
        )
        #expect(!parser.expectsContinue)
    }

    @Test("a partial request is reported as such; blank lines between requests are not")
    func partialRequest() {
        var parser = RequestParser()
        #expect(!parser.hasPartialRequest)
        _ = parser.feed(Array("\r\n".utf8))
        #expect(!parser.hasPartialRequest)
        _ = parser.feed(Array("GET".utf8))
        #expect(parser.hasPartialRequest)
        _ = parser.feed(Array(" / HTTP/1.1\r\nHost: t\r\n\r\n".utf8))
        #expect(!parser.hasPartialRequest)
    }

    @Test(
        "keep-alive follows the version and Connection field",
        arguments: [
            ("GET / HTTP/1.1\r\nHost: t\r\n\r\n", true),
            ("GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n", false),
            ("GET / HTTP/1.1\r\nHost: t\r\nConnection: keep-alive, Close\r\n\r\n", false),
            ("GET / HTTP/1.0\r\n\r\n", false),
            ("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", true),
            ("GET / HTTP/1.1\r\nHost: t\r\nconnection:  CLOSE \r\n\r\n", false),
            ("GET / HTTP/1.1\r\nHost: t\r\nConnection: ,, upgrade ,close\r\n\r\n", false),
            ("GET / HTTP/1.1\r\nHost: t\r\nConnection: closed, keep-alive\r\n\r\n", true),
            ("GET / HTTP/1.1\r\nHost: t\r\nConnection: keep-alive\r\nConnection: close\r\n\r\n", false),
            ("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n", true),
            ("GET / HTTP/1.0\r\nConnection: keep-alive-ish\r\n\r\n", false),
        ])
    func keepAlive(raw: String, expected: Bool) {
        guard case .request(let request) = parseAll(raw).first else {
            Issue.record("expected a request")
            return
        }
        #expect(request.keepAlive == expected)
    }

    @Test(
        "a field name is kept as it was written, whichever its case, and compares without case",
        arguments: ["User-Agent", "user-agent", "USER-AGENT", "uSER-aGENT"])
    func fieldNamesKeepTheirSpelling(spelled: String) {
        guard case .request(let request) = parseAll("GET / HTTP/1.1\r\nHost: t\r\n\(spelled): x/1\r\n\r\n").first
        else {
            Issue.record("expected a request")
            return
        }
        let names = request.fields.map(\.name)
        #expect(names.map(\.rawName) == ["Host", spelled])
        #expect(names.map(\.canonicalName) == ["host", "user-agent"])
        #expect(request.fields["User-Agent"] == "x/1")
    }
}
