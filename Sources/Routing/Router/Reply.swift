import Clocks
import HTTPCore

/// What a handler answers on the event loop: the response, or the rest of its work, which the router
/// runs once on a worker thread (docs/architecture.md, "Where a request runs").
public enum Reply: Sendable {
    /// The response, made on the event loop without blocking.
    case response(Response)
    /// Work that may block (a database round trip): run once on a worker thread.
    /// - Throws: as a handler does: `HTTPError` for the visitor to see, anything else a logged `500`.
    case onWorker(@Sendable () throws -> Response)
}

/// Where a route's handler runs, declared with the route.
public enum RunsOn: Sendable {
    /// On the event loop: the handler answers `.response`, or hands its rest on with `.onWorker`.
    case eventLoop
    /// On a worker thread from its first line: for handlers that always reach the database (forms).
    case worker
}

/// Whether this thread is running a handler's event-loop part (set by `Router`): nothing may block
/// there, and per-thread caches key on it.
public enum EventLoopThread {
    private static let marked = PerThread<Bool> { false }

    /// Whether this thread is inside a handler's event-loop part now.
    public static var isCurrent: Bool { marked.withValue { $0 } }

    static func running<T>(_ body: () throws -> T) rethrows -> T {
        marked.withValue { $0 = true }
        defer { marked.withValue { $0 = false } }
        return try body()
    }
}

extension EventLoopThread {
    /// Leaves the event loop for the rest of a build that takes tens of milliseconds (a list of time
    /// series, a comparison): on a loop, throws `MovesToWorker`, and the router runs the whole handler
    /// again on a worker thread, where this returns at once. The loop then serves the built page from
    /// the cache (`PageCache` looks in the workers' shared cache on a miss).
    /// - Throws: `MovesToWorker` on an event loop.
    public static func leave() throws {
        if isCurrent { throw MovesToWorker() }
    }
}

/// Thrown by `EventLoopThread.leave()` on an event loop: the router catches it and runs the
/// handler again, from its first line, on a worker thread. Handlers that throw it must not have
/// written anything before.
public struct MovesToWorker: Error {}
