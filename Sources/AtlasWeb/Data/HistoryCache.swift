import AtlasCore
import AtlasStore
import Synchronization

/// The time series the pages show, kept in memory for the data version they were read at, so pages
/// render on the event loop. The data watcher reads every series of a new version (`warm`); until then
/// a page showing one runs on a worker (`SiteContext.runsOnWorker`). About 230 series, a few MB.
final class HistoryCache: Sendable {
    private struct Held {
        var version: Int64 = -1
        /// `nil` values: looked up and not stored.
        var series: [String: History?] = [:]
    }

    private let store: any HistoryStore
    private let held = Mutex(Held())
    /// The version whose every series is held, -1 for none: read on every page request without a lock.
    private let completeVersion = Atomic<Int64>(-1)

    init(store: any HistoryStore) {
        self.store = store
    }

    /// Whether every series of data version `version` is in memory, so reading any costs no round trip.
    func isComplete(at version: Int64) -> Bool {
        completeVersion.load(ordering: .acquiring) == version
    }

    /// Reads every series of `keys` not yet in memory for `version` (on the watcher's thread), then marks
    /// the version complete. Stops early, leaving the version incomplete, once `shouldContinue` is false
    /// (a shutdown).
    /// - Throws: `StoreError`.
    func warm(_ keys: [String], version: Int64, while shouldContinue: () -> Bool = { true }) throws {
        for key in keys {
            guard shouldContinue() else { return }
            _ = try history(key, version: version)
        }
        held.withLock { held in
            if held.version == version { completeVersion.store(version, ordering: .releasing) }
        }
    }

    /// The series `key` as stored at data version `version`: from memory, or read from the store.
    /// - Throws: `StoreError`.
    func history(_ key: String, version: Int64) throws -> History? {
        if let hit = held.withLock({ $0.version == version ? $0.series[key] : nil }) { return hit }
        let history = try store.history(key)
        held.withLock { held in
            if held.version != version {
                // Only the newest version is kept; a request still on an older one does not evict it.
                guard version > held.version else { return }
                held = Held(version: version)
            }
            held.series[key] = .some(history)
        }
        return history
    }
}
