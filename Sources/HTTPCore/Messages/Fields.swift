/// A field name (RFC 9110 §5.1): compared case-insensitively, written as given.
public struct FieldName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name as written or received.
    public let rawName: String
    /// The ASCII-lower-cased name used for comparison.
    public let canonicalName: String

    /// Creates a name; the parser has checked it is a `token`.
    public init(_ name: String) {
        self.rawName = name
        self.canonicalName = Self.lowercased(name)
    }

    /// `name` lower-cased: byte by byte for ASCII (every token, RFC 9110 §5.6.2), which shares the
    /// string when it is lower-case already; every request's field names pass here.
    private static func lowercased(_ name: String) -> String {
        var name = name
        let ascii = name.withUTF8 { bytes -> String?? in
            var hasUpper = false
            for byte in bytes {
                if byte >= 0x80 { return .none }
                if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { hasUpper = true }
            }
            guard hasUpper else { return .some(nil) }
            return String(unsafeUninitializedCapacity: bytes.count) { lower in
                for (index, byte) in bytes.enumerated() {
                    lower[index] = ASCIICase.lowered(byte)
                }
                return bytes.count
            }
        }
        switch ascii {
        case .none: return name.lowercased()
        case .some(nil): return name
        case .some(.some(let lower)): return lower
        }
    }

    public init(stringLiteral value: String) { self.init(value) }

    public var description: String { rawName }

    public static func == (lhs: FieldName, rhs: FieldName) -> Bool { lhs.canonicalName == rhs.canonicalName }
    public func hash(into hasher: inout Hasher) { hasher.combine(canonicalName) }

    /// `Allow` (RFC 9110 §10.2.1).
    public static let allow: FieldName = "Allow"
    /// `Accept` (RFC 9110 §12.5.1).
    public static let accept: FieldName = "Accept"
    /// `Accept-Encoding` (RFC 9110 §12.5.3).
    public static let acceptEncoding: FieldName = "Accept-Encoding"
    /// `Cache-Control` (RFC 9111 §5.2).
    public static let cacheControl: FieldName = "Cache-Control"
    /// `Connection` (RFC 9110 §7.6.1).
    public static let connection: FieldName = "Connection"
    /// `Content-Language` (RFC 9110 §8.5).
    public static let contentLanguage: FieldName = "Content-Language"
    /// `Content-Length` (RFC 9110 §8.6).
    public static let contentLength: FieldName = "Content-Length"
    /// `Content-Type` (RFC 9110 §8.3).
    public static let contentType: FieldName = "Content-Type"
    /// `Cookie` (RFC 6265 §5.4).
    public static let cookie: FieldName = "Cookie"
    /// `Date` (RFC 9110 §6.6.1).
    public static let date: FieldName = "Date"
    /// `ETag` (RFC 9110 §8.8.3).
    public static let eTag: FieldName = "ETag"
    /// `Expect` (RFC 9110 §10.1.1).
    public static let expect: FieldName = "Expect"
    /// `Host` (RFC 9110 §7.2).
    public static let host: FieldName = "Host"
    /// `If-None-Match` (RFC 9110 §13.1.2).
    public static let ifNoneMatch: FieldName = "If-None-Match"
    /// `If-Modified-Since` (RFC 9110 §13.1.3).
    public static let ifModifiedSince: FieldName = "If-Modified-Since"
    /// `Last-Modified` (RFC 9110 §8.8.2).
    public static let lastModified: FieldName = "Last-Modified"
    /// `Location` (RFC 9110 §10.2.2).
    public static let location: FieldName = "Location"
    /// `Origin` (RFC 6454 §7).
    public static let origin: FieldName = "Origin"
    /// `Referer` (RFC 9110 §10.1.3).
    public static let referer: FieldName = "Referer"
    /// `Retry-After` (RFC 9110 §10.2.3), in seconds here.
    public static let retryAfter: FieldName = "Retry-After"
    /// `Sec-Fetch-Site` (Fetch Metadata Request Headers, W3C).
    public static let secFetchSite: FieldName = "Sec-Fetch-Site"
    /// `Server` (RFC 9110 §10.2.4).
    public static let server: FieldName = "Server"
    /// `Set-Cookie` (RFC 6265 §4.1).
    public static let setCookie: FieldName = "Set-Cookie"
    /// `Transfer-Encoding` (RFC 9112 §6.1).
    public static let transferEncoding: FieldName = "Transfer-Encoding"
    /// `Content-Security-Policy` (W3C Content Security Policy Level 3 §3.1).
    public static let contentSecurityPolicy: FieldName = "Content-Security-Policy"
    /// `Referrer-Policy` (W3C Referrer Policy §4.1).
    public static let referrerPolicy: FieldName = "Referrer-Policy"
    /// `X-Content-Type-Options` (WHATWG Fetch §3.5).
    public static let xContentTypeOptions: FieldName = "X-Content-Type-Options"
    /// `X-Forwarded-For`: the client addresses a proxy chain saw, each proxy appending its peer.
    public static let xForwardedFor: FieldName = "X-Forwarded-For"
    /// `X-Forwarded-Host`: the `Host` the client sent to the proxy.
    public static let xForwardedHost: FieldName = "X-Forwarded-Host"
    /// `X-Forwarded-Proto`: `http` or `https`, as the client reached the proxy.
    public static let xForwardedProto: FieldName = "X-Forwarded-Proto"
    /// `X-Request-Start`: when a proxy passed the request on, as `t=` and seconds since the epoch
    /// (nginx's `$msec`, with milliseconds).
    public static let xRequestStart: FieldName = "X-Request-Start"
}

