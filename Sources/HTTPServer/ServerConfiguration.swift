import HTTPCore

/// One line of the access log: what a request asked for and how it was answered.
public struct AccessLogEntry: Sendable {
    /// The peer as `host:port` (`[v6]:port` for IPv6), `nil` when unknown.
    public var remoteAddress: String?
    /// The request method; `-` when the request could not be parsed.
    public var method: Method
    /// The request target as received (user input: escape it before a terminal); `-` when the request
    /// could not be parsed.
    public var target: String
    /// The response's status code, such as 200.
    public var status: Int
    /// Bytes of the serialized response (status line, fields and content).
    public var bytes: Int
    /// Milliseconds from the request being complete to its response being queued for writing.
    public var durationMilliseconds: Double

    /// Creates an entry.
    public init(
        remoteAddress: String?, method: Method, target: String, status: Int, bytes: Int,
        durationMilliseconds: Double
    ) {
        self.remoteAddress = remoteAddress
        self.method = method
        self.target = target
        self.status = status
        self.bytes = bytes
        self.durationMilliseconds = durationMilliseconds
    }
}

/// Every address, limit and timeout of a `Server`, documented like the fields of Go's `http.Server`.
public struct ServerConfiguration: Sendable {
    /// Host is the address to listen on: an IPv4 or IPv6 literal (`"127.0.0.1"`, `"::1"`, `"0.0.0.0"`,
    /// `"::"`) or a name resolved with getaddrinfo(3), whose first result is used. Default
    /// `"127.0.0.1"` (loopback only).
    public var host: String
    /// Port is the TCP port to listen on. Zero picks any free port; `Server.start()` returns the one
    /// chosen. Default 0.
    public var port: Int
    /// ParserLimits bounds the request line (414), header section (431) and message body (413); see
    /// `ParserLimits` for each default.
    public var parserLimits: ParserLimits
    /// HeaderReadTimeout is how long a request line and header section may take to arrive, in seconds,
    /// from the first byte to the empty line. When it passes, the client gets 408 Request Timeout and the
    /// connection is closed. It also bounds how long a new connection may stay silent (then it is closed
    /// without a response). Zero means no limit. Default 10.
    public var headerReadTimeout: Double
    /// BodyReadTimeout is how long a message body may take to arrive, in seconds, from the end of the
    /// header section to its last byte. When it passes, the client gets 408 Request Timeout and the
    /// connection is closed. Zero means no limit. Default 30.
    public var bodyReadTimeout: Double
    /// IdleTimeout is how long a keep-alive connection may wait for the next request, in seconds,
    /// counted from the end of the last response. When it passes the connection is closed without a
    /// response. Zero means no limit. Default 60.
    public var idleTimeout: Double
    /// WriteTimeout is how long a response may wait for the client to read it, in seconds, counted
    /// from the moment a write could not complete at once. When it passes the connection is closed
    /// and the rest of the response is dropped. Zero means no limit. Default 30.
    public var writeTimeout: Double
    /// EventLoopCount is the number of event loop threads. Zero or less means one per core
    /// (`System.coreCount`). Default 0.
    public var eventLoopCount: Int
    /// Backlog is the listen(2) backlog: connections the kernel queues before they are accepted.
    /// Default 1024 (the kernel caps it at `net.core.somaxconn`).
    public var backlog: Int
    /// MaxPipelinedRequests is how many responses may wait unwritten on one connection. At this count the
    /// server stops reading that connection until the client reads; nothing is refused. Default 16.
    public var maxPipelinedRequests: Int
    /// MaxBufferedResponseBytes bounds one connection's unsent responses, in bytes. Above it the server
    /// stops reading that connection (further pipelined requests wait in the socket) until the client has
    /// read enough. One larger response is still sent whole, so a connection holds at most this plus one
    /// response. Zero or less means no limit (only `maxPipelinedRequests`). Default 1 MiB (1_048_576).
    public var maxBufferedResponseBytes: Int
    /// MaxConnections is how many client connections may be open at once, across all event loops. At
    /// the limit a new connection makes room: the connection idle the longest (a keep-alive one with no
    /// request under way, of any client) is closed and the new one accepted, as nginx does. Only while
    /// every connection is busy do new ones wait in the listen backlog, until one closes or goes idle
    /// (looked for every 250 ms). Zero or less means no limit. Default 10_000.
    public var maxConnections: Int
    /// MaxConnectionsPerClient is how many connections one client (an IPv4 address or IPv6 /64) may
    /// hold. A client at the cap that opens another gets it and loses its oldest idle one; if none is
    /// idle, the new one is closed at once. 127.0.0.1 and ::1 are not capped (a local reverse proxy);
    /// behind a balancer on another machine, raise or disable it and limit at the balancer. Zero or
    /// less means no limit. Default 256 (a browser opens six at most).
    public var maxConnectionsPerClient: Int
    /// BlockingWorkerCount is how many worker threads answer requests that need blocking work
    /// (`Responder.answer(_:)` answered `.onWorker`), so it never stalls an event loop. Match
    /// it to the database's connection pool. Default 8.
    public var blockingWorkerCount: Int
    /// MaxQueuedBlockingRequests is how many such requests may wait for a worker, across all connections.
    /// Beyond it a request gets `Responder.respondOverloaded` (`503`, `Retry-After: 1`). Default 512.
    public var maxQueuedBlockingRequests: Int
    /// ShutdownGracePeriod is how long `Server.shutdown()` lets in-flight requests finish, in
    /// seconds; connections still open afterwards are closed abruptly. Default 10.
    public var shutdownGracePeriod: Double
    /// AccessLog, when set, is called once per response on the loop thread that answered it; it must
    /// not block. Default nil.
    public var accessLog: (@Sendable (AccessLogEntry) -> Void)?
    /// AccessLogFlush, when set, is called on each loop thread after each batch of ready sockets and once
    /// as it stops, so a per-thread `accessLog` takes a shared lock once per batch. Default nil.
    public var accessLogFlush: (@Sendable () -> Void)?

