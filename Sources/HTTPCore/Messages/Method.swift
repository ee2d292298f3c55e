/// A request method token (RFC 9110 §9). Methods are case-sensitive, so `get` is not `GET`.
public struct Method: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The token exactly as it appeared on the request line.
    public let rawValue: String

    /// Creates a method from its token; the parser has already checked it is a `token` (RFC 9110 §5.6.2).
    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static let get = Method(rawValue: "GET")
    public static let head = Method(rawValue: "HEAD")
    public static let post = Method(rawValue: "POST")
    public static let put = Method(rawValue: "PUT")
    public static let delete = Method(rawValue: "DELETE")
    public static let patch = Method(rawValue: "PATCH")
    public static let options = Method(rawValue: "OPTIONS")
    public static let trace = Method(rawValue: "TRACE")
    public static let connect = Method(rawValue: "CONNECT")
}