/// The header or trailer section of a message (RFC 9110 §5): field lines in order, repeats kept,
/// since some fields (`Set-Cookie`) may not be combined.
public struct Fields: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One field line: a name and its value with surrounding whitespace removed.
    public struct Field: Sendable, Equatable {
        /// The field name.
        public var name: FieldName
        /// The field value, trimmed.
        public var value: String
        /// Creates a field line.
        public init(name: FieldName, value: String) {
            self.name = name
            self.value = value
        }
    }

    private var storage: [Field] = []

    /// An empty section.
    public init() {}

    /// A section of one field line: one allocation, where a literal (`[name: value]`) makes two (its
    /// variadic array, then the lines), on the request path of every new visitor's `Set-Cookie`.
    public init(_ name: FieldName, _ value: String) {
        storage = [Field(name: name, value: value)]
    }

    public init(dictionaryLiteral elements: (FieldName, String)...) {
        storage = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The number of field lines.
    public var count: Int { storage.count }

    public func makeIterator() -> IndexingIterator<[Field]> { storage.makeIterator() }

    /// The first value for `name`, `nil` when absent. Setting replaces every line for `name` with one
    /// (or removes them all for `nil`), at the first one's place.
    public subscript(name: FieldName) -> String? {
        get { storage.first { $0.name == name }?.value }
        set {
            let firstIndex = storage.firstIndex { $0.name == name }
            storage.removeAll { $0.name == name }
            if let newValue {
                storage.insert(Field(name: name, value: newValue), at: firstIndex ?? storage.count)
            }
        }
    }

    /// Every value for `name`, in order of appearance.
    public func values(for name: FieldName) -> [String] {
        storage.filter { $0.name == name }.map(\.value)
    }

    /// Whether any line for `name` exists.
    public func contains(_ name: FieldName) -> Bool { storage.contains { $0.name == name } }

    /// Adds one field line at the end, keeping any earlier lines with the same name.
    public mutating func append(_ name: FieldName, _ value: String) {
        storage.append(Field(name: name, value: value))
    }

    /// Adds every line of `other` at the end, in order.
    public mutating func append(contentsOf other: Fields) {
        storage.append(contentsOf: other.storage)
    }

    /// Reserves room for `count` field lines in all.
    public mutating func reserveCapacity(_ count: Int) {
        storage.reserveCapacity(count)
    }

    /// Removes every line for `name`.
    public mutating func remove(_ name: FieldName) {
        storage.removeAll { $0.name == name }
    }

    /// Whether the comma-separated list field `name` (RFC 9110 §5.6.1), e.g. `Connection`, has `token`,
    /// compared case-insensitively.
    public func listContains(_ name: FieldName, token: String) -> Bool {
        var token = token
        return token.withUTF8 { wanted in
            storage.contains { field in
                guard field.name == name else { return false }
                var value = field.value
                return value.withUTF8 { bytes in
                    ListElements.contains(in: bytes) { ASCIICase.equals($0, wanted) }
                }
            }
        }
    }
}
