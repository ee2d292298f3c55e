import Testing

@testable import HTTPCore

/// Regression tests from the request parser fuzzer (`script/fuzz`): the outcome for a byte stream must
/// not depend on how the stream was split into reads. Each case once gave 400 when the bytes arrived in
/// one read but 413 or 431 when they trickled in, because a complete line skipped a bound that a
/// partial one was held to.
struct SplitIndependenceTests {
    static let limits = ParserLimits(maxRequestLineBytes: 64, maxHeaderBytes: 64, maxFieldLines: 8, maxBodyBytes: 10)

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let raw: String
        let limits: ParserLimits
        let expected: ParseError
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a field line past the header limit that ends in a bare LF is 431",
            raw: "GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "v", count: 80) + "\n\r\n",
            limits: limits, expected: .headerSectionTooLarge),
        Case(
            name: "a chunk-size line over 4096 bytes is refused however it arrives",
            raw: "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n1;"
                + String(repeating: "e", count: 5000) + "\r\nx\r\n0\r\n\r\n",
            limits: .default, expected: .invalidChunk),
        Case(
            name: "a malformed trailer line past the chunked bound is 413",
            raw: "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\na\r\n0123456789\r\n0\r\n"
                + String(repeating: "t", count: 60) + "\r\n\r\n",
            limits: limits, expected: .bodyTooLarge),
        Case(
            name: "a chunk past the chunked bound with bad framing after it is 413",
            raw: "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\na;"
                + String(repeating: "e", count: 60)
                + "\r\n0123456789XX0\r\n\r\n",
            limits: limits, expected: .bodyTooLarge),
    ]

    @Test("one read and one byte per read give the same error", arguments: cases)
    func sameErrorHoweverSplit(_ testCase: Case) {
        let whole = parseAll(testCase.raw, limits: testCase.limits).map(Parsed.init)
        let byteByByte = parseByteByByte(testCase.raw, limits: testCase.limits).map(Parsed.init)
        #expect(whole == [.error(testCase.expected)])
        #expect(byteByByte == [.error(testCase.expected)])
    }
}
