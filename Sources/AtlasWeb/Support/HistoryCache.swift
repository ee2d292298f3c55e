import AtlasCore
import AtlasStore
import Routing
import Synchronization

/// The time series a page shows, kept in memory for the data version they were read at, so a page
/// rendered again (another chart range, a new freshness line) needs no database round trip and can be
/// rendered on the event loop. A series not in memory is read off the loop (`BlockingWork`). Bounded
/// by the number of series (about 230, a few MB in all).
final class HistoryCache: Sendable {
    private struct Held {
        var version: Int64 = -1
        /// `nil` values: looked up and not stored.
        var series: [String: History?] = [:]
    }

    private let store: any HistoryStore
    private let held = Mutex(Held())

    init(store: any HistoryStore) {
        self.store = store
    }

    /// The series `key` as stored at data version `version`.
    /// - Throws: `BlockingWork.Required` on an event loop when it is not in memory; `StoreError`.
    func history(_ key: String, version: Int64) throws -> History? {
        if let hit = held.withLock({ $0.version == version ? $0.series[key] : nil }) { return hit }
        try BlockingWork.check()
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
