/// An incremental HTTP/1.1 request parser (RFC 9112): bytes in with `append(_:)`, requests out of
/// `next()` until `.needMoreBytes`, pipelined ones in order.
///
/// Strict where leniency enables request smuggling (RFC 9112 §11.2): CRLF line ends, token field
/// names without whitespace before the colon, no obs-fold, `Content-Length` digits that agree, never
/// with `Transfer-Encoding`. After an error it keeps returning it; the connection answers and closes.
/// Pure (no sockets, clocks or files); each byte is scanned once, however the input is split.
public struct RequestParser: Sendable {
    /// What `next()` found in the bytes appended so far.
    public enum Outcome: Sendable {
        /// The buffered bytes end inside a request; append more.
        case needMoreBytes
        /// One complete request, body included (transfer coding removed).
        case request(Request)
        /// The request is malformed or over a limit; the error knows its status code.
        case error(ParseError)
    }

    // `@usableFromInline`, with `buffer`, `start` and `state`, for the inlinable state queries below.
    @usableFromInline enum State: Sendable {
        case requestLine
        case fieldLines
        case fixedBody(length: Int)
        case chunkSize
        case chunkData(size: Int)
        case trailerLines
        case failed(ParseError)
    }

    /// The limits this parser enforces.
    public let limits: ParserLimits

    @usableFromInline var buffer: [UInt8] = []
    // `start` is the first unconsumed byte; `scanIndex` is where the next line-feed search resumes.
    @usableFromInline var start = 0
    private var scanIndex = 0
    @usableFromInline var state: State = .requestLine

    private var method = Method.get
    private var target: RequestTarget?
    private var version = Version.http1_1
    private var fields = Fields()
    private var body: [UInt8] = []
    // May be negative after `compact()` dropped consumed lines of the section being read.
    private var sectionStart = 0
    private var fieldLineCount = 0
    /// Bytes of the current chunked message body consumed so far, framing included.
    private var chunkedBytesConsumed = 0

    /// The first bytes (at most `targetStartLength`) of the request target of the request being read,
    /// as the request line has them, once the line was read or found too long, even when the target
    /// was then refused: what a responder may pick an error page's language by (`/ko/…`). Empty
    /// before that.
    public private(set) var targetStart = ""
    /// How many bytes of the target `targetStart` keeps: 15, the most a Swift string holds inline, so
    /// keeping it allocates nothing on a request that turns out well.
    public static let targetStartLength = 15

    /// Whether the request sent `Expect: 100-continue` (RFC 9110 §10.1.1) and its body has not arrived:
    /// the connection may answer `100 Continue`.
    public private(set) var expectsContinue = false

    // Real clients send chunk-size lines of a few bytes.
    private static let maxChunkSizeLineBytes = 4096

    /// Creates a parser with the given limits.
    public init(limits: ParserLimits = .default) {
        self.limits = limits
    }

    /// Whether bytes of an unfinished request are buffered (header-read rather than idle timeout); empty
    /// lines between requests do not count. Inlinable, as `isReadingBody`: a connection asks after every
    /// request, and as a call across modules the parser was copied out of the connection to ask it.
    @inlinable
    public var hasPartialRequest: Bool {
        if case .requestLine = state {
            var index = start
            while index < buffer.count, buffer[index] == UInt8(ascii: "\r") || buffer[index] == UInt8(ascii: "\n") {
                index += 1
            }
            return index < buffer.count
        }
        return true
    }

    /// Whether the head is complete and the body still arriving (the body-read timeout).
    @inlinable
    public var isReadingBody: Bool {
        switch state {
        case .fixedBody, .chunkSize, .chunkData, .trailerLines: return true
        case .requestLine, .fieldLines, .failed: return false
        }
    }

    /// The bytes the parser holds, consumed and not (for tests of the memory bound).
    var bufferedByteCount: Int { buffer.count }

    /// Adds received bytes to the parser's buffer.
    public mutating func append<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// Adds received bytes from raw memory (what a socket read fills).
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// Returns the next complete request, `.needMoreBytes`, or the error that ends the connection.
    public mutating func next() -> Outcome {
        if case .failed(let error) = state { return .error(error) }
        do throws(ParseError) {
            return try step()
        } catch {
            state = .failed(error)
            return .error(error)
        }
    }

