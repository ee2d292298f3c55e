import AtlasCore
import AtlasStore
import Glibc
import Synchronization

/// The catalog of the stored snapshot, kept in memory and rebuilt when the database holds a newer
/// snapshot version, whether this process or another one (the CLI) wrote it.
final class SnapshotCache: Sendable {
    struct Current: Sendable {
        let catalog: CountryCatalog
        let version: Int64
    }

    private struct State {
        var current: Current
        /// Monotonic nanoseconds of the last version check: a wall clock stepped backwards (NTP, a
        /// resumed VM) must not pause reloading.
        var lastCheck: UInt64
    }

    private let store: any CountryStore
    private let facts: [String: CountryFacts]
    private let checkIntervalNanoseconds: UInt64
    private let state: Mutex<State>

    /// Loads the stored snapshot.
    /// - Parameter checkInterval: seconds between checks of the store's version.
    /// - Throws: `StoreError` when the database cannot be read; `AtlasStartupError.noSnapshot` when it holds none.
    init(store: any CountryStore, facts: [String: CountryFacts], checkInterval: Double) throws {
        self.store = store
        self.facts = facts
        self.checkIntervalNanoseconds = UInt64(max(0, checkInterval) * 1_000_000_000)
        guard let snapshot = try store.loadSnapshot() else { throw AtlasStartupError.noSnapshot }
        let current = Current(catalog: CountryCatalog(snapshot: snapshot, facts: facts), version: snapshot.version ?? 0)
        state = Mutex(State(current: current, lastCheck: SnapshotCache.monotonicNow()))
    }

    /// The current catalog; at most once per check interval it asks the store for its version and
    /// reloads when it changed. A failing check keeps serving what is in memory.
    func current() -> Current {
        let time = SnapshotCache.monotonicNow()
        let (cached, due) = state.withLock { state -> (Current, Bool) in
            guard time &- state.lastCheck >= checkIntervalNanoseconds else { return (state.current, false) }
            state.lastCheck = time
            return (state.current, true)
        }
        guard due, let version = try? store.snapshotVersion(), version != cached.version,
            let snapshot = try? store.loadSnapshot()
        else { return cached }
        // The version read with the rows, not the one checked above: an import may have landed between.
        let fresh = Current(
            catalog: CountryCatalog(snapshot: snapshot, facts: facts), version: snapshot.version ?? version)
        return state.withLock { state in
            // Two slow reloads may finish out of order; never replace a newer catalog with an older one.
            if fresh.version > state.current.version { state.current = fresh }
            return state.current
        }
    }

    private static func monotonicNow() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
