import HTTPCore
import Synchronization

/// What every connection of one server shares: the configuration, the responder, the timeouts in
/// nanoseconds, and the count of open connections across all loops.
final class ServerContext: Sendable {
    let configuration: ServerConfiguration
    let responder: any Responder
    let timeouts: ConnectionTimeouts
    let maxPipelinedRequests: Int
    /// `configuration.maxBufferedResponseBytes`, with "no limit" as `Int.max`.
    let maxBufferedResponseBytes: Int
    /// `configuration.maxConnections`, with "no limit" as `Int.max`.
    let maxConnections: Int
    /// Testing hook: called on the loop thread after every queued response with the bytes the
    /// connection's write buffer holds.
    let outputObserver: (@Sendable (Int) -> Void)?
    let workers: WorkerPool
    let clients: ClientTable

    /// Set by `Server.shutdown()` before any loop hears of it, so a response serialised after that (even
    /// by a responder already running) says `Connection: close`.
    private let shutdownBegun = Atomic<Bool>(false)
    /// Open connections plus accepts in progress, across every loop.
    private let openConnections = Atomic<Int>(0)
    /// Every loop's listener, to wake those that stopped accepting at `maxConnections`.
    private let listeners = Mutex<[Listener]>([])

    init(
        configuration: ServerConfiguration, responder: any Responder,
        outputObserver: (@Sendable (Int) -> Void)? = nil
    ) {
        self.configuration = configuration
        self.responder = responder
        self.outputObserver = outputObserver
        timeouts = ConnectionTimeouts(
            headerRead: configuration.headerReadTimeout.nanosecondsIfPositive,
            bodyRead: configuration.bodyReadTimeout.nanosecondsIfPositive,
            idle: configuration.idleTimeout.nanosecondsIfPositive,
            write: configuration.writeTimeout.nanosecondsIfPositive,
            linger: Connection.lingerTime)
        maxPipelinedRequests = max(1, configuration.maxPipelinedRequests)
        maxBufferedResponseBytes =
            configuration.maxBufferedResponseBytes > 0 ? configuration.maxBufferedResponseBytes : Int.max
        maxConnections = configuration.maxConnections > 0 ? configuration.maxConnections : Int.max
        workers = WorkerPool(
            threads: configuration.blockingWorkerCount, capacity: configuration.maxQueuedBlockingRequests)
        clients = ClientTable(
            cap: configuration.maxConnectionsPerClient > 0 ? configuration.maxConnectionsPerClient : Int.max,
            limit: maxConnections)
    }

    /// Whether a graceful shutdown has begun (any thread).
    var isShuttingDown: Bool { shutdownBegun.load(ordering: .acquiring) }

    func beginShutdown() {
        shutdownBegun.store(true, ordering: .releasing)
    }

    /// Records a listener, to wake when connections drop below the limit (before start).
    func add(_ listener: Listener) {
        listeners.withLock { $0.append(listener) }
    }

    /// Connections open now, each holding one accepted descriptor (any thread).
    var openConnectionCount: Int { openConnections.load(ordering: .relaxed) }

    /// Claims a slot for a connection about to be accepted (any loop thread).
    /// - Returns: `false` when `maxConnections` are open; the caller must stop accepting.
    func reserveConnection() -> Bool {
        let before = openConnections.wrappingAdd(1, ordering: .relaxed).oldValue
        guard before >= maxConnections else { return true }
        openConnections.wrappingSubtract(1, ordering: .relaxed)
        return false
    }

    /// Gives back a slot: the connection closed, or its accept found nothing. At the limit it asks every
    /// listener to resume; one not paused ignores it, one still at the limit pauses again.
    func releaseConnection() {
        let before = openConnections.wrappingSubtract(1, ordering: .relaxed).oldValue
        guard before >= maxConnections else { return }
        for listener in listeners.withLock({ $0 }) { listener.requestResume() }
    }
}
