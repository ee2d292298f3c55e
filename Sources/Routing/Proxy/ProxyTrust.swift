import HTTPCore

/// Which `X-Forwarded-*` fields a process behind a proxy believes (`--trust-forwarded-…`): the one
/// place they are read. A client that reaches the process directly could write any of them, so each
/// counts only when the operator said the proxy sets it.
public struct ProxyTrust: Sendable {
    /// `X-Forwarded-For`: the client's address is its last entry, the one the proxy added.
    public var forwardedFor = false
    /// `X-Forwarded-Host`: the host the browser asked for is its first entry.
    public var forwardedHost = false
    /// `X-Forwarded-Proto`: `https` means the browser's connection was TLS.
    public var forwardedProto = false

    /// Trusts nothing but the connection itself.
    public init() {}

    /// The client's address without its port (`ClientAddress.of`).
    public func clientAddress(_ request: Request) -> String {
        ClientAddress.of(request, trustForwardedFor: forwardedFor)
    }

    /// The host the browser asked for, as `host[:port]`: `X-Forwarded-Host` when trusted, else `Host`.
    public func host(_ request: Request) -> String? {
        guard forwardedHost else { return request.fields[.host] }
        return request.fields[.xForwardedHost]?.split(separator: ",").first.map {
            String($0.trimmingOptionalWhitespace())
        } ?? request.fields[.host]
    }

    /// Whether the browser's connection was HTTPS: only a trusted `X-Forwarded-Proto: https` says so,
    /// since this server speaks plain HTTP.
    public func isHTTPS(_ request: Request) -> Bool {
        forwardedProto && request.fields[.xForwardedProto]?.lowercased() == "https"
    }
}
