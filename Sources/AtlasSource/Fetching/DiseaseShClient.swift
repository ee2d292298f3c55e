import AtlasCore

/// Fetches from the disease.sh API over libcurl: the snapshot (`{base}/v3/covid-19/countries` and
/// `/all`, https://disease.sh/docs/#/COVID-19%3A%20Worldometers) and the history
/// (`/v3/covid-19/historical?lastdays=all`, https://disease.sh/docs/#/COVID-19%3A%20JHUCSSE).
/// With stored validators the countries request is conditional: unchanged data costs one `304`.
public struct DiseaseShClient: Sendable {
    /// What a fetch found.
    public enum Outcome: Sendable, Equatable {
        /// The upstream answered `304 Not Modified` to the conditional countries request.
        case notModified
        /// A new snapshot, the countries response's validators, and the body bytes of both resources.
        case fetched(Snapshot, validators: ConditionalValidators, bodyBytes: Int)
    }

    /// What a fetch of the history found.
    public enum HistoryOutcome: Sendable, Equatable {
        /// The upstream answered `304 Not Modified` to the conditional request.
        case notModified
        /// The rows, the response's validators, and the body bytes.
        case fetched([HistoricalRow], validators: ConditionalValidators, bodyBytes: Int)
    }

    /// A request's resource; the raw value names it in messages.
    public enum Resource: String, Sendable {
        /// `/v3/covid-19/countries`.
        case countries
        /// `/v3/covid-19/all`.
        case all
        /// `/v3/covid-19/historical?lastdays=all`: every JHU row and day.
        case historical

        var path: String { self == .historical ? "historical?lastdays=all" : rawValue }
    }

    /// Progress: the resource, body bytes so far, and the total when announced.
    public typealias Progress = (_ resource: Resource, _ received: Int64, _ total: Int64?) -> Void

    /// The API base URL without a trailing slash, e.g. `https://disease.sh`.
    public let baseURL: String
    /// The bounds of each request.
    public let limits: FetchLimits
    /// The `User-Agent` value, e.g. `covid-atlas/0.1.0`.
    public let userAgent: String

    /// A client for `baseURL` (a trailing slash is dropped).
    public init(baseURL: String, limits: FetchLimits = FetchLimits(), userAgent: String) {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        self.limits = limits
        self.userAgent = userAgent
    }

    /// The URL of `resource`, e.g. `https://disease.sh/v3/covid-19/countries`.
    public func url(of resource: Resource) -> String {
        "\(baseURL)/v3/covid-19/\(resource.path)"
    }

    /// Fetches and decodes both resources, without validating (`SnapshotValidation`).
    /// - Parameters:
    ///   - validators: from the last successful fetch; empty for an unconditional request.
    ///   - now: ms since the epoch, to read a `Retry-After` date.
    /// - Returns: `.notModified`, or the snapshot (`source` = `baseURL`) and its validators.
    /// - Throws: `SourceError.transfer`, `.tls`, `.tooLarge` from `CurlEasy`; `.httpStatus` for a status
    ///   other than 200 (or 304 when conditional); `.unexpectedContentType` for a body not declared JSON;
    ///   `.notJSON`, `.malformedPayload`, `.emptyPayload` from `SnapshotDecoder`.
    public func fetch(
        validators: ConditionalValidators = ConditionalValidators(), now: Int64, progress: Progress? = nil
    ) throws(SourceError) -> Outcome {
        let countries = try get(.countries, fieldLines: validators.requestFieldLines, now: now, progress: progress)
        if countries.status == 304 && !validators.isEmpty { return .notModified }
        let decoded = try SnapshotDecoder.decodeCountriesNamingTheLeftOut(
            try body(of: countries, resource: .countries, now: now))
        let all = try get(.all, fieldLines: [], now: now, progress: progress)
        let totals = try SnapshotDecoder.decodeTotals(try body(of: all, resource: .all, now: now))
        var snapshot = Snapshot(countries: decoded.countries, totals: totals, source: baseURL)
        snapshot.leftOut = decoded.leftOut
        return .fetched(snapshot, validators: countries.validators, bodyBytes: countries.body.count + all.body.count)
    }

    /// Fetches and decodes the history under `FetchLimits.maxHistoricalBodyBytes`, without validating
    /// (`HistoryValidation`).
    /// - Parameters:
    ///   - validators: from the last successful history fetch; empty for an unconditional request.
    ///   - now: ms since the epoch, to read a `Retry-After` date.
    /// - Throws: as `fetch(validators:now:progress:)`, with `HistoricalDecoder`'s errors for the body.
    public func fetchHistory(
        validators: ConditionalValidators = ConditionalValidators(), now: Int64, progress: Progress? = nil
    ) throws(SourceError) -> HistoryOutcome {
        var historyLimits = limits
        historyLimits.maxBodyBytes = limits.maxHistoricalBodyBytes
        let response = try get(
            .historical, fieldLines: validators.requestFieldLines, now: now, progress: progress, limits: historyLimits)
        if response.status == 304 && !validators.isEmpty { return .notModified }
        let rows = try HistoricalDecoder.decode(try body(of: response, resource: .historical, now: now))
        return .fetched(rows, validators: response.validators, bodyBytes: response.body.count)
    }

    private func get(
        _ resource: Resource, fieldLines: [String], now: Int64, progress: Progress?, limits: FetchLimits? = nil
    ) throws(SourceError) -> FetchResponse {
        let forward: CurlEasy.Progress? = progress.map { report in
            { received, total in report(resource, received, total) }
        }
        return try CurlEasy.get(
            url: url(of: resource), requestFieldLines: fieldLines, userAgent: userAgent, limits: limits ?? self.limits,
            progress: forward)
    }

    /// The body of a `200` declared JSON (`application/json` or `+json`, RFC 6839 §3.1).
    private func body(of response: FetchResponse, resource: Resource, now: Int64) throws(SourceError) -> [UInt8] {
        guard response.status == 200 else {
            throw .httpStatus(
                url: url(of: resource), status: response.status, retryAfterSeconds: response.retryAfterSeconds(now: now)
            )
        }
        let type = response.mediaType
        guard type == "application/json" || type.hasSuffix("+json") else {
            throw .unexpectedContentType(url: url(of: resource), contentType: type)
        }
        return response.body
    }
}
