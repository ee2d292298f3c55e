import AtlasCore
import AtlasSource
import AtlasStore
import Clocks
import Synchronization

/// Refreshes the stored snapshot from the live API on a thread of its own, never on an event loop, so a
/// slow or stalled upstream (bounded by `FetchLimits`, docs/field-cases.md B24) never delays a request. The
/// running server sees each new snapshot through `SnapshotCache`, like an import by another process.
///
/// The first refresh starts at once; then one every `interval` seconds. A failure is logged as one line
/// and retried with backoff, never sooner than the upstream's `Retry-After` (`RetrySchedule`).
///
/// With several processes on one database, one refreshes at a time (`Stores.refreshLock`), and a
/// process skips its turn when another fetched less than half an interval ago, so the upstream is
/// asked about once per interval however many processes run.
public final class BackgroundRefresher: Sendable {
    private let stores: Stores
    private let client: DiseaseShClient
    private let interval: Double
    private let schedule: RetrySchedule
    private let log: @Sendable (String) -> Void
    private let logFailure: @Sendable (String) -> Void
    private let now: @Sendable () -> Int64
    /// Failed refreshes in a row, for the backoff; only the refresh thread touches it.
    private let failures = Mutex(0)
    private let thread = Mutex<RepeatingThread?>(nil)

    /// - Parameters:
    ///   - stores: the server's stores.
    ///   - client: the API client, with its base URL and limits.
    ///   - interval: seconds between successful refreshes, more than 0.
    ///   - log: receives one line per successful refresh (a new snapshot, or `304`).
    ///   - logFailure: receives one line per failure, with the reason and the retry delay.
    ///   - now: the current time in ms since the epoch.
    public init(
        stores: Stores, client: DiseaseShClient, interval: Double,
        log: @escaping @Sendable (String) -> Void, logFailure: @escaping @Sendable (String) -> Void,
        now: @escaping @Sendable () -> Int64 = WallClock.millisecondsSinceEpoch
    ) {
        self.stores = stores
        self.client = client
        self.interval = interval
        self.schedule = RetrySchedule(interval: interval)
        self.log = log
        self.logFailure = logFailure
        self.now = now
    }

    /// Starts the refresh thread.
    public func start() {
        let refresh = LiveRefresh(client: client, stores: stores)
        let repeating = RepeatingThread(name: "background-refresh") { [self] in
            failures.withLock { attempt(refresh, failures: &$0) }
        }
        thread.withLock { $0 = repeating }
        repeating.start()
    }

    /// Stops after the current fetch (which its limits bound); a waiting thread wakes at once.
    /// Does not wait: a fetch in flight is abandoned with the process, and its transaction with it.
    public func stop() {
        thread.withLock { $0?.stop() }
    }

    /// One refresh with `refresh`: logs what it did and returns how many seconds to wait before the
    /// next. After a success that is the interval and `failures` goes back to 0; after a failure
    /// `failures` grows and the wait is the backoff for that many failures in a row, never shorter
    /// than the upstream's `Retry-After` (`RetrySchedule`).
    func attempt(_ refresh: LiveRefresh, failures: inout Int) -> Double {
        do {
            // nil: another process is refreshing, or just did; its data reaches this one through the store.
            let outcome: LiveRefresh.Result? =
                try stores.refreshLock.whileHolding { () throws -> LiveRefresh.Result? in
                    let fetchedAgo = now() - (try refresh.lastFetchedAt())
                    if fetchedAgo >= 0, Double(fetchedAgo) < interval * 500 { return nil }
                    return try refresh.run(now: now())
                } ?? nil
            switch outcome {
            case nil:
                break
            case .notModified?:
                log("refresh: \(SourceError.shown(client.baseURL)) not modified (304); the stored snapshot is current")
            case .unchanged?:
                log("refresh: \(SourceError.shown(client.baseURL)) sent the stored data again; nothing was replaced")
            case .replaced(let report)?:
                log(
                    "refresh: stored a new snapshot from \(SourceError.shown(client.baseURL)): "
                        + report.lines.joined(separator: "; "))
            }
            failures = 0
            return schedule.afterSuccess
        } catch {
            failures += 1
            var retryAfter: Int64?
            if case .httpStatus(_, _, let seconds) = error as? SourceError { retryAfter = seconds }
            let delay = schedule.afterFailure(failures, retryAfterSeconds: retryAfter)
            logFailure(
                "refresh failed (\(failures) in a row): \(error); keeping the stored data, retrying in \(delay) s")
            return delay
        }
    }
}
