/// A request method token (RFC 9110 §9); case-sensitive, so `get` is not `GET`.
public struct Method: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The token as on the request line.
    public let rawValue: String

    /// Creates a method; the parser has checked it is a `token` (RFC 9110 §5.6.2).
    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    /// The `GET` method (RFC 9110 §9.3.1).
    public static let get = Method(rawValue: "GET")
    /// The `HEAD` method (RFC 9110 §9.3.2).
    public static let head = Method(rawValue: "HEAD")
    /// The `POST` method (RFC 9110 §9.3.3).
    public static let post = Method(rawValue: "POST")
    /// The `PUT` method (RFC 9110 §9.3.4).
    public static let put = Method(rawValue: "PUT")
    /// The `DELETE` method (RFC 9110 §9.3.5).
    public static let delete = Method(rawValue: "DELETE")
    /// The `PATCH` method (RFC 5789 §2).
    public static let patch = Method(rawValue: "PATCH")
    /// The `OPTIONS` method (RFC 9110 §9.3.7).
    public static let options = Method(rawValue: "OPTIONS")
    /// The `TRACE` method (RFC 9110 §9.3.8).
    public static let trace = Method(rawValue: "TRACE")
    /// The `CONNECT` method (RFC 9110 §9.3.6).
    public static let connect = Method(rawValue: "CONNECT")
}
