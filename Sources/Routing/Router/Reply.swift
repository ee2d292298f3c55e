import HTTPCore

/// What a handler answers on the event loop: the response, or the rest of its work, which the
/// router hands to a worker thread to run once (docs/architecture.md, "Where a request runs").
///
/// A handler that may reach the database decides so in so many words (`.onWorker { … }`) before it
/// does; nothing a handler did on the loop is done again.
public enum Reply: Sendable {
    /// The response, made on the event loop without blocking.
    case response(Response)
    /// Work that may block (a database round trip): run once on a worker thread.
    /// - Throws: as a handler does: `HTTPError` for the visitor to see, anything else a logged `500`.
    case onWorker(@Sendable () throws -> Response)
}

/// Where a route's handler runs, declared with the route.
public enum RunsOn: Sendable {
    /// On the event loop, where the handler answers `.response`, or hands its rest to a worker with
    /// `.onWorker` when it finds it must reach the database.
    case eventLoop
    /// On a worker thread from its first line: for handlers that always reach the database (forms).
    case worker
}

/// Whether the current thread is running an event loop's part of a request (set by `Router` around
/// a handler's loop part): what may block must never run there, and per-thread caches key on it.
public enum EventLoopThread {
    private static let marked = PerThread<Bool> { false }

    /// Whether this thread is inside a handler's event-loop part now.
    public static var isCurrent: Bool { marked.withValue { $0 } }

    /// Runs `body` marked as an event loop's part.
    static func running<T>(_ body: () throws -> T) rethrows -> T {
        marked.withValue { $0 = true }
        defer { marked.withValue { $0 = false } }
        return try body()
    }
}
