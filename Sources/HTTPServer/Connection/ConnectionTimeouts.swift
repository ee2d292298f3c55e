/// Which timeout governs a connection and what happens when it passes: pure, the clock passed in, so
/// every timeout is tested without sleeping.
struct ConnectionTimeouts: Sendable {
    /// What the connection is waiting for, and since when (monotonic nanoseconds).
    enum Phase: Equatable, Sendable {
        /// Accepted, no byte of a first request yet.
        case awaitingFirstRequest(since: UInt64)
        /// Between requests on a kept-alive connection, since the last response was written.
        case idle(since: UInt64)
        /// Part of a request's head has arrived, since its first byte.
        case readingRequest(since: UInt64)
        /// The head is complete and the message body is arriving, since the head ended.
        case readingBody(since: UInt64)
        /// A response could not be written at once, since that first blocked write.
        case writing(since: UInt64)
        /// The last response is written and the write side shut; draining until the client closes.
        case lingering(since: UInt64)
        /// A worker is answering (blocking work, bounded by the store's own timeouts); no deadline here.
        case answering
    }

    enum Action: Equatable, Sendable {
        case none
        /// Send 408 Request Timeout with `Connection: close`, then close.
        case sendRequestTimeout
        /// Close without a response.
        case close
    }

    /// Nanoseconds; `nil` means no limit (see `ServerConfiguration` for what each bounds).
    var headerRead: UInt64?
    var bodyRead: UInt64?
    var idle: UInt64?
    var write: UInt64?
    /// Nanoseconds a lingering close may drain for.
    var linger: UInt64

    /// The action due at `now` for a connection in `phase`; a deadline is reached when exactly its
    /// timeout has elapsed.
    func action(for phase: Phase, now: UInt64) -> Action {
        func expired(_ since: UInt64, _ timeout: UInt64?) -> Bool {
            guard let timeout else { return false }
            return now >= since && now - since >= timeout
        }
        switch phase {
        case .awaitingFirstRequest(let since):
            // A connection that never speaks is closed on the header-read clock.
            return expired(since, headerRead) ? .close : .none
        case .idle(let since):
            return expired(since, idle) ? .close : .none
        case .readingRequest(let since):
            return expired(since, headerRead) ? .sendRequestTimeout : .none
        case .readingBody(let since):
            return expired(since, bodyRead) ? .sendRequestTimeout : .none
        case .writing(let since):
            return expired(since, write) ? .close : .none
        case .lingering(let since):
            return expired(since, linger) ? .close : .none
        case .answering:
            return .none
        }
    }
}
