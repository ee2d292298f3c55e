import Foundation
import Glibc
import HTTPCore

/// The address of the client behind a request, for per-address limits: the TCP peer, or, behind a
/// proxy the operator said to trust (`--trust-forwarded-for`), the last `X-Forwarded-For` entry: the
/// address the proxy itself saw (earlier entries are whatever the client wrote and prove nothing).
public enum ClientAddress {
    /// The address without its port (`203.0.113.7`, `2001:db8::1`); `unknown` when there is none.
    public static func of(_ request: Request, trustForwardedFor: Bool) -> String {
        if trustForwardedFor, let forwarded = lastForwardedFor(request) { return forwarded }
        guard let peer = request.remoteAddress else { return "unknown" }
        return host(ofPeer: peer)
    }

    /// The last entry of the last `X-Forwarded-For` line, trimmed; `nil` when there is none.
    private static func lastForwardedFor(_ request: Request) -> String? {
        var last: String?
        for field in request.fields where field.name == .xForwardedFor {
            if let entry = field.value.split(separator: ",").last.map({ String($0.trimmingOptionalWhitespace()) }),
                !entry.isEmpty
            {
                last = entry
            }
        }
        return last
    }

    /// What per-address limits count `address` under: IPv4 as it is; IPv6 by its /64 (`2001:db8:1:2::/64`),
    /// one subscriber's usual block, so a client cannot pass the limit by moving through its own addresses;
    /// IPv4-mapped (`::ffff:a.b.c.d`) as IPv4; anything else (a forwarded non-address) as written.
    public static func limitKey(_ address: String) -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        guard address.utf8.contains(UInt8(ascii: ":")), inet_pton(AF_INET6, address, &bytes) == 1 else {
            return address
        }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
            return bytes[12..<16].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map {
            String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
        }
        return groups.joined(separator: ":") + "::/64"
    }

    /// `host` of `host:port` or of `[v6]:port`.
    public static func host(ofPeer peer: String) -> String {
        if peer.hasPrefix("["), let end = peer.firstIndex(of: "]") {
            return String(peer[peer.index(after: peer.startIndex)..<end])
        }
        if let colon = peer.lastIndex(of: ":") { return String(peer[..<colon]) }
        return peer
    }
}
