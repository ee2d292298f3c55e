/// The request target of a request line in origin-form, `absolute-path [ "?" query ]` (RFC 9112 §3.2.1),
/// split, percent-decoded and normalised once so every later reader sees the same values.
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
    /// The decoded path segments after dot-segment removal (RFC 3986 §5.2.4); `/` is `[]`,
    /// `/a/b/` is `["a", "b", ""]`. A `%2F` inside a segment stays inside that segment.
    public let pathSegments: [String]
    /// The decoded path, `"/" + pathSegments.joined("/")`.
    public let path: String
    /// The query as received (after `?`, still encoded), or `nil` when the target has no `?`.
    public let query: String?
    /// The query's pairs in order, form-decoded (WHATWG URL "application/x-www-form-urlencoded").
    public let queryItems: [QueryItem]

    /// Parses an origin-form target.
    /// - Throws: `ParseError.invalidTarget` when it does not start with `/`, holds a byte outside
    ///   the URI character set, a malformed percent escape, or escapes that decode to invalid UTF-8.
    public init(parsing raw: String) throws(ParseError) {
        guard raw.utf8.first == UInt8(ascii: "/") else { throw .invalidTarget }
        for byte in raw.utf8 where !RequestTarget.isAllowed(byte) { throw .invalidTarget }
        self.raw = raw
        let rawPath: Substring
        if let questionMark = raw.firstIndex(of: "?") {
            rawPath = raw[..<questionMark]
            let query = String(raw[raw.index(after: questionMark)...])
            self.query = query
            guard let items = FormURLEncoding.decode(query) else { throw .invalidTarget }
            self.queryItems = items.map { QueryItem(name: $0.name, value: $0.value) }
        } else {
            rawPath = raw[...]
            self.query = nil
            self.queryItems = []
        }
        var segments: [String] = []
        let pieces = rawPath.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for (index, piece) in pieces.enumerated() {
            guard let decoded = PercentDecoding.decode(piece, plusIsSpace: false) else { throw .invalidTarget }
            let isLast = index == pieces.count - 1
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
        if segments == [""] { segments = [] }
        self.pathSegments = segments
        self.path = "/" + segments.joined(separator: "/")
    }

    /// The first query value named `name`, or `nil`.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    public var description: String { raw }

    /// RFC 3986 unreserved, sub-delims, `:`, `@`, `/`, `?` and `%` (checked separately when decoding).
    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~!$&'()*+,;=:@/?%".utf8.contains(byte)
        }
    }
}
