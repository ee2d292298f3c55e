import Foundation
import HTTPCore

/// The address of the client behind a request, for per-address limits: the TCP peer, or, behind a
/// proxy the operator said to trust (`--trust-forwarded-for`), the last `X-Forwarded-For` entry: the
/// address the proxy itself saw (earlier entries are whatever the client wrote and prove nothing).
enum ClientAddress {
    /// The address without its port (`203.0.113.7`, `2001:db8::1`); `unknown` when there is none.
    static func of(_ request: Request, trustForwardedFor: Bool) -> String {
        if trustForwardedFor, let forwarded = lastForwardedFor(request) { return forwarded }
        guard let peer = request.remoteAddress else { return "unknown" }
        return host(ofPeer: peer)
    }

    /// The last entry of the last `X-Forwarded-For` line, trimmed; `nil` when there is none.
    private static func lastForwardedFor(_ request: Request) -> String? {
        var last: String?
        for field in request.fields where field.name == .xForwardedFor {
            if let entry = field.value.split(separator: ",").last?.trimmingCharacters(in: .whitespaces),
                !entry.isEmpty
            {
                last = entry
            }
        }
        return last
    }

    /// `host` of `host:port` or of `[v6]:port`.
    static func host(ofPeer peer: String) -> String {
        if peer.hasPrefix("["), let end = peer.firstIndex(of: "]") {
            return String(peer[peer.index(after: peer.startIndex)..<end])
        }
        if let colon = peer.lastIndex(of: ":") { return String(peer[..<colon]) }
        return peer
    }
}
