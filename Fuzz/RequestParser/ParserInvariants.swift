/// The properties every run of `RequestParser` must have, whatever the bytes.
///
/// - Split independence: feeding the stream in one piece and in pieces cut at arbitrary points gives the
///   same requests and the same error, in the same order.
/// - Limits: no request line, header section or body that comes out is over `limits`; each error keeps
///   being returned once reached.
/// - Sense: a request's version is HTTP/1.0 or 1.1, HTTP/1.1 has a `Host`, the path is `*` or starts with
///   `/` and holds no `.` or `..` segment.
/// - Memory: after each piece, the parser holds no more than one limit's worth of bytes plus the piece.
/// - Round trip: a request re-serialised with `Content-Length` framing parses back to the same request.
enum ParserInvariants {
    // Small limits so random inputs reach each of them.
    static let limits = ParserLimits(maxRequestLineBytes: 200, maxHeaderBytes: 400, maxFieldLines: 8, maxBodyBytes: 600)

    static func check(_ bytes: [UInt8], splitSeed: UInt8) {
        let whole = outcomes(feeding: [bytes[...]], limits: limits)
        let split = outcomes(feeding: pieces(of: bytes, seed: splitSeed), limits: limits)
        require(whole == split, "outcomes depend on how the bytes are split")
        let byteAtATime = outcomes(feeding: bytes.indices.map { bytes[$0...$0] }, limits: limits)
        require(whole == byteAtATime, "outcomes differ when fed one byte at a time")
        for outcome in whole {
            if case .request(let request) = outcome { checkRequest(request) }
        }
    }

    /// A comparable summary of one `next()` result.
    enum Summary: Equatable {
        case request(ParsedRequest)
        case error(ParseError)
    }

    /// The parts of a request the invariants compare.
    struct ParsedRequest: Equatable {
        var method: String
        var target: String
        var path: String
        var pathSegments: [String]
        var version: String
        var fields: [String]
        var body: [UInt8]
    }

    /// Feeds `pieces` one after another, draining `next()` after each, and returns every request and the
    /// final error (if any). Stops at the first error after checking it repeats.
    static func outcomes(feeding pieces: [ArraySlice<UInt8>], limits: ParserLimits) -> [Summary] {
        var parser = RequestParser(limits: limits)
        var results: [Summary] = []
        for piece in pieces {
            parser.append(piece)
            while true {
                switch parser.next() {
                case .needMoreBytes:
                    // Memory bound: what stays buffered is the unfinished rest of one line, body or chunk.
                    let bound = max(limits.maxRequestLineBytes, limits.maxHeaderBytes, limits.maxBodyBytes, 4096)
                    require(parser.bufferedByteCount <= bound + 2 + 2 * piece.count, "parser buffers past its limits")
                case .request(let request):
                    results.append(.request(summary(request)))
                    continue
                case .error(let error):
                    guard case .error(let again) = parser.next(), again == error else {
                        fatalError("an error did not repeat")
                    }
                    results.append(.error(error))
                    return results
                }
                break
            }
        }
        return results
    }

    static func summary(_ request: Request) -> ParsedRequest {
        ParsedRequest(
            method: request.method.rawValue, target: request.target.raw, path: request.target.path,
            pathSegments: request.target.pathSegments, version: request.version.description,
            fields: request.fields.map { "\($0.name.rawName): \($0.value)" }, body: request.body)
    }

    static func checkRequest(_ request: ParsedRequest) {
        require(
            request.target.utf8.count + request.method.utf8.count + 10 <= limits.maxRequestLineBytes,
            "request line over limit")
        require(request.fields.count <= limits.maxFieldLines, "more field lines than the limit")
        require(request.fields.reduce(0) { $0 + receivedByteCount($1) } <= limits.maxHeaderBytes, "header over limit")
        require(request.body.count <= limits.maxBodyBytes, "body over limit")
        require(request.version == "HTTP/1.1" || request.version == "HTTP/1.0", "unsupported version accepted")
        if request.version == "HTTP/1.1" {
            require(request.fields.contains { $0.lowercased().hasPrefix("host:") }, "HTTP/1.1 without Host accepted")
        }
        require(request.path == "*" || request.path.hasPrefix("/"), "path neither * nor absolute")
        require(!request.pathSegments.contains(".") && !request.pathSegments.contains(".."), "dot segment left in path")
        require(request.method.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "method has non-token bytes")
        for field in request.fields {
            require(!field.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 }, "field holds CR, LF or NUL")
        }
        roundTrip(request)
    }

    /// The fewest bytes that can have decoded to `text`: obs-text that is not UTF-8 becomes U+FFFD (three
    /// bytes) from as little as one received byte.
    static func receivedByteCount(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + ($1 == "\u{FFFD}" ? 1 : String($1).utf8.count) }
    }

    /// Re-serialises with `Content-Length` framing and parses it back with room for the reframing.
    static func roundTrip(_ request: ParsedRequest) {
        var text = "\(request.method) \(request.target) \(request.version)\r\n"
        for field in request.fields {
            let lower = field.lowercased()
            if lower.hasPrefix("content-length:") || lower.hasPrefix("transfer-encoding:") { continue }
            text += field + "\r\n"
        }
        text += "Content-Length: \(request.body.count)\r\n\r\n"
        let reserialised = Array(text.utf8) + request.body
        var roomy = limits
        // Undecodable obs-text came back as U+FFFD, three bytes where one was received.
        roomy.maxHeaderBytes = 3 * limits.maxHeaderBytes + 64
        roomy.maxFieldLines += 1
        let parsed = outcomes(feeding: [reserialised[...]], limits: roomy)
        guard parsed.count == 1, case .request(let again) = parsed[0] else {
            fatalError("a parsed request does not parse back: \(parsed)")
        }
        let framing = { (field: String) in
            let lower = field.lowercased()
            return lower.hasPrefix("content-length:") || lower.hasPrefix("transfer-encoding:")
        }
        require(again.method == request.method, "method changed in the round trip")
        require(again.target == request.target && again.path == request.path, "target changed in the round trip")
        require(again.version == request.version, "version changed in the round trip")
        require(again.fields.filter { !framing($0) } == request.fields.filter { !framing($0) }, "fields changed")
        require(again.body == request.body, "body changed in the round trip")
    }

    /// Cuts `bytes` into pieces whose lengths (1...16) come from a small generator seeded by `seed`.
    static func pieces(of bytes: [UInt8], seed: UInt8) -> [ArraySlice<UInt8>] {
        var state = UInt32(seed) &* 2_654_435_761 | 1
        var result: [ArraySlice<UInt8>] = []
        var index = 0
        while index < bytes.count {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            let length = min(Int(state % 16) + 1, bytes.count - index)
            result.append(bytes[index..<index + length])
            index += length
        }
        return result
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError(message()) }
    }
}
