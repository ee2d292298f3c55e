import AtlasCore
import AtlasStore
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
        var lastCheck: Int64
    }

    private let store: any CountryStore
    private let facts: [String: CountryFacts]
    private let checkIntervalMs: Int64
    private let now: @Sendable () -> Int64
    private let state: Mutex<State>

    /// Loads the stored snapshot.
    /// - Throws: `StoreError` when the database cannot be read; `AtlasStartupError.noSnapshot` when it holds none.
    init(
        store: any CountryStore, facts: [String: CountryFacts], checkInterval: Double,
        now: @escaping @Sendable () -> Int64
    ) throws {
        self.store = store
        self.facts = facts
        self.checkIntervalMs = Int64(checkInterval * 1000)
        self.now = now
        let version = try store.snapshotVersion()
        guard let snapshot = try store.loadSnapshot() else { throw AtlasStartupError.noSnapshot }
        let current = Current(catalog: CountryCatalog(snapshot: snapshot, facts: facts), version: version)
        state = Mutex(State(current: current, lastCheck: now()))
    }

    /// The current catalog; at most once per check interval it asks the store for its version and
    /// reloads when it changed. A failing check keeps serving what is in memory.
    func current() -> Current {
        let time = now()
        let (cached, due) = state.withLock { state -> (Current, Bool) in
            guard time - state.lastCheck >= checkIntervalMs else { return (state.current, false) }
            state.lastCheck = time
            return (state.current, true)
        }
        guard due, let version = try? store.snapshotVersion(), version != cached.version,
            let snapshot = try? store.loadSnapshot()
        else { return cached }
        let fresh = Current(catalog: CountryCatalog(snapshot: snapshot, facts: facts), version: version)
        state.withLock { $0.current = fresh }
        return fresh
    }
}
