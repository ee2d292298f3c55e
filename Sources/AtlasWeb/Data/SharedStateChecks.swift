import AtlasCore
import AtlasStore
import CLinux
import Synchronization

/// One round of `DataWatcher`'s checks: the stored data version (reloading the catalog and every series
/// when another process stored new data), whether the database answered (logged when it goes and when
/// it is back), and, at most hourly, pruning profiles nobody came back to.
final class SharedStateChecks: Sendable {
    /// How long a profile is kept after its visitor's last visit: the cookie's lifetime, in ms.
    static let profileLifetime = Int64(Visitor.cookieMaxAgeSeconds) * 1000
    /// How long a profile that only ever held the defaults is kept after its last visit, in ms: a day,
    /// so a visitor who opened the editor and left is not pruned while still around.
    static let defaultsOnlyLifetime: Int64 = 86_400_000
    /// How often pruning runs, in ms.
    static let pruneInterval: Int64 = 3_600_000

    let snapshots: SnapshotCache
    let histories: HistoryCache
    let vaccinations: VaccinationCache
    let health: DatabaseHealth
    let profiles: any ProfileStore
    let now: @Sendable () -> Int64
    let log: @Sendable (String) -> Void
    private let lastPruned = Atomic<Int64>(0)
    /// Set by `stop()`: a round in progress ends at its next step.
    private let stopping = Atomic<Bool>(false)

    init(
        snapshots: SnapshotCache, histories: HistoryCache, vaccinations: VaccinationCache, health: DatabaseHealth,
        profiles: any ProfileStore,
        now: @escaping @Sendable () -> Int64,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.snapshots = snapshots
        self.histories = histories
        self.vaccinations = vaccinations
        self.health = health
        self.profiles = profiles
        self.now = now
        self.log = log
    }

    func run() {
        let time = now()
        do {
            try snapshots.reloadIfChanged()
            let current = snapshots.current()
            var loaded = false
            if !histories.isComplete(at: current.version) {
                try histories.warm(
                    current.catalog.entries.map(\.id) + [HistoryKey.world], version: current.version,
                    while: { !stopping.load(ordering: .relaxed) })
                loaded = true
            }
            if !vaccinations.isComplete(at: current.version) {
                _ = try vaccinations.vaccinations(version: current.version)
                loaded = true
            }
            // The previous version's data, and on a first start the import's, were just freed: glibc keeps
            // freed pages for reuse, which left a first start 11 MiB larger for good (docs/performance.md).
            if loaded { clinux_release_free_memory() }
            if health.recordUp(at: time) { log("covid-atlas: the database answers again; serving from it") }
        } catch {
            if health.recordDown(at: time, reason: Self.publicReason(error)) {
                log("covid-atlas: \(error); pages that need the database answer 503 until it is back")
            }
            return
        }
        pruneIfDue(time)
    }

    /// Ends a round in progress at its next step, for a shutdown.
    func stop() { stopping.store(true, ordering: .relaxed) }

    /// What `/healthz` says of a failed check: the kind of failure, never libpq's or SQLite's text,
    /// which names hosts, ports and users to anyone who asks (the log line has it all).
    static func publicReason(_ error: any Error) -> String {
        switch error as? StoreError {
        case .unavailable?: return "the database cannot be reached"
        case .busy?: return "the database is busy"
        default: return "the database failed to answer"
        }
    }

    private func pruneIfDue(_ time: Int64) {
        let last = lastPruned.load(ordering: .relaxed)
        guard time - last >= Self.pruneInterval || time < last else { return }
        lastPruned.store(time, ordering: .relaxed)
        do {
            let pruned = try profiles.pruneProfiles(
                seenBefore: time - Self.profileLifetime, defaultsOnlySeenBefore: time - Self.defaultsOnlyLifetime)
            if pruned > 0 { log("covid-atlas: pruned \(pruned) profiles nobody came back to") }
        } catch StoreError.busy {
            // Another process is writing (an import, a second server); pruning did not wait for it, so
            // it tries again next round rather than in an hour.
            lastPruned.store(last, ordering: .relaxed)
        } catch {
            log("covid-atlas: pruning profiles failed: \(error); trying again in an hour")
        }
    }
}
