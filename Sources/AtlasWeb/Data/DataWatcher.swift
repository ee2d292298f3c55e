import Clocks

/// The one thread per process that asks the database about shared state, so no request has to:
/// every `interval` seconds it reads the stored data version (one primary-key read) and reloads the
/// catalog when another process stored new data, records whether the database answered
/// (`DatabaseHealth`, for `/healthz`), and once an hour prunes forgotten profiles (`ProfilePruning`).
///
/// Why a version row and not `LISTEN`/`NOTIFY`: a notification sent while the listening connection is
/// down is lost (docs/field-cases.md B34), so the version must be read on every reconnect anyway; a
/// read per second per process is nothing to PostgreSQL, needs no connection held open, and works the
/// same on SQLite, where there is nothing to listen to. A new version shows within `interval` plus
/// the time to load it, under the 2 s the issue asks for.
final class DataWatcher: Sendable {
    private let thread: RepeatingThread

    /// - Parameters:
    ///   - interval: seconds between checks (more than 0).
    ///   - work: one round of checks.
    init(interval: Double, work: @escaping @Sendable () -> Void) {
        thread = RepeatingThread(name: "data-watcher") {
            work()
            return interval
        }
    }

    /// Starts the thread.
    func start() { thread.start() }

    /// Stops the thread after its current round (which the store's timeouts bound) and returns
    /// without waiting for it.
    func stop() { thread.stop() }
}
