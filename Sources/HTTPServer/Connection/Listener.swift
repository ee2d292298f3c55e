import CLinux
import Glibc

/// One event loop's registration of the shared listening socket: accepts connections and hands them
/// to `Connection`s on the same loop.
///
/// At `maxConnections`, with a connection waiting, it closes the oldest idle connection of the server
/// (`ClientTable.closeOldestIdle()`, as nginx reuses idle keep-alive connections at
/// `worker_connections`) and stops watching the socket until a connection closes: the waiting client is
/// accepted then, and the loop does not spin. While every connection is busy, clients wait in the
/// backlog; the listener looks again every `limitRecheckInterval` for one gone idle. A loop that closes
/// a connection at the limit wakes every listener with `requestResume()`. Confined to its loop's
/// thread, except `requestResume()`.
final class Listener: EventHandler, @unchecked Sendable {
    private let fd: Int32
    private unowned let loop: EventLoop
    private let context: ServerContext
    private var registered = false
    private var stopped = false
    private var pausedAtLimit = false

    // So one loop does not take a whole burst while the others (woken less, EPOLLEXCLUSIVE) stay idle.
    private static let maxAcceptsPerWake = 32
    // Out of descriptors or memory, accepting again at once would spin: pause this long (nanoseconds).
    private static let acceptBackoff: UInt64 = 100_000_000
    // Paused at the limit, this often (nanoseconds) it looks again for a waiting client and an idle
    // connection to close for it: a busy connection that goes idle wakes nobody.
    private static let limitRecheckInterval: UInt64 = 250_000_000

    init(fd: Int32, loop: EventLoop, context: ServerContext) {
        self.fd = fd
        self.loop = loop
        self.context = context
    }

    /// Starts watching the listening socket on this loop (loop thread).
    /// - Throws: `SystemError` from epoll_ctl(2).
    func register() throws(SystemError) {
        guard !registered, !stopped else { return }
        // EPOLLEXCLUSIVE: every loop's epoll set has the socket; wake one (or a few) per connection, not all.
        try loop.register(self, fd: fd, events: clinux_epoll_in | clinux_epoll_exclusive)
        registered = true
    }

    /// Stops accepting on this loop for good (graceful shutdown); the socket stays open.
    func stopAccepting() {
        stopped = true
        unregister()
    }

    private func unregister() {
        guard registered else { return }
        registered = false
        loop.deregister(fd: fd, removeFromEpoll: true)
    }

    /// Asks the loop to watch the socket again if it stopped at `maxConnections` (any thread).
    func requestResume() {
        loop.execute { self.resumeAfterLimit() }
    }

    private func resumeAfterLimit() {
        guard pausedAtLimit else { return }
        pausedAtLimit = false
        guard !stopped, !loop.isShuttingDown else { return }
        do throws(SystemError) {
            try register()
        } catch {
            backOff()
        }
    }

    func handleEvents(_ events: UInt32) {
        for _ in 0..<Self.maxAcceptsPerWake where registered {
            guard context.reserveConnection() else {
                pauseAtLimit()
                return
            }
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let result: IOResult<Int32>
            do throws(SystemError) {
                result = try Syscall.call("accept4") {
                    withUnsafeMutableBytes(of: &address) { raw in
                        clinux_accept(fd, raw.baseAddress?.assumingMemoryBound(to: sockaddr.self), &length)
                    }
                }
            } catch {
                context.releaseConnection()
                switch error.errno {
                case ECONNABORTED, EPROTO, EPERM, ENETDOWN, ENOPROTOOPT, EHOSTDOWN, ENONET, EHOSTUNREACH,
                    EOPNOTSUPP, ENETUNREACH:
                    // The pending connection failed before it was accepted; the next may be fine.
                    continue
                default:
                    // EMFILE, ENFILE, ENOBUFS, ENOMEM and anything unexpected: back off, never exit.
                    backOff()
                    return
                }
            }
            guard case .processed(let connectionFD) = result else {
                context.releaseConnection()
                return
            }
            adopt(connectionFD, address: address)
        }
    }

    private func adopt(_ connectionFD: Int32, address: sockaddr_storage) {
        var enabled: Int32 = 1
        // Responses go out in one write each; Nagle's algorithm would only delay them.
        _ = try? Syscall.run("setsockopt") {
            setsockopt(
                connectionFD, Int32(IPPROTO_TCP), TCP_NODELAY, &enabled, socklen_t(MemoryLayout<Int32>.size))
        }
        let connection = Connection(
            fd: connectionFD, loop: loop, context: context, remoteAddress: SocketAddress.describe(address),
            client: ClientKey(address))
        do throws(SystemError) {
            try loop.register(connection, fd: connectionFD, events: clinux_epoll_in)
        } catch {
            close(connectionFD)
            context.releaseConnection()
            return
        }
        // Over its client's cap with nothing idle to give up.
        if !connection.admit() { connection.closeNow() }
    }

    /// A client waits and every slot is taken: make room by closing the oldest idle connection (its
    /// close wakes this listener), and look again later in case none was idle.
    private func pauseAtLimit() {
        pausedAtLimit = true
        unregister()
        // Every loop may wake for one connection (EPOLLEXCLUSIVE wakes "one or more"), and the one that
        // took it leaves the others at the limit with nobody waiting: close nothing for them.
        let context = context
        context.clients.closeOldestIdle(
            openConnections: { context.openConnectionCount }, clientWaiting: { hasPendingConnection() })
        loop.schedule(after: Self.limitRecheckInterval) { [weak self] in self?.resumeAfterLimit() }
    }

    /// Whether a connection waits in the listen backlog now (poll(2), without waiting).
    private func hasPendingConnection() -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }

    private func backOff() {
        unregister()
        loop.schedule(after: Self.acceptBackoff) { [weak self] in
            guard let self, !self.stopped, !self.loop.isShuttingDown else { return }
            do throws(SystemError) {
                try self.register()
            } catch {
                self.backOff()
            }
        }
    }

    func checkDeadline(now: UInt64) {}

    func closeNow() { stopAccepting() }
}
