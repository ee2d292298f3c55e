import Testing

@testable import HTTPCore

/// Each limit at its value is accepted and at value + 1 byte (or line) is refused with its status.
struct ParserLimitTests {
    static let limits = ParserLimits(maxRequestLineBytes: 32, maxHeaderBytes: 64, maxFieldLines: 3, maxBodyBytes: 10)

    /// A request line of exactly `length` bytes (without CRLF).
    static func requestLine(length: Int) -> String {
        let fixed = "GET / HTTP/1.1".utf8.count
        return "GET /" + String(repeating: "a", count: length - fixed) + " HTTP/1.1"
    }

    /// A header section of exactly `length` bytes: `Host: t\r\n` then one padded field line.
    static func headerSection(length: Int) -> String {
        let host = "Host: t\r\n"
        let padding = length - host.utf8.count - "X: \r\n".utf8.count
        return host + "X: " + String(repeating: "v", count: padding) + "\r\n"
    }

    @Test("request line at the limit is accepted, one byte more is 414", arguments: [true, false])
    func requestLineLimit(byteByByte: Bool) {
        let parse = byteByByte ? parseByteByByte : parseAll
        let atLimit = Self.requestLine(length: 32) + "\r\nHost: t\r\n\r\n"
        let overLimit = Self.requestLine(length: 33) + "\r\nHost: t\r\n\r\n"
        #expect(Parsed(parse(atLimit, Self.limits)[0]) != .error(.requestLineTooLong))
        #expect(
            Parsed(parse(atLimit, Self.limits)[0])
                == .request(method: "GET", path: "/" + String(repeating: "a", count: 18), version: .http1_1, body: ""))
        #expect(Parsed(parse(overLimit, Self.limits)[0]) == .error(.requestLineTooLong))
        #expect(ParseError.requestLineTooLong.status.code == 414)
    }

    @Test("an endless request line is refused before its end arrives")
    func endlessRequestLine() {
        var parser = RequestParser(limits: Self.limits)
        #expect(
            Parsed(parser.feed(Array(("GET /" + String(repeating: "a", count: 40)).utf8)))
                == .error(.requestLineTooLong))
    }

    @Test("header section at the limit is accepted, one byte more is 431", arguments: [true, false])
    func headerBytesLimit(byteByByte: Bool) {
        let parse = byteByByte ? parseByteByByte : parseAll
        let atLimit = "GET / HTTP/1.1\r\n" + Self.headerSection(length: 64) + "\r\n"
        let overLimit = "GET / HTTP/1.1\r\n" + Self.headerSection(length: 65) + "\r\n"
        #expect(
            Parsed(parse(atLimit, Self.limits)[0]) == .request(method: "GET", path: "/", version: .http1_1, body: ""))
        #expect(Parsed(parse(overLimit, Self.limits)[0]) == .error(.headerSectionTooLarge))
        #expect(ParseError.headerSectionTooLarge.status.code == 431)
    }

    @Test("field line count at the limit is accepted, one more line is 431")
    func fieldLineLimit() {
        let atLimit = "GET / HTTP/1.1\r\nHost: t\r\nA: 1\r\nB: 2\r\n\r\n"
        let overLimit = "GET / HTTP/1.1\r\nHost: t\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n"
        #expect(
            Parsed(parseAll(atLimit, limits: Self.limits)[0])
                == .request(method: "GET", path: "/", version: .http1_1, body: ""))
        #expect(Parsed(parseAll(overLimit, limits: Self.limits)[0]) == .error(.headerSectionTooLarge))
    }

    @Test("Content-Length at the limit is accepted, one more is 413 before any body byte arrives")
    func contentLengthLimit() {
        let atLimit = "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\n0123456789"
        #expect(
            Parsed(parseAll(atLimit, limits: Self.limits)[0])
                == .request(method: "POST", path: "/", version: .http1_1, body: "0123456789"))
        let overLimit = "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 11\r\n\r\n"
        #expect(Parsed(parseAll(overLimit, limits: Self.limits)[0]) == .error(.bodyTooLarge))
        #expect(ParseError.bodyTooLarge.status.code == 413)
    }

    @Test("chunked body at the limit is accepted, one more byte is 413")
    func chunkedLimit() {
        let head = "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
        let atLimit = head + "5\r\n01234\r\n5\r\n56789\r\n0\r\n\r\n"
        let overLimit = head + "5\r\n01234\r\n6\r\n"
        #expect(
            Parsed(parseAll(atLimit, limits: Self.limits)[0])
                == .request(method: "POST", path: "/", version: .http1_1, body: "0123456789"))
        #expect(Parsed(parseAll(overLimit, limits: Self.limits)[0]) == .error(.bodyTooLarge))
    }

    @Test(
        "chunk extensions and framing count: a chunked body of exactly body + header limit bytes is accepted, one more is 413",
        arguments: [true, false])
    func chunkedFramingLimit(byteByByte: Bool) {
        let parse = byteByByte ? parseByteByByte : parseAll
        let head = "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
        // 25 bytes of framing and data without the extension; ";" plus padding makes up the rest.
        func body(extensionLength: Int) -> String {
            "5;" + String(repeating: "x", count: extensionLength) + "\r\n01234\r\n5\r\n56789\r\n0\r\n\r\n"
        }
        let bound = Self.limits.maxChunkedBodyBytes
        #expect(bound == 74)
        #expect(body(extensionLength: 48).utf8.count == bound)
        #expect(
            Parsed(parse(head + body(extensionLength: 48), Self.limits)[0])
                == .request(method: "POST", path: "/", version: .http1_1, body: "0123456789"))
        #expect(Parsed(parse(head + body(extensionLength: 49), Self.limits)[0]) == .error(.bodyTooLarge))
    }

    @Test("a flood of one-byte chunks with 4,000-byte extensions ends in 413 quickly and the buffer stays small")
    func chunkExtensionFlood() {
        let limits = ParserLimits.default
        var parser = RequestParser(limits: limits)
        parser.append(Array("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n".utf8))
        #expect(Parsed(parser.next()) == .needMoreBytes)
        let piece = Array(("1;" + String(repeating: "a", count: 4000) + "\r\nX\r\n").utf8)
        var outcome = Parsed.needMoreBytes
        var fed = 0
        var largestBuffer = 0
        while fed < 20_000, outcome == .needMoreBytes, largestBuffer <= 2 * piece.count {
            parser.append(piece)
            fed += 1
            outcome = Parsed(parser.next())
            largestBuffer = max(largestBuffer, parser.bufferedByteCount)
        }
        #expect(outcome == .error(.bodyTooLarge))
        #expect(fed <= limits.maxChunkedBodyBytes / piece.count + 1)
        #expect(largestBuffer <= 2 * piece.count)
    }

    @Test("trailer lines count against the field line limit")
    func trailerLimit() {
        let raw =
            "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nA: 1\r\nB: 2\r\nC: 3\r\nD: 4\r\n\r\n"
        #expect(Parsed(parseAll(raw, limits: Self.limits)[0]) == .error(.headerSectionTooLarge))
    }

    @Test("defaults are the documented values")
    func defaults() {
        let limits = ParserLimits()
        #expect(limits.maxRequestLineBytes == 8192)
        #expect(limits.maxHeaderBytes == 16384)
        #expect(limits.maxFieldLines == 100)
        #expect(limits.maxBodyBytes == 1_048_576)
        #expect(limits.maxChunkedBodyBytes == 1_048_576 + 16_384)
    }
}
