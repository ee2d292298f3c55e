import AtlasCore
import AtlasStore
import Synchronization

/// Our World in Data's vaccinations as stored at one data version, held in memory so pages render on
/// the event loop: read whole by the data watcher (`warm`), or by the first page that needs them on a
/// worker (`SiteContext.runsOnWorker`). About 60,000 rows, a few MB.
final class VaccinationCache: Sendable {
    private struct Held {
        var version: Int64 = -1
        /// `nil`: none stored at `version`.
        var vaccinations: Vaccinations?
    }

    private let store: any VaccinationStore
    private let held = Mutex(Held())
    /// The version held, -1 for none: read on every page request without a lock.
    private let heldVersion = Atomic<Int64>(-1)

    init(store: any VaccinationStore) {
        self.store = store
    }

    /// Whether the vaccinations of data version `version` are in memory.
    func isComplete(at version: Int64) -> Bool {
        heldVersion.load(ordering: .acquiring) == version
    }

    /// The vaccinations as stored at data version `version`: from memory, or read from the store.
    /// - Returns: `nil` when none are stored.
    /// - Throws: `StoreError`.
    func vaccinations(version: Int64) throws -> Vaccinations? {
        if let hit = held.withLock({ $0.version == version ? Optional($0.vaccinations) : nil }) { return hit }
        let read = try store.vaccinations()
        held.withLock { held in
            // Only the newest version is kept; a request still on an older one does not evict it.
            guard version >= held.version else { return }
            held = Held(version: version, vaccinations: read)
            heldVersion.store(version, ordering: .releasing)
        }
        return read
    }

    /// One location's series at `version` (`VaccinationMapping.isoCode(of:)`, or the world's key).
    /// - Throws: `StoreError`.
    func series(_ isoCode: String?, version: Int64) throws -> VaccinationSeries? {
        guard let isoCode else { return nil }
        return try vaccinations(version: version)?.series[isoCode]
    }
}
