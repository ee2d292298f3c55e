import AtlasCore
import AtlasStore
import Clocks
import Routing
import Synchronization

/// The catalog of the stored snapshot, kept in memory and rebuilt when the database holds a newer
/// snapshot version, whether this process or another one (the CLI) wrote it.
///
/// The hot path takes no shared lock: each thread keeps its own reference to the current catalog
/// and compares one atomic generation counter; only a reload (or a thread's first request after
/// one) takes the mutex.
final class SnapshotCache: Sendable {
    final class Current: Sendable {
        let catalog: CountryCatalog
        let version: Int64
        /// When this process loaded this version, ms since the epoch (the app's clock).
        let loadedAt: Int64

        init(catalog: CountryCatalog, version: Int64, loadedAt: Int64) {
            self.catalog = catalog
            self.version = version
            self.loadedAt = loadedAt
        }
    }

    private struct Local {
        var generation: UInt64 = .max
        var current: Current?
    }

    private let store: any CountryStore
    private let facts: [String: CountryFacts]
    private let otherNames: [String: [String]]
    private let now: @Sendable () -> Int64
    private let checkIntervalNanoseconds: UInt64
    private let shared: Mutex<Current>
    /// Bumped (under `shared`'s lock) whenever `shared` gets a newer catalog.
    private let generation = Atomic<UInt64>(0)
    /// Monotonic nanoseconds of the last version check: a wall clock stepped backwards (NTP, a
    /// resumed VM) must not pause reloading. Claimed with compare-and-exchange, so one thread checks.
    private let lastCheck: Atomic<UInt64>
    private let local = PerThread<Local> { Local() }

    /// Loads the stored snapshot.
    /// - Parameters:
    ///   - checkInterval: seconds between checks of the store's version.
    ///   - now: the app's clock, ms since the epoch (to date a loaded version for `Last-Modified`).
    /// - Throws: `StoreError` when the database cannot be read; `AtlasStartupError.noSnapshot` when it holds none.
    init(
        store: any CountryStore, facts: [String: CountryFacts], otherNames: [String: [String]] = [:],
        checkInterval: Double, now: @escaping @Sendable () -> Int64
    ) throws {
        self.store = store
        self.facts = facts
        self.otherNames = otherNames
        self.now = now
        self.checkIntervalNanoseconds = UInt64(max(0, checkInterval) * 1_000_000_000)
        guard let snapshot = try store.loadSnapshot() else { throw AtlasStartupError.noSnapshot }
        shared = Mutex(
            Current(
                catalog: CountryCatalog(snapshot: snapshot, facts: facts, otherNames: otherNames),
                version: snapshot.version ?? 0,
                loadedAt: now()))
        lastCheck = Atomic(MonotonicClock.nanoseconds())
    }

    /// The current catalog; at most once per check interval one thread asks the store for its
    /// version and reloads when it changed. A failing check keeps serving what is in memory.
    func current() -> Current {
        let time = MonotonicClock.nanoseconds()
        let last = lastCheck.load(ordering: .relaxed)
        if time &- last >= checkIntervalNanoseconds,
            lastCheck.compareExchange(expected: last, desired: time, ordering: .relaxed).exchanged
        {
            reloadIfChanged()
        }
        let wanted = generation.load(ordering: .acquiring)
        return local.withValue { local in
            if local.generation != wanted || local.current == nil {
                local.current = shared.withLock { $0 }
                local.generation = wanted
            }
            return local.current!
        }
    }

    private func reloadIfChanged() {
        let cached = shared.withLock { $0 }
        guard let version = try? store.snapshotVersion(), version != cached.version,
            let snapshot = try? store.loadSnapshot()
        else { return }
        // The version read with the rows, not the one checked above: an import may have landed between.
        let fresh = Current(
            catalog: CountryCatalog(snapshot: snapshot, facts: facts, otherNames: otherNames),
            version: snapshot.version ?? version,
            loadedAt: now())
        shared.withLock { current in
            // Two slow reloads may finish out of order; never replace a newer catalog with an older one.
            guard fresh.version > current.version else { return }
            current = fresh
            generation.add(1, ordering: .releasing)
        }
    }
}
