import Glibc
import Synchronization

/// Who a connection comes from, for the per-client cap: an IPv4 address, or an IPv6 /64 prefix (one
/// subscriber's network). IPv4-mapped IPv6 addresses count as their IPv4 address.
struct ClientKey: Hashable, Sendable {
    let high: UInt64
    let low: UInt64
    /// Whether the peer is this machine's 127.0.0.1 or ::1, where a local reverse proxy connects from for
    /// all its clients: never capped (127.0.0.2 and on are clients like any other).
    let isLocalHost: Bool

    /// The key of a peer address from accept(2); one shared key for other families (Unix sockets).
    init(_ storage: sockaddr_storage) {
        var storage = storage
        var local = false
        (high, low) = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address -> (UInt64, UInt64) in
                switch Int32(address.pointee.sa_family) {
                case AF_INET:
                    return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                        let value = UInt64(UInt32(bigEndian: v4.pointee.sin_addr.s_addr))
                        local = value == 0x7f00_0001
                        return (4, value)
                    }
                case AF_INET6:
                    return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                        let bytes = withUnsafeBytes(of: v6.pointee.sin6_addr) { Array($0) }
                        // ::ffff:a.b.c.d is an IPv4 client on a dual-stack socket.
                        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
                            let v4 = bytes[12..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                            local = v4 == 0x7f00_0001
                            return (4, v4)
                        }
                        local = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
                        let prefix = bytes[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                        return (6, prefix)
                    }
                default:
                    return (0, 0)
                }
            }
        }
        isLocalHost = local
    }
}

/// Every client's open connections across all loops, so one client cannot hold every slot with idle
/// connections (`ServerConfiguration.maxConnectionsPerClient`).
///
/// A client at its cap gets a new connection and loses its oldest idle one (closed on its own loop);
/// only a client whose connections are all busy is refused. Touched per accept and close, never per
/// request: idleness is an atomic on each connection.
final class ClientTable: Sendable {
    final class Entry: @unchecked Sendable {
        // @unchecked: `connection` is touched only on `loop` (through `loop.execute`).
        let connection: Connection
        let loop: EventLoop
        /// Monotonic nanoseconds since the connection went idle; 0 while it is busy.
        let idleSince = Atomic<UInt64>(0)
        /// Set once the table asked the loop to close the connection, so it is not picked twice.
        let closeRequested = Atomic<Bool>(false)

        init(connection: Connection, loop: EventLoop) {
            self.connection = connection
            self.loop = loop
        }
    }

    enum Admission {
        /// Keep the new connection; close these (idle) ones of the same client.
        case admitted(closing: [Entry])
        /// Close the new connection: its client is at the cap and none of its connections is idle.
        case refused
    }

    private let cap: Int
    private let clients = Mutex<[ClientKey: [Entry]]>([:])

    /// - Parameter cap: connections per client; `Int.max` for no limit.
    init(cap: Int) {
        self.cap = cap
    }

    /// Whether a cap applies at all (when not, nothing is tracked).
    var isEnabled: Bool { cap != Int.max }

    /// Records `entry` for `client` and decides whether it may stay (any thread).
    func admit(_ entry: Entry, client: ClientKey) -> Admission {
        clients.withLock { clients in
            var entries = clients[client] ?? []
            let open = entries.filter { !$0.closeRequested.load(ordering: .relaxed) }.count
            guard open >= cap else {
                entries.append(entry)
                clients[client] = entries
                return .admitted(closing: [])
            }
            let idle =
                entries
                .filter { !$0.closeRequested.load(ordering: .relaxed) && $0.idleSince.load(ordering: .relaxed) != 0 }
                .sorted { $0.idleSince.load(ordering: .relaxed) < $1.idleSince.load(ordering: .relaxed) }
            guard !idle.isEmpty else { return .refused }
            let victims = Array(idle.prefix(max(1, open + 1 - cap)))
            for victim in victims { victim.closeRequested.store(true, ordering: .relaxed) }
            entries.append(entry)
            clients[client] = entries
            return .admitted(closing: victims)
        }
    }

    func remove(_ entry: Entry, client: ClientKey) {
        clients.withLock { clients in
            guard var entries = clients[client] else { return }
            entries.removeAll { $0 === entry }
            clients[client] = entries.isEmpty ? nil : entries
        }
    }
}
