import Clocks
import Foundation
import Synchronization

/// Ends the round trips of PostgreSQL connections whose server stopped answering: libpq waits for an
/// answer without limit, and the server's own `statement_timeout` cannot fire on a server that is
/// frozen (`SIGSTOP`, a stalled VM) or cut off without a reset. A connection registers each wait with
/// a deadline (`watch`); one thread checks the deadlines every `checkInterval` and shuts a late
/// connection's socket down (`shutdown(2)`), which makes libpq's wait return with the connection lost.
/// The owner then learns from `unwatch` that it was the deadline.
///
/// A socket is touched only while it is watched, under the same lock `unwatch` takes; the connection
/// hands in a duplicate of libpq's descriptor that only it closes, after its waits (libpq may close
/// its own during one), so no other socket is ever shut down. Each deadline is one round trip's, not
/// a request's: a request of several round trips may wait for several.
final class AnswerWatchdog: Sendable {
    /// The one watchdog of the process; its thread starts with the first `watch`.
    static let shared = AnswerWatchdog()

    /// How often deadlines are checked, in nanoseconds: waits end up to this much after theirs.
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

    /// Watches a wait for an answer on `socket` for `seconds`.
    /// - Returns: the token to hand to `unwatch` when the wait is over.
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

    /// Ends the watch of `token`.
    /// - Returns: whether its deadline passed, so its socket was shut down.
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
