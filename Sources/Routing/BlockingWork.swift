/// Work that may block its thread (a database round trip) and so must never run on an event loop.
///
/// `Router.respondWithoutBlocking(to:)` runs a handler with blocking forbidden on its thread; code
/// about to block calls `BlockingWork.check()` first, which then throws `Required`, the router gives
/// the request back to the server, and the server runs it again from the start on a worker thread
/// (`Router.respond(to:)`), where the check passes. So a handler's fast path (a cached page) stays on
/// the loop and its slow path (the database) never does, without the handler knowing which is which.
/// Whatever a handler does before its first check must be safe to do twice.
public enum BlockingWork {
    /// Thrown by `check()` where blocking is forbidden; never shown to a visitor.
    public struct Required: Error, Sendable {}

    private static let forbidden = PerThread<Bool> { false }

    /// Throws `Required` on a thread that must not block (inside `forbidding(_:)`); returns otherwise.
    public static func check() throws {
        if forbidden.withValue({ $0 }) { throw Required() }
    }

    /// Whether blocking is forbidden on this thread now.
    public static var isForbidden: Bool { forbidden.withValue { $0 } }

    /// Runs `body` with blocking forbidden on this thread.
    static func forbidding<T>(_ body: () -> T) -> T {
        forbidden.withValue { $0 = true }
        defer { forbidden.withValue { $0 = false } }
        return body()
    }
}
