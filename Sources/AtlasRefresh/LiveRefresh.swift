import AtlasCore
import AtlasSource
import AtlasStore

/// One refresh from the live API: conditional fetches of the snapshot (`/countries`, `/all`), the
/// history (`/historical?lastdays=all`) and, when a URL is set, Our World in Data's `vaccinations.csv`;
/// validation, and one transaction storing what changed. Any failure stores nothing.
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

    /// What happened to the vaccinations in one refresh.
    public enum VaccinationsStep: Sendable, Equatable {
        /// No vaccinations URL is set (`--vaccinations-source off`): the stored ones stay.
        case notFetched
        /// The upstream answered `304`: the stored file is current.
        case notModified
        /// A file was fetched, decoded and validated; the report says whether it replaced the stored one.
        case fetched
    }

    /// What one refresh did, the vaccinations included.
    public struct Refreshed: Sendable {
        /// The data's outcome, all parts together.
        public var result: Result
        /// The vaccinations' part of it.
        public var vaccinations: VaccinationsStep
        /// The vaccinations URL fetched, `nil` when none is set.
        public var vaccinationsURL: String?

        /// The line saying what happened to the vaccinations, unless the report's lines say it already
        /// (a fetched file in a `.replaced` report): `vaccinations: … not modified (304)`, `not fetched`,
        /// `the same as stored (kept)`.
        public var vaccinationsLine: String? {
            switch vaccinations {
            case .notFetched:
                return "vaccinations: not fetched (--vaccinations-source off); the stored ones stay"
            case .notModified:
                return
                    "vaccinations: \(SourceError.shown(vaccinationsURL ?? "")) not modified (304); the stored file is current"
            case .fetched:
                if case .replaced = result { return nil }
                return "vaccinations: the same as stored (kept)"
            }
        }
    }

    /// The client, with its base URL and limits.
    public let client: DiseaseShClient
    /// The vaccinations' client, `nil` when they are not fetched.
    public let vaccinationsClient: VaccinationsClient?
    private let importer: DataImporter
    private let countries: any CountryStore
    private let storedValidators: any FetchValidatorStore

    /// A refresh from `client` (and `vaccinations`, when given) into `stores`.
    public init(client: DiseaseShClient, vaccinations: VaccinationsClient? = nil, stores: Stores) {
        self.client = client
        self.vaccinationsClient = vaccinations
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
        try refresh(now: now) { resource, received, total in
            if let resource = DiseaseShClient.Resource(rawValue: resource) { progress?(resource, received, total) }
        }.result
    }

    /// Fetches every part, validates and stores what changed in one transaction; nothing is stored until
    /// every part is fetched, and nothing at all when one fails.
    /// - Parameters:
    ///   - now: the current time in ms since the epoch.
    ///   - progress: receives download progress on this thread by resource name (`countries`, `all`,
    ///     `historical`, `vaccinations`), body bytes so far and the announced total; `nil` for none.
    /// - Throws: as `run(now:progress:)`; `SourceError.invalidVaccinations` for a vaccinations file that
    ///   does not decode or validate, `.tooLarge` past `FetchLimits.maxVaccinationsBodyBytes`.
    public func refresh(now: Int64, progress: ((String, Int64, Int64?) -> Void)? = nil) throws -> Refreshed {
        let forward: DiseaseShClient.Progress? = progress.map { report in
            { resource, received, total in report(resource.rawValue, received, total) }
        }
        let countriesURL = client.url(of: .countries)
        let historyURL = client.url(of: .historical)
        var update = DataUpdate()
        let sentForCountries = try validators(for: countriesURL)
        switch try client.fetch(validators: sentForCountries, now: now, progress: forward) {
        case .notModified:
            // Re-stored with this fetch's time, so every process knows the upstream was just asked.
            update.validators[countriesURL] = sentForCountries
        case .fetched(let snapshot, let received, _):
            update.snapshot = snapshot
            update.validators[countriesURL] = received
        }
        let sentForHistory = try validators(for: historyURL)
        switch try client.fetchHistory(validators: sentForHistory, now: now, progress: forward) {
        case .notModified:
            update.validators[historyURL] = sentForHistory
        case .fetched(let rows, let received, _):
            update.history = rows
            update.validators[historyURL] = received
        }
        var step = VaccinationsStep.notFetched
        if let vaccinationsClient {
            let url = vaccinationsClient.url
            let sent = try storedValidators.validators(for: url).map {
                ConditionalValidators(entityTag: $0.entityTag, lastModified: $0.lastModified)
            }
            let outcome = try vaccinationsClient.fetch(validators: sent ?? ConditionalValidators(), now: now) {
                received, total in progress?("vaccinations", received, total)
            }
            switch outcome {
            case .notModified:
                update.validators[url] = sent
                step = .notModified
            case .fetched(let vaccinations, let received, _):
                update.vaccinations = vaccinations
                update.validators[url] = received
                step = .fetched
            }
        }
        // Applied also when all answered 304: the validators record when this fetch happened.
        let report = try importer.apply(update, now: now)
        let result: Result
        if update.snapshot == nil && update.history == nil && update.vaccinations == nil {
            result = .notModified
        } else {
            result = report.changedNothing ? .unchanged : .replaced(report)
        }
        return Refreshed(result: result, vaccinations: step, vaccinationsURL: vaccinationsClient?.url)
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
