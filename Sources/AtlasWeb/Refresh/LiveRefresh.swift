import AtlasCore
import AtlasSource
import AtlasStore

/// One refresh from the live API: a conditional fetch with the stored validators, validation, and the
/// replace in one transaction. Used by `covid-atlas refresh` and by `BackgroundRefresher`.
public struct LiveRefresh: Sendable {
    /// What one refresh did.
    public enum Result: Sendable {
        /// The upstream answered `304`: the stored snapshot is current, nothing was written.
        case notModified
        /// The stored snapshot was replaced; old → new.
        case replaced(RefreshReport)
    }

    /// The client, with its base URL and limits.
    public let client: DiseaseShClient
    private let importer: SnapshotImporter

    /// A refresh from `client` into `database` (migrated).
    public init(client: DiseaseShClient, database: Database) {
        self.client = client
        self.importer = SnapshotImporter(database: database)
    }

    /// The `User-Agent` every fetch sends: `covid-atlas/<version>`.
    public static let userAgent = "covid-atlas/\(AtlasVersion.current)"

    /// Fetches, validates and stores.
    /// - Parameters:
    ///   - now: the current time in ms since the epoch.
    ///   - progress: receives download progress on this thread; `nil` for none.
    /// - Throws: `SourceError` for any fetch, status, content type, decoding or validation failure;
    ///   `StoreError` when the database refuses. The stored snapshot is unchanged after any error.
    public func run(now: Int64, progress: DiseaseShClient.Progress? = nil) throws -> Result {
        let url = client.url(of: .countries)
        let validators = try importer.validators(for: url, source: client.baseURL)
        switch try client.fetch(validators: validators, now: now, progress: progress) {
        case .notModified:
            return .notModified
        case .fetched(let snapshot, let received, _):
            return .replaced(try importer.replace(with: snapshot, validators: received, validatedURL: url, now: now))
        }
    }
}
