import CLinux
import Glibc
import HTTPCore
import Synchronization

/// Why a server could not start.
public enum ServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `start()` was called on a server that was already started.
    case alreadyStarted
    /// The host did not resolve to an IPv4 or IPv6 address (getaddrinfo(3)'s message).
    case invalidHost(String, reason: String)
    /// bind(2) or listen(2) failed for `host` and `port` as configured (0: any), e.g. with `EADDRINUSE`.
    case cannotListen(host: String, port: Int, underlying: SystemError)

    /// E.g. `cannot listen on 127.0.0.1:8080: Address already in use (errno 98)`; IPv6 hosts bracketed.
    public var description: String {
        switch self {
        case .alreadyStarted: return "the server was already started"
        case .invalidHost(let host, let reason): return "cannot listen on host \"\(host)\": \(reason)"
        case .cannotListen(let host, let port, let underlying):
            let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
            return "cannot listen on \(address): \(underlying.reason)"
        }
    }
}

/// An HTTP/1.1 server over POSIX sockets and epoll: one listening socket, one event loop thread per
/// core, and a `Responder` asked on the loop thread for every request, with worker threads for the
/// requests it cannot answer without blocking.
///
/// Use: `let port = try server.start()`, `server.shutdown()` from a signal handler, and
/// `server.waitUntilStopped()` on the main thread.
public final class Server: Sendable {
    /// The configuration the server was created with.
    public let configuration: ServerConfiguration
    private let context: ServerContext
    private let state = Mutex(State())

    private struct State {
        var group: EventLoopGroup?
        var listenerFD: Int32 = -1
        var started = false
        var shuttingDown = false
    }

    /// Creates a server; nothing is bound until `start()`.
    /// - Parameters:
    ///   - configuration: address, limits and timeouts.
    ///   - responder: answers every request, on the event loop threads.
    public convenience init(configuration: ServerConfiguration = ServerConfiguration(), responder: some Responder) {
        self.init(configuration: configuration, responder: responder, outputObserver: nil)
    }

    /// A server that reports to `outputObserver`, on the loop threads, the bytes a connection's write
    /// buffer holds after every queued response (for tests of the output bound).
    init(
        configuration: ServerConfiguration, responder: some Responder, outputObserver: (@Sendable (Int) -> Void)?
    ) {
        self.configuration = configuration
        self.context = ServerContext(
            configuration: configuration, responder: responder, outputObserver: outputObserver)
    }

