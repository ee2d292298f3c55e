/// The request target of a request line (RFC 9112 §3.2), split, percent-decoded and normalised once.
///
/// Accepts origin-form `/path?query` (§3.2.1); absolute-form `http://host[:port]/path?query`
/// (§3.2.2), which servers MUST accept, with the same path and query; and asterisk-form `*` (§3.2.4),
/// only with `OPTIONS` (the parser checks). Not authority-form (`CONNECT`).
public struct RequestTarget: Sendable, Equatable, CustomStringConvertible {
    /// One `name=value` pair of the query, form-decoded (`+` is a space).
    public struct QueryItem: Sendable, Equatable {
        /// The decoded name.
        public var name: String
        /// The decoded value; empty for `name` without `=`.
        public var value: String
        /// Creates a pair.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The target exactly as received on the request line.
    public let raw: String
    /// Whether the target is asterisk-form `*` (RFC 9112 §3.2.4), about the server as a whole: then
    /// `path` is `"*"`, `pathSegments` is empty and there is no query.
    public let isAsterisk: Bool
    /// The `host[:port]` of an absolute-form target, as received (`"example.com:8080"`); `nil` for the
    /// other forms. It takes precedence over `Host` (RFC 9112 §3.2.2).
    public let authority: String?
    /// The decoded path segments after dot-segment removal (RFC 3986 §5.2.4); `/` is `[]`,
    /// `/a/b/` is `["a", "b", ""]`. A `%2F` inside a segment stays inside that segment.
    public let pathSegments: [String]
    /// The decoded path, `"/" + pathSegments.joined("/")`; `"*"` for the asterisk-form.
    public let path: String
    /// The query as received (after `?`, still encoded), or `nil` when the target has no `?`.
    public let query: String?
    /// The query's pairs in order, form-decoded (WHATWG URL "application/x-www-form-urlencoded").
    public let queryItems: [QueryItem]

    /// Parses a target in origin-form, absolute-form (`http` or `https`, any case) or asterisk-form.
    /// - Throws: `ParseError.invalidTarget` for another form, or an authority that is empty, has userinfo
    ///   or is not `host[:port]` (RFC 3986 §3.2.2); `.invalidTargetCharacter` for a byte outside the URI
    ///   character set; `.invalidPercentEncoding` for a malformed percent escape, or escapes that decode
    ///   to invalid UTF-8.
    public init(parsing raw: String) throws(ParseError) {
        self.raw = raw
        if raw == "*" {
            isAsterisk = true
            authority = nil
            pathSegments = []
            path = "*"
            query = nil
            queryItems = []
            return
        }
        isAsterisk = false
        let pathAndQuery: Substring
        if raw.utf8.first == UInt8(ascii: "/") {
            authority = nil
            pathAndQuery = raw[...]
        } else {
            let (authority, rest) = try Self.splitAbsoluteForm(raw)
            self.authority = authority
            pathAndQuery = rest
        }
        // Byte-wise over the contiguous bytes (the allowed bytes are ASCII), in one pass that also finds
        // the `?`: Character-based splitting cost more than the rest of a cached page's request, and
        // `firstIndex(of:)` over a substring's UTF-8 view about 470 instructions for `/profile/edit`.
        var checked = pathAndQuery
        var questionMark: Int?
        let isAllowed = checked.withUTF8 { bytes in
            for offset in bytes.indices {
                guard RequestTarget.isAllowed(bytes[offset]) else { return false }
                if bytes[offset] == UInt8(ascii: "?"), questionMark == nil { questionMark = offset }
            }
            return true
        }
        guard isAllowed else { throw .invalidTargetCharacter }
        let rawPath: Substring
        if let questionMark {
            let utf8 = pathAndQuery.utf8
            let queryMark = utf8.index(utf8.startIndex, offsetBy: questionMark)
            rawPath = pathAndQuery[..<queryMark]
            let query = String(pathAndQuery[utf8.index(after: queryMark)...])
            self.query = query
            guard let items = FormURLEncoding.decode(query) else { throw .invalidPercentEncoding }
            self.queryItems = items.map { QueryItem(name: $0.name, value: $0.value) }
        } else {
            rawPath = pathAndQuery
            self.query = nil
            self.queryItems = []
        }
        (pathSegments, path) = try Self.segments(of: rawPath)
    }

