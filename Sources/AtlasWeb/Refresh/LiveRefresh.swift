import AtlasCore
import AtlasSource
import AtlasStore

/// One refresh from the live API: conditional fetches of the snapshot (`/countries` and `/all`) and of
/// the history (`/historical?lastdays=all`) with the stored validators, validation, and one transaction
/// that stores whatever changed. Used by `covid-atlas refresh` and by `BackgroundRefresher`.
public struct LiveRefresh: Sendable {
    /// What one refresh did.
    public enum Result: Sendable {
        /// The upstream answered `304` to both: the stored data is current, nothing was written.
        case notModified
        /// The upstream sent what the store holds already: nothing was replaced and the data version
        /// stays, so pages keep their `ETag`s (only the fetch validators were stored).
        case unchanged
        /// The stored snapshot or history (or both) was replaced; old → new.
        case replaced(RefreshReport)
    }

    /// The client, with its base URL and limits.
    public let client: DiseaseShClient
    private let importer: DataImporter

    /// A refresh from `client` into `database` (migrated).
    public init(client: DiseaseShClient, database: Database) {
        self.client = client
        self.importer = DataImporter(database: database)
    }

    /// The `User-Agent` every fetch sends: `covid-atlas/<version>`.
    public static let userAgent = "covid-atlas/\(AtlasVersion.current)"

    /// Fetches both, validates and stores. Both are fetched before anything is stored, so a failure
    /// of either leaves everything stored as it was.
    /// - Parameters:
    ///   - now: the current time in ms since the epoch.
    ///   - progress: receives download progress on this thread; `nil` for none.
    /// - Throws: `SourceError` for any fetch, status, content type, decoding or validation failure;
    ///   `StoreError` when the database refuses. The stored data is unchanged after any error.
    public func run(now: Int64, progress: DiseaseShClient.Progress? = nil) throws -> Result {
        let countriesURL = client.url(of: .countries)
        let historyURL = client.url(of: .historical)
        var update = DataUpdate()
        switch try client.fetch(
            validators: try importer.validators(for: countriesURL, source: client.baseURL), now: now, progress: progress
        )
        {
        case .notModified:
            break
        case .fetched(let snapshot, let received, _):
            update.snapshot = snapshot
            update.validators[countriesURL] = received
        }
        switch try client.fetchHistory(
            validators: try importer.validators(for: historyURL, source: client.baseURL), now: now, progress: progress)
        {
        case .notModified:
            break
        case .fetched(let rows, let received, _):
            update.history = rows
            update.validators[historyURL] = received
        }
        guard update.snapshot != nil || update.history != nil else { return .notModified }
        let report = try importer.apply(update, now: now)
        return report.changedNothing ? .unchanged : .replaced(report)
    }
}
