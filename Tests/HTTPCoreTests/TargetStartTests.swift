import Testing

@testable import HTTPCore

/// `RequestParser.targetStart`: the first bytes of the target of a request the parser refused, for an
/// error page in the language of its address (`/ko/…`).
struct TargetStartTests {
    static let limits = ParserLimits(maxRequestLineBytes: 40, maxHeaderBytes: 64, maxFieldLines: 3, maxBodyBytes: 10)

    /// The parser's error and `targetStart` after `raw`, fed in one piece or byte by byte.
    static func refused(_ raw: String, byteByByte: Bool) -> (ParseError?, String) {
        var parser = RequestParser(limits: limits)
        var error: ParseError?
        let pieces = byteByByte ? raw.utf8.map { [$0] } : [Array(raw.utf8)]
        feeding: for piece in pieces {
            parser.append(piece)
            while true {
                switch parser.next() {
                case .needMoreBytes: continue feeding
                case .request: continue
                case .error(let refused):
                    error = refused
                    break feeding
                }
            }
        }
        return (error, parser.targetStart)
    }

    @Test(arguments: [
        ("GET /ko/countries?q=%ZZ HTTP/1.1\r\nHost: t\r\n\r\n", ParseError.invalidPercentEncoding, "/ko/countries?q"),
        ("GET /ko/" + String(repeating: "a", count: 40) + " HTTP/1.1\r\n", .requestLineTooLong, "/ko/aaaaaaaaaaa"),
        (
            "GET /ko/ HTTP/1.1\r\nHost: t\r\nX: " + String(repeating: "v", count: 80) + "\r\n\r\n",
            .headerSectionTooLarge, "/ko/"
        ),
        ("POST /ko/profile/edit HTTP/1.1\r\nHost: t\r\nContent-Length: 11\r\n\r\n", .bodyTooLarge, "/ko/profile/edi"),
        ("GET /countries?q=%ZZ HTTP/1.1\r\nHost: t\r\n\r\n", .invalidPercentEncoding, "/countries?q=%Z"),
    ])
    func theStartOfARefusedTargetIsKept(_ raw: String, _ expected: ParseError, _ start: String) {
        for byteByByte in [false, true] {
            let (error, targetStart) = Self.refused(raw, byteByByte: byteByByte)
            #expect(error == expected, "byte by byte: \(byteByByte)")
            #expect(targetStart == start, "byte by byte: \(byteByByte)")
        }
    }

    @Test func theNextRequestStartsWithoutTheLastOnesTarget() {
        var parser = RequestParser(limits: Self.limits)
        parser.append(Array("GET /ko/ HTTP/1.1\r\nHost: t\r\n\r\n".utf8))
        guard case .request = parser.next() else {
            Issue.record("the first request was not read")
            return
        }
        #expect(parser.targetStart == "")
    }
}
