/// A request message (RFC 9112 §3) as the parser delivers it, body complete.
public struct Request: Sendable {
    /// The request method token.
    public var method: Method
    /// The request target, already percent-decoded and checked.
    public var target: RequestTarget
    /// The protocol version from the request line.
    public var version: Version
    /// The header section, in order.
    public var fields: Fields
    /// The message body (RFC 9110 §6.4), empty when the request had none.
    public var body: [UInt8]
    /// The peer's address as `host:port` (`[v6]:port` for IPv6), when known, for access logs.
    public var remoteAddress: String?

    /// Creates a request, as the parser or a test client does.
    public init(
        method: Method, target: RequestTarget, version: Version = .http1_1, fields: Fields = Fields(),
        body: [UInt8] = [], remoteAddress: String? = nil
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.fields = fields
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// Whether the connection may stay open after this request (RFC 9112 §9.3): HTTP/1.1 unless
    /// `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`.
    public var keepAlive: Bool {
        if fields.listContains(.connection, token: "close") { return false }
        if version == .http1_0 { return fields.listContains(.connection, token: "keep-alive") }
        return version.major == 1 && version.minor >= 1
    }
}
