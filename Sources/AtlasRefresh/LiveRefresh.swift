import AtlasCore
import AtlasSource
import AtlasStore

/// One refresh from the live API: conditional fetches of the snapshot (`/countries`, `/all`) and the
/// history (`/historical?lastdays=all`), validation, and one transaction storing what changed.
public struct LiveRefresh: Sendable {
    /// What one refresh did.
    public enum Result: Sendable {
        /// Both answered `304`: only the fetch time and the validators were written.
        case notModified
        /// The upstream sent what is stored: the data version and the pages' `ETag`s stay.
        case unchanged
        /// The stored snapshot or history (or both) was replaced; old → new.
        case replaced(RefreshReport)
    }

    /// The client, with its base URL and limits.
    public let client: DiseaseShClient
    private let importer: DataImporter
    private let countries: any CountryStore
    private let storedValidators: any FetchValidatorStore

    /// A refresh from `client` into `stores`.
    public init(client: DiseaseShClient, stores: Stores) {
        self.client = client
        self.importer = DataImporter(stores)
        self.countries = stores.countries
        self.storedValidators = stores.validators
    }

    /// The `User-Agent` every fetch sends: `covid-atlas/<version>`.
    public static let userAgent = "covid-atlas/\(AtlasVersion.current)"

    /// Fetches both, validates and stores; nothing is stored until both are fetched.
    /// - Parameters:
    ///   - now: the current time in ms since the epoch.
    ///   - progress: receives download progress on this thread; `nil` for none.
    /// - Throws: `SourceError` for any fetch, status, content type, decoding or validation failure;
    ///   `StoreError` when the database refuses. The stored data is unchanged after any error.
    public func run(now: Int64, progress: DiseaseShClient.Progress? = nil) throws -> Result {
        let countriesURL = client.url(of: .countries)
        let historyURL = client.url(of: .historical)
        var update = DataUpdate()
        let sentForCountries = try validators(for: countriesURL)
        switch try client.fetch(validators: sentForCountries, now: now, progress: progress) {
        case .notModified:
            // Re-stored with this fetch's time, so every process knows the upstream was just asked.
            update.validators[countriesURL] = sentForCountries
        case .fetched(let snapshot, let received, _):
            update.snapshot = snapshot
            update.validators[countriesURL] = received
        }
        let sentForHistory = try validators(for: historyURL)
        switch try client.fetchHistory(validators: sentForHistory, now: now, progress: progress) {
        case .notModified:
            update.validators[historyURL] = sentForHistory
        case .fetched(let rows, let received, _):
            update.history = rows
            update.validators[historyURL] = received
        }
        // Applied also when both answered 304: the validators record when this fetch happened.
        let report = try importer.apply(update, now: now)
        guard update.snapshot != nil || update.history != nil else { return .notModified }
        return report.changedNothing ? .unchanged : .replaced(report)
    }

    /// The validators stored for `url`, only while the stored snapshot came from this client's upstream;
    /// otherwise they describe other data.
    /// - Throws: `StoreError` when the store cannot be read.
    func validators(for url: String) throws -> ConditionalValidators {
        guard try countries.loadSnapshot()?.source == client.baseURL,
            let stored = try storedValidators.validators(for: url)
        else { return ConditionalValidators() }
        return ConditionalValidators(entityTag: stored.entityTag, lastModified: stored.lastModified)
    }

    /// When the upstream was last fetched from, by any process, ms since the epoch; 0 when never.
    /// - Throws: `StoreError` when the store cannot be read.
    public func lastFetchedAt() throws -> Int64 {
        let urls = [client.url(of: .countries), client.url(of: .historical)]
        return try urls.compactMap { try storedValidators.validators(for: $0)?.fetchedAt }.min() ?? 0
    }
}
