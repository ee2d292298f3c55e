import AtlasCore
import AtlasSource
import AtlasStore
import Clocks
import Synchronization

/// Refreshes the stored data from the live API on its own thread, never an event loop, so a stalled
/// upstream (bounded by `FetchLimits`, docs/field-cases.md B24) never delays a request.
///
/// Refreshes at once, then every `interval` seconds; failures back off (`RetrySchedule`). Processes on
/// one database take turns (`Stores.refreshLock`) and skip a turn when another fetched within half an
/// interval, so the upstream is asked about once per interval.
public final class BackgroundRefresher: Sendable {
    private let stores: Stores
    private let client: DiseaseShClient
    private let vaccinations: VaccinationsClient?
    private let interval: Double
    private let schedule: RetrySchedule
    private let log: @Sendable (String) -> Void
    private let logFailure: @Sendable (String) -> Void
    private let now: @Sendable () -> Int64
    /// Failed refreshes in a row; only the refresh thread touches it.
    private let failures = Mutex(0)
    private let thread = Mutex<RepeatingThread?>(nil)

    /// A refresher that waits for `start()`.
    /// - Parameters:
    ///   - vaccinations: Our World in Data's `vaccinations.csv` client; `nil` fetches none.
    ///   - interval: seconds between successful refreshes, more than 0.
    ///   - log: one line per successful refresh (a new snapshot, or `304`).
    ///   - logFailure: one line per failure, with the reason and the retry delay.
    ///   - now: the current time in ms since the epoch.
    public init(
        stores: Stores, client: DiseaseShClient, vaccinations: VaccinationsClient? = nil, interval: Double,
        log: @escaping @Sendable (String) -> Void, logFailure: @escaping @Sendable (String) -> Void,
        now: @escaping @Sendable () -> Int64 = WallClock.millisecondsSinceEpoch
    ) {
        self.stores = stores
        self.client = client
        self.vaccinations = vaccinations
        self.interval = interval
        self.schedule = RetrySchedule(interval: interval)
        self.log = log
        self.logFailure = logFailure
        self.now = now
    }

    /// Starts the refresh thread.
    public func start() {
        let refresh = LiveRefresh(client: client, vaccinations: vaccinations, stores: stores)
        let repeating = RepeatingThread(name: "background-refresh") { [self] in
            failures.withLock { attempt(refresh, failures: &$0) }
        }
        thread.withLock { $0 = repeating }
        repeating.start()
    }

    /// Stops after the current fetch; a waiting thread wakes at once. Returns without waiting: a fetch in
    /// flight is abandoned with the process, and its transaction with it.
    public func stop() {
        thread.withLock { $0?.stop() }
    }

    /// One refresh: logs it and returns the seconds until the next (the backoff after `failures` in a row).
    func attempt(_ refresh: LiveRefresh, failures: inout Int) -> Double {
        do {
            // nil: another process is refreshing, or just did.
            let outcome: LiveRefresh.Refreshed? =
                try stores.refreshLock.whileHolding { () throws -> LiveRefresh.Refreshed? in
                    let fetchedAgo = now() - (try refresh.lastFetchedAt())
                    if fetchedAgo >= 0, Double(fetchedAgo) < interval * 500 { return nil }
                    return try refresh.refresh(now: now())
                } ?? nil
            let vaccinations = outcome?.vaccinationsLine.map { "; " + $0 } ?? ""
            switch outcome?.result {
            case nil:
                break
            case .notModified?:
                log(
                    "refresh: \(SourceError.shown(client.baseURL)) not modified (304); the stored snapshot is current"
                        + vaccinations)
            case .unchanged?:
                log(
                    "refresh: \(SourceError.shown(client.baseURL)) sent the stored data again; nothing was replaced"
                        + vaccinations)
            case .replaced(let report)?:
                let what =
                    report.replacedSnapshot || report.history != nil
                    ? "a new snapshot from \(SourceError.shown(client.baseURL))"
                    : "new vaccinations from \(SourceError.shown(outcome?.vaccinationsURL ?? ""))"
                log("refresh: stored \(what): " + report.lines.joined(separator: "; ") + vaccinations)
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