    /// Binds, listens and starts the event loops.
    ///
    /// One listening socket is shared by all loops with `EPOLLEXCLUSIVE` rather than one `SO_REUSEPORT`
    /// socket per loop: a free loop takes the connection, port 0 needs one bind, and shutdown drops no
    /// connection queued in a loop's backlog.
    /// - Returns: the bound TCP port (the chosen one when `configuration.port` is 0).
    /// - Throws: `ServerError.alreadyStarted`; `ServerError.invalidHost` when the host does not resolve;
    ///   `ServerError.cannotListen` when bind(2) (`EADDRINUSE`, `EADDRNOTAVAIL`) or listen(2) fails;
    ///   `SystemError` when socket(2), setsockopt(2), epoll or thread creation fails.
    public func start() throws -> Int {
        try state.withLock { state in
            guard !state.started else { throw ServerError.alreadyStarted }
            state.started = true
        }
        let listenerFD = try Self.bind(
            host: configuration.host, port: configuration.port, backlog: configuration.backlog)
        let port: Int
        let group: EventLoopGroup
        do {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            _ = try Syscall.run("getsockname") {
                withUnsafeMutableBytes(of: &address) { raw in
                    getsockname(listenerFD, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), &length)
                }
            }
            port = SocketAddress.port(address)
            let count = configuration.eventLoopCount > 0 ? configuration.eventLoopCount : System.coreCount
            group = try EventLoopGroup(count: count)
            try context.workers.start()
            for loop in group.loops {
                loop.afterEvents = configuration.accessLogFlush
                let listener = Listener(fd: listenerFD, loop: loop, context: context)
                context.add(listener)
                // The loop's thread has not started, so its state is safe to touch.
                try listener.register()
            }
            try group.start()
        } catch {
            close(listenerFD)
            throw error
        }
        state.withLock { state in
            state.group = group
            state.listenerFD = listenerFD
        }
        return port
    }

    /// Begins a graceful shutdown and returns at once: every loop stops accepting and closes idle
    /// connections. A request being read or answered is finished; its response, and any serialised after
    /// this call, carries `Connection: close` and is the last, later pipelined requests left for the client
    /// to retry (RFC 9112 §9.3.1, §9.6). A response serialised before it is written whole. Each loop stops
    /// when its last connection closes or after `configuration.shutdownGracePeriod` seconds. Calling it
    /// again, or before `start()`, does nothing. SIGPIPE is left alone: writes use `MSG_NOSIGNAL`.
    public func shutdown() {
        let taken: (EventLoopGroup, Int32)? = state.withLock { state in
            guard let group = state.group, !state.shuttingDown else { return nil }
            state.shuttingDown = true
            return (group, state.listenerFD)
        }
        guard let (group, listenerFD) = taken else { return }
        // Before the loops hear of it, so a responder running now gets `Connection: close`.
        context.beginShutdown()
        let closer = ListenerCloser(fd: listenerFD, loopCount: group.loops.count)
        let grace = configuration.shutdownGracePeriod.nanosecondsIfPositive ?? 0
        for loop in group.loops {
            loop.execute {
                loop.isShuttingDown = true
                let handlers = loop.handlers
                for case let listener as Listener in handlers { listener.stopAccepting() }
                closer.loopStoppedAccepting()
                for case let connection as Connection in handlers { connection.beginShutdown() }
                if loop.handlerCount == 0 {
                    loop.stop()
                    return
                }
                loop.schedule(after: grace) {
                    for handler in loop.handlers { handler.closeNow() }
                    loop.stop()
                }
            }
        }
    }

    /// Client connections open now (for tests that check none leak).
    var openConnectionCount: Int { context.openConnectionCount }

    /// Blocks until every event loop thread has exited (after `shutdown()`); returns at once when never
    /// started. Not on a loop thread.
    public func waitUntilStopped() {
        let group = state.withLock { $0.group }
        group?.waitUntilStopped()
        if group != nil { context.workers.stop() }
    }

    private static func bind(host: String, port: Int, backlog: Int) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var results: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &results)
        guard status == 0, let first = results else {
            let reason = gai_strerror(status).map { String(cString: $0) } ?? "no address"
            throw ServerError.invalidHost(host, reason: reason)
        }
        defer { freeaddrinfo(results) }
        let info = first.pointee

        let fd = try Syscall.run("socket") {
            socket(info.ai_family, Int32(SOCK_STREAM.rawValue) | clinux_sock_nonblock_cloexec, 0)
        }
        do {
            var enabled: Int32 = 1
            _ = try Syscall.run("setsockopt") {
                setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &enabled, socklen_t(MemoryLayout<Int32>.size))
            }
        } catch {
            close(fd)
            throw error
        }
        do throws(SystemError) {
            _ = try Syscall.run("bind") { Glibc.bind(fd, info.ai_addr, info.ai_addrlen) }
            _ = try Syscall.run("listen") { listen(fd, Int32(clamping: backlog)) }
        } catch {
            close(fd)
            throw ServerError.cannotListen(host: host, port: port, underlying: error)
        }
        return fd
    }
}

/// Closes the shared listening socket once every loop has removed it from its epoll set, so none
/// accepts on a descriptor number closed (and maybe reused) under it.
private final class ListenerCloser: Sendable {
    private let fd: Int32
    private let remaining: Mutex<Int>

    init(fd: Int32, loopCount: Int) {
        self.fd = fd
        self.remaining = Mutex(loopCount)
    }

    func loopStoppedAccepting() {
        let isLast = remaining.withLock { count in
            count -= 1
            return count == 0
        }
        if isLast { close(fd) }
    }
}
