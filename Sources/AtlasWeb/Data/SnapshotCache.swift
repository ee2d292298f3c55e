import AtlasCore
import AtlasStore
import Clocks
import Routing
import Synchronization

/// The stored snapshot's catalog, kept in memory and replaced when the store holds a newer data
/// version, whoever wrote it.
///
/// Requests never touch the store for it (`DataWatcher` calls `reloadIfChanged()`), nor a shared lock:
/// each thread keeps its own reference and compares an atomic generation; only its first request after
/// a reload takes the mutex.
final class SnapshotCache: Sendable {
    final class Current: Sendable {
        let catalog: CountryCatalog
        let version: Int64
        /// When the stored data last changed, ms since the epoch (`snapshot_meta.imported_at`): the
        /// pages' `Last-Modified`, the same in every process.
        let dataChangedAt: Int64

        init(catalog: CountryCatalog, version: Int64, dataChangedAt: Int64) {
            self.catalog = catalog
            self.version = version
            self.dataChangedAt = dataChangedAt
        }
    }

    private struct Local {
        var generation: UInt64 = .max
        var current: Current?
    }

    private let store: any CountryStore
    private let facts: [String: CountryFacts]
    private let otherNames: [String: [String]]
    private let koreanNames: KoreanCountryNames
    /// Read with each snapshot for the catalog's vaccination shares, through the cache the pages use
    /// (one read per data version); `nil` leaves them out.
    private let vaccinations: VaccinationCache?
    private let shared: Mutex<Current>
    /// Bumped (under `shared`'s lock) whenever `shared` gets a newer catalog.
    private let generation = Atomic<UInt64>(0)
    private let local = PerThread<Local> { Local() }

    /// Loads the stored snapshot.
    /// - Parameters:
    ///   - otherNames: other names of countries by id, for the search.
    ///   - koreanNames: the Korean names, for the Korean pages, their order and the search.
    ///   - vaccinations: Our World in Data's rows, read with each snapshot for the catalog's latest
    ///     shares (the list's sorts, the map), and kept for the pages at that version.
    /// - Throws: `StoreError` when the store cannot be read; `AtlasStartupError.noSnapshot` when it holds none.
    init(
        store: any CountryStore, facts: [String: CountryFacts], otherNames: [String: [String]] = [:],
        koreanNames: KoreanCountryNames = KoreanCountryNames(), vaccinations: VaccinationCache? = nil
    ) throws {
        self.store = store
        self.facts = facts
        self.otherNames = otherNames
        self.koreanNames = koreanNames
        self.vaccinations = vaccinations
        guard let snapshot = try store.loadSnapshot() else { throw AtlasStartupError.noSnapshot }
        shared = Mutex(
            Self.current(
                snapshot, facts: facts, otherNames: otherNames, koreanNames: koreanNames,
                vaccinations: try vaccinations?.vaccinations(version: snapshot.version ?? 0)))
    }

    private static func current(
        _ snapshot: Snapshot, facts: [String: CountryFacts], otherNames: [String: [String]],
        koreanNames: KoreanCountryNames, vaccinations: Vaccinations?
    ) -> Current {
        Current(
            catalog: CountryCatalog(
                snapshot: snapshot, facts: facts, otherNames: otherNames, vaccinations: vaccinations,
                koreanNames: koreanNames),
            version: snapshot.version ?? 0,
            dataChangedAt: snapshot.importedAt ?? 0)
    }

    /// The current catalog (any thread, no store access).
    func current() -> Current {
        let wanted = generation.load(ordering: .acquiring)
        return local.withValue { local in
            if local.generation != wanted || local.current == nil {
                local.current = shared.withLock { $0 }
                local.generation = wanted
            }
            return local.current!
        }
    }

    /// Reads the stored version and, when it differs from the one in memory, loads the snapshot and
    /// makes it current. Called by `DataWatcher`, never by a request.
    /// - Returns: the version now current.
    /// - Throws: `StoreError` when the store cannot be read (what is in memory stays current).
    @discardableResult
    func reloadIfChanged() throws -> Int64 {
        let cached = shared.withLock { $0 }
        let version = try store.snapshotVersion()
        guard version != cached.version, let snapshot = try store.loadSnapshot() else { return cached.version }
        // The version read with the rows, not the one checked above: an import may have landed between.
        let fresh = Self.current(
            snapshot, facts: facts, otherNames: otherNames, koreanNames: koreanNames,
            vaccinations: try vaccinations?.vaccinations(version: snapshot.version ?? 0))
        return shared.withLock { current in
            // Two slow reloads may finish out of order; never replace a newer catalog with an older one.
            guard fresh.version > current.version else { return current.version }
            current = fresh
            generation.add(1, ordering: .releasing)
            return fresh.version
        }
    }
}