    /// Creates a configuration; every argument defaults to the documented value.
    public init(
        host: String = "127.0.0.1", port: Int = 0, parserLimits: ParserLimits = .default,
        headerReadTimeout: Double = 10, bodyReadTimeout: Double = 30, idleTimeout: Double = 60,
        writeTimeout: Double = 30,
        eventLoopCount: Int = 0, backlog: Int = 1024, maxPipelinedRequests: Int = 16,
        maxBufferedResponseBytes: Int = 1 << 20, maxConnections: Int = 10_000, maxConnectionsPerClient: Int = 256,
        blockingWorkerCount: Int = 8, maxQueuedBlockingRequests: Int = 512, shutdownGracePeriod: Double = 10,
        accessLog: (@Sendable (AccessLogEntry) -> Void)? = nil
    ) {
        self.host = host
        self.port = port
        self.parserLimits = parserLimits
        self.headerReadTimeout = headerReadTimeout
        self.bodyReadTimeout = bodyReadTimeout
        self.idleTimeout = idleTimeout
        self.writeTimeout = writeTimeout
        self.eventLoopCount = eventLoopCount
        self.backlog = backlog
        self.maxPipelinedRequests = maxPipelinedRequests
        self.maxBufferedResponseBytes = maxBufferedResponseBytes
        self.maxConnections = maxConnections
        self.maxConnectionsPerClient = maxConnectionsPerClient
        self.blockingWorkerCount = blockingWorkerCount
        self.maxQueuedBlockingRequests = maxQueuedBlockingRequests
        self.shutdownGracePeriod = shutdownGracePeriod
        self.accessLog = accessLog
    }
}

extension Double {
    /// Seconds → nanoseconds for deadlines; zero or negative means "no limit" (`nil`).
    var nanosecondsIfPositive: UInt64? {
        self > 0 ? UInt64(self * 1_000_000_000) : nil
    }
}
