import CLinux
import Glibc

/// One event loop's registration of the shared listening socket: accepts connections and hands them
/// to `Connection`s on the same loop.
///
/// At `maxConnections` it stops watching the socket rather than accept and close (as nginx at
/// `worker_connections`): clients wait in the backlog and the loop does not spin. A loop that closes a
/// connection at the limit wakes every listener with `requestResume()`. Confined to its loop's thread,
/// except `requestResume()`.
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
                pausedAtLimit = true
                unregister()
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
