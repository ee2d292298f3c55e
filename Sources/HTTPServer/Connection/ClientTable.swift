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

/// Every open connection across all loops, for the two limits that close idle connections to make
/// room: the per-client cap (`ServerConfiguration.maxConnectionsPerClient`), so one client cannot hold
/// every slot, and the global limit (`maxConnections`), so idle keep-alive connections never keep a
/// new client out.
///
/// A client at its cap gets a new connection and loses its oldest idle one (closed on its own loop);
/// only a client whose connections are all busy is refused. At the global limit the oldest idle
/// connection of any client is closed (`closeOldestIdle()`), as nginx reuses its idle keep-alive
/// connections. Touched per accept and close, never per request: idleness is an atomic on each
/// connection.
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

        /// Idle and not yet chosen to close.
        fileprivate var idleCandidate: UInt64? {
            guard !closeRequested.load(ordering: .relaxed) else { return nil }
            let since = idleSince.load(ordering: .relaxed)
            return since == 0 ? nil : since
        }
    }

    enum Admission {
        /// Keep the new connection; close these (idle) ones of the same client.
        case admitted(closing: [Entry])
        /// Close the new connection: its client is at the cap and none of its connections is idle.
        case refused
    }

    private struct State {
        /// Each capped client's connections.
        var clients: [ClientKey: [Entry]] = [:]
        /// Every connection, when the global limit applies.
        var all: [ObjectIdentifier: Entry] = [:]
        /// The connection `closeOldestIdle()` chose and its loop has not closed or kept yet: one at a
        /// time, so listeners of several loops woken for one waiting client close one connection, not one
        /// each.
        var evicting: Entry?
    }

    private let cap: Int
    /// The global limit; `Int.max` for none.
    private let limit: Int
    /// Whether every connection is recorded, for `closeOldestIdle()`.
    private var tracksAll: Bool { limit != Int.max }
    private let state = Mutex(State())

    /// - Parameters:
    ///   - cap: connections per client; `Int.max` for no limit.
    ///   - limit: connections in all (`maxConnections`); `Int.max` for no limit, when nothing but the
    ///     capped clients is recorded.
    init(cap: Int, limit: Int) {
        self.cap = cap
        self.limit = limit
    }

    /// Whether anything is tracked at all.
    var isEnabled: Bool { cap != Int.max || tracksAll }

    /// Records `entry` for `client` and decides whether it may stay (any thread).
    /// - Parameter capped: whether the per-client cap applies to `client` (not to 127.0.0.1 or ::1).
    func admit(_ entry: Entry, client: ClientKey, capped: Bool) -> Admission {
        state.withLock { state in
            let admission =
                capped && cap != Int.max ? admitCapped(entry, client: client, &state.clients) : .admitted(closing: [])
            if tracksAll, case .admitted = admission { state.all[ObjectIdentifier(entry)] = entry }
            return admission
        }
    }

    private func admitCapped(_ entry: Entry, client: ClientKey, _ clients: inout [ClientKey: [Entry]]) -> Admission {
        var entries = clients[client] ?? []
        let open = entries.filter { !$0.closeRequested.load(ordering: .relaxed) }.count
        guard open >= cap else {
            entries.append(entry)
            clients[client] = entries
            return .admitted(closing: [])
        }
        let idle = entries.compactMap { entry in entry.idleCandidate.map { (entry, $0) } }.sorted { $0.1 < $1.1 }
            .map(\.0)
        guard !idle.isEmpty else { return .refused }
        let victims = Array(idle.prefix(max(1, open + 1 - cap)))
        for victim in victims { victim.closeRequested.store(true, ordering: .relaxed) }
        entries.append(entry)
        clients[client] = entries
        return .admitted(closing: victims)
    }

    func remove(_ entry: Entry, client: ClientKey) {
        state.withLock { state in
            if tracksAll { state.all[ObjectIdentifier(entry)] = nil }
            if state.evicting === entry { state.evicting = nil }
            guard var entries = state.clients[client] else { return }
            entries.removeAll { $0 === entry }
            state.clients[client] = entries.isEmpty ? nil : entries
        }
    }

    /// Picks the connection idle the longest, of any client, and asks its loop to close it (any thread).
    /// One that became busy meanwhile is kept (`Connection.closeIfIdle`). Scans every connection: called
    /// only at the global limit, once per connection waiting to be accepted.
    /// - Returns: whether one was picked; `false` when every connection is busy (or already closing),
    ///   when the one picked last is not closed yet, or when fewer than the limit are open.
    /// - Parameters:
    ///   - openConnections: the listeners' count (`ServerContext.openConnectionCount`): admitted
    ///     connections plus accepts in progress.
    ///   - clientWaiting: whether a connection waits in the listen backlog (asked last, under the lock).
    @discardableResult
    func closeOldestIdle(openConnections: () -> Int, clientWaiting: () -> Bool) -> Bool {
        let victim: Entry? = state.withLock { state in
            // Only when the admitted connections fill the limit and no loop is between its reservation
            // and its admission (an accept in progress, perhaps of the very client waiting; a close not
            // yet counted), and then a client still waits: one nobody will accept. Asked under the lock,
            // which every admission takes, so no other loop's accept slips in between.
            guard state.evicting == nil, state.all.count >= limit, openConnections() == state.all.count,
                clientWaiting()
            else { return nil }
            var oldest: (entry: Entry, since: UInt64)?
            for entry in state.all.values {
                guard let since = entry.idleCandidate else { continue }
                if oldest.map({ since < $0.since }) ?? true { oldest = (entry, since) }
            }
            oldest?.entry.closeRequested.store(true, ordering: .relaxed)
            state.evicting = oldest?.entry
            return oldest?.entry
        }
        guard let victim else { return false }
        victim.loop.execute { victim.connection.closeIfIdle() }
        return true
    }

    /// The loop kept `entry`, chosen to close, because it became busy (its loop thread).
    func keptBusy(_ entry: Entry) {
        entry.closeRequested.store(false, ordering: .relaxed)
        state.withLock { state in
            if state.evicting === entry { state.evicting = nil }
        }
    }
}
