import Clocks
import Foundation
import Synchronization

/// Ends round trips whose server stopped answering: libpq waits without limit, and `statement_timeout`
/// cannot fire on a frozen server or one cut off without a reset. Each wait registers a deadline
/// (`watch`); one thread checks them every `checkInterval` and `shutdown(2)`s a late socket, so libpq's
/// wait returns with the connection lost, and `unwatch` tells the owner why.
///
/// Sockets are touched only while watched, under the lock `unwatch` takes, and are the connection's
/// own duplicate of libpq's descriptor, so no other socket is ever shut down. A deadline is one round
/// trip's, not a request's.
final class AnswerWatchdog: Sendable {
    /// The one watchdog of the process; its thread starts with the first `watch`.
    static let shared = AnswerWatchdog()

    /// How often deadlines are checked, in nanoseconds: waits end up to this much late.
    static let checkInterval: UInt64 = 100_000_000

    private struct Waits {
        /// Token → the socket and its deadline (monotonic nanoseconds).
        var watched: [UInt64: (socket: Int32, deadline: UInt64)] = [:]
        /// Tokens whose deadline passed, until `unwatch`.
        var expired: Set<UInt64> = []
        var nextToken: UInt64 = 0
        var threadStarted = false
    }

    private let waits = Mutex(Waits())

    private init() {}

    /// Watches a wait for an answer on `socket` for `seconds`; returns the token for `unwatch`.
    func watch(socket: Int32, seconds: Double) -> UInt64 {
        let deadline = MonotonicClock.nanoseconds() + UInt64(max(0, seconds) * 1_000_000_000)
        let (token, startThread) = waits.withLock { waits in
            waits.nextToken += 1
            waits.watched[waits.nextToken] = (socket, deadline)
            defer { waits.threadStarted = true }
            return (waits.nextToken, !waits.threadStarted)
        }
        if startThread {
            let thread = Thread { [self] in run() }
            thread.name = "postgresql-answer-watchdog"
            thread.start()
        }
        return token
    }

    /// Ends the watch of `token`; returns whether its deadline passed (its socket was shut down).
    func unwatch(_ token: UInt64) -> Bool {
        waits.withLock { waits in
            waits.watched[token] = nil
            return waits.expired.remove(token) != nil
        }
    }

    private func run() {
        while true {
            usleep(useconds_t(Self.checkInterval / 1000))
            let now = MonotonicClock.nanoseconds()
            waits.withLock { waits in
                for (token, wait) in waits.watched where wait.deadline <= now {
                    shutdown(wait.socket, Int32(SHUT_RDWR))
                    waits.watched[token] = nil
                    waits.expired.insert(token)
                }
            }
        }
    }
}
