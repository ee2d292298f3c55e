import Clocks

/// The one thread per process that asks the database about shared state, so no request has to: every
/// `interval` seconds it runs `SharedStateChecks` (the data version, the database's health, pruning).
///
/// A version row rather than `LISTEN`/`NOTIFY`: a notification sent while the listening connection is
/// down is lost (docs/field-cases.md B34), so the version must be read on every reconnect anyway; a
/// read a second is cheap, holds no connection and works on SQLite too.
final class DataWatcher: Sendable {
    private let thread: RepeatingThread

    /// - Parameter interval: seconds between checks (more than 0).
    init(interval: Double, work: @escaping @Sendable () -> Void) {
        thread = RepeatingThread(name: "data-watcher") {
            work()
            return interval
        }
    }

    func start() { thread.start() }

    /// Stops the thread and waits up to `seconds` for its current round (which the store's timeouts
    /// bound) to end, so the store can be closed after it.
    func stop(waitingAtMost seconds: Double) { thread.stop(waitingAtMost: seconds) }
}