    /// Drops consumed bytes in every state, so the buffer holds at most the rest of one line or chunk
    /// plus the new bytes.
    private mutating func compact() {
        guard start > 0 else { return }
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
        } else {
            buffer.removeSubrange(0..<start)
        }
        scanIndex -= start
        sectionStart -= start
        start = 0
    }

    /// Counts consumed chunked framing or data against `ParserLimits.maxChunkedBodyBytes`.
    private mutating func consumeChunked(_ count: Int) throws(ParseError) {
        chunkedBytesConsumed += count
        if chunkedBytesConsumed > limits.maxChunkedBodyBytes { throw .bodyTooLarge }
    }

    /// Refuses a chunked body whose buffered, unconsumed bytes already take it past the bound.
    private func checkChunkedBuffered() throws(ParseError) {
        if chunkedBytesConsumed + (buffer.count - start) > limits.maxChunkedBodyBytes { throw .bodyTooLarge }
    }

    private mutating func step() throws(ParseError) -> Outcome {
        while true {
            switch state {
            case .requestLine:
                // RFC 9112 §2.2: a server SHOULD ignore at least one empty line before a request line.
                while start + 1 < buffer.count, buffer[start] == .cr, buffer[start + 1] == .lf { start += 2 }
                if scanIndex < start { scanIndex = start }
                guard let lf = findLineFeed() else {
                    if buffer.count - start > limits.maxRequestLineBytes + 1 {
                        noteTargetStart(in: start..<buffer.count)
                        throw .requestLineTooLong
                    }
                    return .needMoreBytes
                }
                let hasCR = lf > start && buffer[lf - 1] == .cr
                let lineEnd = hasCR ? lf - 1 : lf
                if lineEnd - start > limits.maxRequestLineBytes {
                    noteTargetStart(in: start..<lineEnd)
                    throw .requestLineTooLong
                }
                guard hasCR else { throw .invalidRequestLine }
                try parseRequestLine(start..<lineEnd)
                consumeLine(through: lf)
                sectionStart = start
                fieldLineCount = 0
                state = .fieldLines

            case .fieldLines:
                guard let line = try nextFieldLine() else { return .needMoreBytes }
                if let line {
                    fields.append(line.name, line.value)
                } else if let outcome = try finishHead() {
                    return outcome
                }

            case .fixedBody(let length):
                guard buffer.count - start >= length else { return .needMoreBytes }
                body = Array(buffer[start..<start + length])
                start += length
                return emit()

            case .chunkSize:
                guard let lf = findLineFeed() else {
                    if buffer.count - start > Self.maxChunkSizeLineBytes { throw .invalidChunk }
                    try checkChunkedBuffered()
                    return .needMoreBytes
                }
                // The checks of a partial line first, so the outcome never depends on how bytes were split.
                if lf - start > Self.maxChunkSizeLineBytes { throw .invalidChunk }
                if chunkedBytesConsumed + (lf - start) > limits.maxChunkedBodyBytes { throw .bodyTooLarge }
                guard lf > start, buffer[lf - 1] == .cr else { throw .invalidChunk }
                let size = try parseChunkSizeLine(start..<lf - 1)
                try consumeChunked(lf + 1 - start)
                consumeLine(through: lf)
                if size == 0 {
                    sectionStart = start
                    fieldLineCount = 0
                    state = .trailerLines
                } else {
                    state = .chunkData(size: size)
                }

            case .chunkData(let size):
                guard buffer.count - start >= size + 2 else {
                    try checkChunkedBuffered()
                    return .needMoreBytes
                }
                // As a partial read of this chunk would have been refused.
                if chunkedBytesConsumed + size + 1 > limits.maxChunkedBodyBytes { throw .bodyTooLarge }
                guard buffer[start + size] == .cr, buffer[start + size + 1] == .lf else { throw .invalidChunk }
                try consumeChunked(size + 2)
                body.append(contentsOf: buffer[start..<start + size])
                start += size + 2
                scanIndex = start
                state = .chunkSize

            case .trailerLines:
                // Trailers are read and bounded but dropped: nothing may rely on them (RFC 9110 §6.5.1), and merging
                // them into the header section invites smuggling.
                let lineStart = start
                guard let line = try nextFieldLine(inTrailer: true) else {
                    try checkChunkedBuffered()
                    return .needMoreBytes
                }
                try consumeChunked(start - lineStart)
                if line == nil { return emit() }

            case .failed(let error):
                throw error
            }
        }
    }

    private mutating func findLineFeed() -> Int? {
        let found: Int? = buffer.withUnsafeBufferPointer { pointer in
            var index = scanIndex
            let end = pointer.count
            while index < end {
                if pointer[index] == .lf { return index }
                index += 1
            }
            return nil
        }
        scanIndex = found ?? buffer.count
        return found
    }

    private mutating func consumeLine(through lineFeed: Int) {
        start = lineFeed + 1
        scanIndex = start
    }

    /// Reads one field line of the header or trailer section: `nil` when more bytes are needed,
    /// `.some(nil)` at the empty line that ends it. A complete line meets a partial one's bounds first,
    /// so the error never depends on how the bytes were split.
    private mutating func nextFieldLine(inTrailer: Bool = false) throws(ParseError) -> (
        name: FieldName, value: String
    )?? {
        guard let lf = findLineFeed() else {
            // The section may still end in an empty line whose CR is already buffered.
            if buffer.count - sectionStart > limits.maxHeaderBytes + 1 { throw .headerSectionTooLarge }
            return nil
        }
        if lf - sectionStart > limits.maxHeaderBytes + 1 { throw .headerSectionTooLarge }
        if inTrailer, chunkedBytesConsumed + (lf - start) > limits.maxChunkedBodyBytes { throw .bodyTooLarge }
        guard lf > start, buffer[lf - 1] == .cr else { throw .invalidFieldLine }
        let lineEnd = lf - 1
        if lineEnd == start {
            consumeLine(through: lf)
            return .some(nil)
        }
        if lf + 1 - sectionStart > limits.maxHeaderBytes { throw .headerSectionTooLarge }
        fieldLineCount += 1
        if fieldLineCount > limits.maxFieldLines { throw .headerSectionTooLarge }
        let line = try parseFieldLine(start..<lineEnd)
        consumeLine(through: lf)
        return line
    }

    /// `field-line = field-name ":" OWS field-value OWS` (RFC 9112 §5).
    private func parseFieldLine(_ range: Range<Int>) throws(ParseError) -> (name: FieldName, value: String) {
        // Over the buffer's memory: every line of every request passes here, a dozen for a browser's.
        let line: (name: FieldName, value: String)? = buffer.withUnsafeBufferPointer { buffer in
            // Obs-fold (a leading space, RFC 9112 §5.2) and a space before the colon (§5.1, proxies
            // disagree) both fail "the name is a token".
            var colon = range.lowerBound
            while colon < range.upperBound, buffer[colon] != .colon {
                guard ByteClass.isTokenByte(buffer[colon]) else { return nil }
                colon += 1
            }
            guard colon < range.upperBound, colon > range.lowerBound else { return nil }
            let value = OptionalWhitespace.trimmed(buffer, (colon + 1)..<range.upperBound)
            for index in value where !ByteClass.isFieldValueByte(buffer[index]) { return nil }
            let nameBytes = UnsafeBufferPointer(rebasing: buffer[range.lowerBound..<colon])
            let name =
                KnownFieldNames.name(spelledAs: nameBytes) ?? FieldName(String(decoding: nameBytes, as: UTF8.self))
            return (name, String(decoding: UnsafeBufferPointer(rebasing: buffer[value]), as: UTF8.self))
        }
        guard let line else { throw .invalidFieldLine }
        return line
    }

    /// Keeps the start of the target in the request line (or its first bytes) at `range`: the bytes
    /// after the first space, up to `targetStartLength` or the next space.
    private mutating func noteTargetStart(in range: Range<Int>) {
        let head = buffer[range].prefix(64)
        guard let space = head.firstIndex(of: .space) else { return }
        let after = buffer[(space + 1)..<range.upperBound].prefix(Self.targetStartLength)
        targetStart = String(decoding: after.prefix { $0 != .space }, as: UTF8.self)
    }

    /// `request-line = method SP request-target SP HTTP-version` (RFC 9112 §3).
    private mutating func parseRequestLine(_ range: Range<Int>) throws(ParseError) {
        guard let firstSpace = buffer[range].firstIndex(of: .space) else { throw .invalidRequestLine }
        guard let secondSpace = buffer[(firstSpace + 1)..<range.upperBound].firstIndex(of: .space) else {
            throw .invalidRequestLine
        }
        let methodRange = range.lowerBound..<firstSpace
        let targetRange = (firstSpace + 1)..<secondSpace
        let versionRange = (secondSpace + 1)..<range.upperBound
        guard !methodRange.isEmpty, !targetRange.isEmpty else { throw .invalidRequestLine }
        // Over the buffer's memory: on every request.
        let (targetText, start, isToken) = buffer.withUnsafeBufferPointer { buffer in
            let method = UnsafeBufferPointer(rebasing: buffer[methodRange])
            let target = UnsafeBufferPointer(rebasing: buffer[targetRange])
            return (
                String(decoding: target, as: UTF8.self),
                String(decoding: UnsafeBufferPointer(rebasing: target.prefix(Self.targetStartLength)), as: UTF8.self),
                !method.contains { !ByteClass.isTokenByte($0) }
            )
        }
        targetStart = start
        guard isToken else { throw .invalidMethod }
        do {
            version = try parseVersion(versionRange)
        } catch {
            // `GET /a b HTTP/1.1`: the version is not what is wrong but a space in the target, which a
            // client must send as `%20` (RFC 9112 §3.2); say so rather than blame the version.
            if buffer[versionRange].contains(.space) { throw .invalidTargetCharacter }
            throw error
        }
        method = Self.method(buffer[methodRange])
        let target = try RequestTarget(parsing: targetText)
        // Asterisk-form is only defined for OPTIONS (RFC 9112 §3.2.4).
        if target.isAsterisk, method != .options { throw .invalidTarget }
        self.target = target
    }

    private func parseVersion(_ range: Range<Int>) throws(ParseError) -> Version {
        // "HTTP/" DIGIT "." DIGIT (RFC 9112 §2.3). A later HTTP/1 minor is read as 1.1 (RFC 9110 §2.5);
        // another major version is 505.
        guard range.count == 8, buffer[range.lowerBound..<range.lowerBound + 5].elementsEqual(Self.versionPrefix) else {
            throw .invalidVersion
        }
        let major = buffer[range.lowerBound + 5]
        let dot = buffer[range.lowerBound + 6]
        let minor = buffer[range.lowerBound + 7]
        guard ByteClass.isDigit(major), dot == .dot, ByteClass.isDigit(minor) else { throw .invalidVersion }
        guard major == UInt8(ascii: "1") else { throw .unsupportedVersion }
        return minor == UInt8(ascii: "0") ? .http1_0 : .http1_1
    }

    private static let versionPrefix: [UInt8] = Array("HTTP/".utf8)

    private static func method(_ bytes: ArraySlice<UInt8>) -> Method {
        // The common methods reuse shared values.
        switch bytes.count {
        case 3 where bytes.elementsEqual("GET".utf8): return .get
        case 4 where bytes.elementsEqual("HEAD".utf8): return .head
        case 4 where bytes.elementsEqual("POST".utf8): return .post
        default: return Method(rawValue: String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Decides the message body's framing from the header section (RFC 9112 §6.3).
    private mutating func finishHead() throws(ParseError) -> Outcome? {
        var hostCount = 0
        var transferCodings: [Substring] = []
        var hasTransferEncoding = false
        var contentLength: Int?
        var expectContinue = false
        for field in fields {
            switch field.name {
            case .host:
                hostCount += 1
                // `Host = uri-host [ ":" port ]` (RFC 9110 §7.2); anything else could be echoed into links.
                guard HostSyntax.isValidHostAndPort(field.value[...].utf8) else { throw .invalidHost }
            case .transferEncoding:
                hasTransferEncoding = true
                for element in field.value.split(separator: ",", omittingEmptySubsequences: false) {
                    transferCodings.append(element.trimmingOptionalWhitespace())
                }
            case .contentLength:
                let length = try Self.parseContentLength(field.value)
                if let contentLength, contentLength != length { throw .invalidContentLength }
                contentLength = length
            case .expect:
                expectContinue = field.value.lowercased() == "100-continue"
            default:
                break
            }
        }
        if version == .http1_1 ? hostCount != 1 : hostCount > 1 { throw .missingHost }
        if hasTransferEncoding {
            // RFC 9112 §6.1: an HTTP/1.0 recipient cannot know chunked framing.
            if version == .http1_0 { throw .transferEncodingInHTTP10 }
            if contentLength != nil { throw .conflictingFraming }
            guard transferCodings.count == 1, transferCodings[0].lowercased() == "chunked" else {
                throw .unsupportedTransferCoding
            }
            expectsContinue = expectContinue && version == .http1_1
            chunkedBytesConsumed = 0
            state = .chunkSize
            return nil
        }
        let length = contentLength ?? 0
        if length > limits.maxBodyBytes { throw .bodyTooLarge }
        if length == 0 { return emit() }
        expectsContinue = expectContinue && version == .http1_1
        state = .fixedBody(length: length)
        return nil
    }

    private static func parseContentLength(_ value: String) throws(ParseError) -> Int {
        // `1*DIGIT` (RFC 9110 §8.6). Over 18 digits could overflow and is past any limit: too large.
        guard !value.isEmpty else { throw .invalidContentLength }
        var result = 0
        var digits = 0
        for byte in value.utf8 {
            guard ByteClass.isDigit(byte) else { throw .invalidContentLength }
            digits += 1
            if digits > 18 { throw .bodyTooLarge }
            result = result * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return result
    }

    /// `chunk-size [ chunk-ext ]` (RFC 9112 §7.1); extensions are checked for stray bytes and ignored.
    private func parseChunkSizeLine(_ range: Range<Int>) throws(ParseError) -> Int {
        var index = range.lowerBound
        var size = 0
        while index < range.upperBound, let digit = PercentDecoding.hexValue(buffer[index]) {
            guard index - range.lowerBound < 15 else { throw .bodyTooLarge }
            size = size << 4 | Int(digit)
            index += 1
        }
        guard index > range.lowerBound else { throw .invalidChunk }
        var extensionStart = index
        while extensionStart < range.upperBound, buffer[extensionStart] == .space || buffer[extensionStart] == .tab {
            extensionStart += 1
        }
        if extensionStart < range.upperBound {
            guard buffer[extensionStart] == .semicolon else { throw .invalidChunk }
            for byte in buffer[extensionStart..<range.upperBound] where !ByteClass.isFieldValueByte(byte) {
                throw .invalidChunk
            }
        }
        if body.count + size > limits.maxBodyBytes { throw .bodyTooLarge }
        return size
    }

    private mutating func emit() -> Outcome {
        let request = Request(
            method: method, target: target ?? Self.rootTarget, version: version, fields: fields, body: body)
        fields = Fields()
        body = []
        target = nil
        targetStart = ""
        expectsContinue = false
        scanIndex = start
        state = .requestLine
        return .request(request)
    }

    private static let rootTarget: RequestTarget = {
        // Stands in only if `emit` were reached without a request line.
        do { return try RequestTarget(parsing: "/") } catch { preconditionFailure("\"/\" is a valid target") }
    }()
}

/// Byte classes from RFC 9110 §5.5 and §5.6.2.
enum ByteClass {
    /// `tchar`: the bytes allowed in a token (method, field name, transfer coding).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        // DIGIT, ALPHA and !#$%&'*+-.^_`|~ as bits of the byte values 0–63 and 64–127.
        isIn(byte, low: 0x03FF_6CFA_0000_0000, high: 0x57FF_FFFF_C7FF_FFFE)
    }

    /// Whether `byte` is in the ASCII set whose members are the bits of `low` (bytes 0–63) and `high`
    /// (64–127). Constants in the caller's code rather than a table in a `static let`, whose lazy
    /// initialisation is checked on every read: these run for every byte of every request line.
    @inline(__always)
    static func isIn(_ byte: UInt8, low: UInt64, high: UInt64) -> Bool {
        if byte < 64 { return (low >> UInt64(byte)) & 1 != 0 }
        if byte < 128 { return (high >> UInt64(byte &- 64)) & 1 != 0 }
        return false
    }

    /// `field-vchar` or SP / HTAB: VCHAR, obs-text, space and tab; no other control bytes.
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == .tab || (byte >= 0x20 && byte != 0x7F)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (RFC 3986 §2.3).
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}

extension UInt8 {
    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let colon = UInt8(ascii: ":")
    static let semicolon = UInt8(ascii: ";")
    static let dot = UInt8(ascii: ".")
}