    /// The decoded segments of `rawPath` (empty, or `/` and the rest, still encoded) after dot-segment
    /// removal, and the path they make.
    private static func segments(of rawPath: Substring) throws(ParseError) -> (segments: [String], path: String) {
        if let plain = plainSegments(of: rawPath) {
            // Without escapes or dot-segments the path is the raw one: no joining.
            return (plain == [""] ? [] : plain, rawPath.isEmpty ? "/" : String(rawPath))
        }
        var segments: [String] = []
        func add(_ piece: Substring, isLast: Bool) throws(ParseError) {
            let decoded: String
            if piece.utf8.contains(UInt8(ascii: "%")) {
                guard let text = PercentDecoding.decode(piece, plusIsSpace: false) else {
                    throw .invalidPercentEncoding
                }
                decoded = text
            } else {
                decoded = String(piece)
            }
            switch decoded {
            case ".":
                if isLast { segments.append("") }
            case "..":
                if !segments.isEmpty { segments.removeLast() }
                if isLast { segments.append("") }
            default:
                segments.append(decoded)
            }
        }
        // The segments between the `/`s after the first; `/` alone is one empty segment.
        if !rawPath.isEmpty {
            let pathBytes = rawPath.utf8
            var pieceStart = pathBytes.index(after: pathBytes.startIndex)
            var index = pieceStart
            while index < pathBytes.endIndex {
                if pathBytes[index] == UInt8(ascii: "/") {
                    try add(rawPath[pieceStart..<index], isLast: false)
                    pieceStart = pathBytes.index(after: index)
                }
                index = pathBytes.index(after: index)
            }
            try add(rawPath[pieceStart...], isLast: true)
        }
        if segments == [""] { segments = [] }
        return (segments, "/" + segments.joined(separator: "/"))
    }

    /// The pieces between the `/`s of a path without `%` escapes or `.`/`..` segments (what nearly every
    /// request has), read over its contiguous bytes into one array; `nil` for any other path.
    private static func plainSegments(of rawPath: Substring) -> [String]? {
        var rawPath = rawPath
        return rawPath.withUTF8 { bytes -> [String]? in
            guard !bytes.isEmpty else { return [] }
            var slashes = 0
            for byte in bytes {
                if byte == UInt8(ascii: "%") { return nil }
                if byte == UInt8(ascii: "/") { slashes += 1 }
            }
            var segments: [String] = []
            segments.reserveCapacity(slashes)
            var pieceStart = 1
            for index in 1...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                let piece = UnsafeBufferPointer(rebasing: bytes[pieceStart..<index])
                if !piece.isEmpty, piece.count <= 2, piece.allSatisfy({ $0 == UInt8(ascii: ".") }) { return nil }
                segments.append(String(decoding: piece, as: UTF8.self))
                pieceStart = index + 1
            }
            return segments
        }
    }

    /// Splits `scheme "://" authority path-abempty [ "?" query ]` (RFC 9112 §3.2.2) into the authority and
    /// the rest.
    private static func splitAbsoluteForm(_ raw: String) throws(ParseError) -> (String, Substring) {
        guard let schemeEnd = raw.firstIndex(of: ":") else { throw .invalidTarget }
        let scheme = raw[..<schemeEnd].lowercased()
        guard scheme == "http" || scheme == "https", raw[schemeEnd...].hasPrefix("://") else {
            throw .invalidTarget
        }
        let authorityStart = raw.index(schemeEnd, offsetBy: 3)
        let authorityEnd = raw[authorityStart...].firstIndex { $0 == "/" || $0 == "?" } ?? raw.endIndex
        let authority = raw[authorityStart..<authorityEnd]
        // An http(s) URI with an empty host MUST be rejected (RFC 9110 §4.2.1, §4.2.2).
        guard let first = authority.utf8.first, first != UInt8(ascii: ":"),
            HostSyntax.isValidHostAndPort(authority.utf8)
        else { throw .invalidTarget }
        return (String(authority), raw[authorityEnd...])
    }

    /// The first query value named `name`, or `nil`.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    public var description: String { raw }

    /// RFC 3986 unreserved, sub-delims, `:`, `@`, `/`, `?` and `%` (escapes are checked when decoding).
    static func isAllowed(_ byte: UInt8) -> Bool {
        // ALPHA, DIGIT and -._~!$&'()*+,;=:@/?% as bits of the byte values 0–63 and 64–127.
        ByteClass.isIn(byte, low: 0xAFFF_FFF2_0000_0000, high: 0x47FF_FFFE_87FF_FFFF)
    }
}
