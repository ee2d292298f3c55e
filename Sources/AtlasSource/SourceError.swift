/// Why a disease.sh payload or snapshot file could not become AtlasCore records; each case is one line
/// for an operator (`covid-atlas import` prints it; the server logs it and keeps the last good data).
public enum SourceError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not JSON (RFC 8259); the reason says what was found: an empty body, an HTML page, or
    /// truncated or malformed JSON.
    case notJSON(String)
    /// JSON, but not the shape disease.sh documents (an object instead of the countries array, no entry
    /// with a `country` name).
    case malformedPayload(String)
    /// The countries array is `[]`, which disease.sh answers under load (docs/field-cases.md B04).
    case emptyPayload
    /// The history's array is empty (`[]`): no row, no day.
    case emptyHistory
    /// A snapshot file could not be read: the path and the operating system's reason.
    case unreadableFile(path: String, reason: String)
    /// The fetch failed below HTTP: no connection, a timeout (connect, total, stall), a reset or early
    /// close, too many redirects, a redirect to another scheme.
    case transfer(url: String, reason: String)
    /// TLS verification failed, or the CA certificates are missing (docs/field-cases.md B26); the reason
    /// says what to install.
    case tls(url: String, reason: String)
    /// A status other than `200` (or `304` when conditional), e.g. `429` (B04); `retryAfterSeconds` is
    /// `Retry-After` (RFC 9110 §10.2.3) when sent.
    case httpStatus(url: String, status: Int, retryAfterSeconds: Int64?)
    /// `200` with a `Content-Type` that is not the `expected` kind (`JSON`, `CSV`), e.g. `text/html` (B04).
    case unexpectedContentType(url: String, contentType: String, expected: String = "JSON")
    /// The body grew past `limit` bytes.
    case tooLarge(url: String, limit: Int)
    /// Decodes but is not worth storing: duplicate ids, negative or absurd figures, far fewer countries
    /// than stored. The reason names the entry and field.
    case invalidSnapshot(String)
    /// Decodes but is not worth storing: absurd counts, far fewer series, series ending long before the
    /// stored ones, only zeros (docs/field-cases.md B32).
    case invalidHistory(String)
    /// An Our World in Data `vaccinations.csv` that does not parse (a missing column, a bad date or
    /// number) or is not worth storing (a negative figure, far fewer locations than stored, ending weeks
    /// before the stored file). The reason names the row or location.
    case invalidVaccinations(String)

    /// `url` without user name and password (`https://user:pw@host/p` → `https://host/p`), for messages.
    public static func shown(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url }
        let rest = url[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return url }
        return String(url[..<schemeEnd.upperBound]) + String(rest[rest.index(after: at)...])
    }

    /// One line for people, e.g. `malformed payload: expected a JSON array of countries, got an object`.
    public var description: String {
        switch self {
        case .notJSON(let reason):
            return "not JSON: \(reason)"
        case .malformedPayload(let reason):
            return "malformed payload: \(reason)"
        case .emptyPayload:
            return "empty payload: the countries array has no entries"
        case .emptyHistory:
            return "empty history: the /historical array has no rows"
        case .unreadableFile(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .transfer(let url, let reason):
            return "fetching \(SourceError.shown(url)) failed: \(reason)"
        case .tls(let url, let reason):
            return "TLS verification of \(SourceError.shown(url)) failed: \(reason)"
        case .httpStatus(let url, let status, let retryAfter):
            let retry = retryAfter.map { ", Retry-After \($0) s" } ?? ""
            return "\(SourceError.shown(url)) answered HTTP \(status)\(retry); the stored data is kept"
        case .unexpectedContentType(let url, let contentType, let expected):
            return
                "\(SourceError.shown(url)) answered \(contentType.isEmpty ? "no Content-Type" : contentType) "
                + "instead of \(expected)"
        case .tooLarge(let url, let limit):
            return "the body of \(SourceError.shown(url)) is larger than the \(limit)-byte limit"
        case .invalidSnapshot(let reason):
            return "invalid snapshot: \(reason)"
        case .invalidHistory(let reason):
            return "invalid history: \(reason); the stored data is kept"
        case .invalidVaccinations(let reason):
            return "invalid vaccinations: \(reason); the stored data is kept"
        }
    }
}
