import Clocks
import Synchronization

/// Whether the database answered the last time `DataWatcher` asked, for `/healthz`: read by requests
/// without touching the database.
final class DatabaseHealth: Sendable {
    /// The database as last seen.
    struct State: Sendable, Equatable {
        /// Whether the last check succeeded.
        var isUp: Bool
        /// When it was last checked, ms since the epoch (0: not yet).
        var checkedAt: Int64
        /// Since when it has been down, ms since the epoch; `nil` while up.
        var downSince: Int64?
        /// Why the last check failed (a `StoreError`'s one line, which never holds a password).
        var reason: String?
    }

    private let state: Mutex<State>

    /// Starts "up": the app was just built on a database that answered.
    init(now: Int64) {
        state = Mutex(State(isUp: true, checkedAt: now, downSince: nil, reason: nil))
    }

    var current: State { state.withLock { $0 } }

    /// Records a successful check.
    /// - Returns: whether the database was down before (it is back).
    @discardableResult
    func recordUp(at now: Int64) -> Bool {
        state.withLock { state in
            let wasDown = !state.isUp
            state = State(isUp: true, checkedAt: now, downSince: nil, reason: nil)
            return wasDown
        }
    }

    /// Records a failed check.
    /// - Returns: whether the database was up before (it just went down).
    @discardableResult
    func recordDown(at now: Int64, reason: String) -> Bool {
        state.withLock { state in
            let wasUp = state.isUp
            state = State(isUp: false, checkedAt: now, downSince: state.downSince ?? now, reason: reason)
            return wasUp
        }
    }
}
