import AtlasCore

/// Fetches Our World in Data's `vaccinations.csv` over libcurl
/// (https://covid.ourworldindata.org/data/vaccinations/vaccinations.csv, documented at
/// https://github.com/owid/covid-19-data/tree/master/public/data/vaccinations): conditional on the
/// validators of the last fetch, gzip accepted, and decoded as it arrives (`VaccinationDecoder.Incremental`)
/// within `FetchLimits.maxVaccinationsBodyBytes`, so the file is never held whole beside its rows.
public struct VaccinationsClient: Sendable {
    /// What a fetch found.
    public enum Outcome: Sendable, Equatable {
        /// The upstream answered `304 Not Modified` to the conditional request.
        case notModified
        /// The decoded file (not yet validated: `VaccinationValidation`), the response's validators, and
        /// the decoded body's size in bytes.
        case fetched(Vaccinations, validators: ConditionalValidators, bodyBytes: Int)
    }

    /// Our World in Data's own URL of the file, the `--vaccinations-source` default.
    public static let owidURL = "https://covid.ourworldindata.org/data/vaccinations/vaccinations.csv"

    /// The media types taken for the file (lower-cased, without parameters); `""` is a response without
    /// `Content-Type`. Anything else (an HTML error page, JSON) is refused before a byte is decoded.
    public static let acceptedMediaTypes: Set<String> = [
        "text/csv", "application/csv", "text/plain", "application/octet-stream", "",
    ]

    /// The file's URL (`http` or `https`).
    public let url: String
    /// The bounds of the request; its body is capped by `maxVaccinationsBodyBytes`.
    public let limits: FetchLimits
    /// The `User-Agent` value, e.g. `covid-atlas/0.1.0`.
    public let userAgent: String

    /// A client for the file at `url`.
    public init(url: String, limits: FetchLimits = FetchLimits(), userAgent: String) {
        self.url = url
        self.limits = limits
        self.userAgent = userAgent
    }

    /// Fetches and decodes the file, without validating it.
    /// - Parameters:
    ///   - validators: from the last successful fetch of `url`; empty for an unconditional request.
    ///   - now: ms since the epoch, to read a `Retry-After` date.
    ///   - progress: body bytes so far (decoded) and the announced total, as they arrive; `nil` for none.
    /// - Returns: `.notModified`, or the decoded file and the response's validators.
    /// - Throws: `SourceError.transfer`, `.tls` from `CurlEasy`; `.tooLarge` past the cap; `.httpStatus`
    ///   for a status other than 200 (or 304 when conditional); `.unexpectedContentType` for a body that
    ///   is declared neither CSV nor plain text; `.invalidVaccinations` from `VaccinationDecoder`.
    public func fetch(
        validators: ConditionalValidators = ConditionalValidators(), now: Int64,
        progress: CurlEasy.Progress? = nil
    ) throws(SourceError) -> Outcome {
        var fileLimits = limits
        fileLimits.maxBodyBytes = limits.maxVaccinationsBodyBytes
        let decoder = DecoderBox()
        let url = self.url
        let response = try CurlEasy.get(
            url: url, requestFieldLines: validators.requestFieldLines, accept: "text/csv, text/plain;q=0.5",
            userAgent: userAgent, limits: fileLimits, progress: progress
        ) { (fields, chunk) throws(SourceError) in
            if decoder.decoder.bytesRead == 0 {
                let type = FetchResponse(status: 200, fields: fields, body: []).mediaType
                guard Self.acceptedMediaTypes.contains(type) else {
                    throw .unexpectedContentType(url: url, contentType: type, expected: "CSV")
                }
            }
            try decoder.decoder.feed(chunk)
        }
        if response.status == 304 && !validators.isEmpty { return .notModified }
        guard response.status == 200 else {
            throw .httpStatus(
                url: url, status: response.status, retryAfterSeconds: response.retryAfterSeconds(now: now))
        }
        let vaccinations = try decoder.decoder.finish()
        return .fetched(vaccinations, validators: response.validators, bodyBytes: decoder.decoder.bytesRead)
    }

    /// The decoder the body receiver feeds, outliving the transfer's callbacks.
    private final class DecoderBox {
        var decoder = VaccinationDecoder.Incremental()
    }
}
