/// Why a disease.sh payload or snapshot file could not be turned into AtlasCore records.
///
/// Every case describes itself in one line that can be shown to an operator as is
/// (`covid-atlas import` prints it; the server logs it and keeps serving the last good data).
public enum SourceError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not JSON (RFC 8259) at all: an HTML error page, a truncated body, an empty body.
    /// The reason says what was found: an empty body, an HTML page, or JSON that is truncated or malformed.
    case notJSON(String)
    /// The bytes are JSON but not the shape disease.sh documents, e.g. an object where
    /// `/v3/covid-19/countries` returns an array, or no entry with a `country` name.
    case malformedPayload(String)
    /// The countries array is empty (`[]`), which disease.sh answers under load (docs/field-cases.md B04);
    /// importing it would blank the country list.
    case emptyPayload
    /// The history's array is empty (`[]`): no row, no day.
    case emptyHistory
    /// A snapshot file could not be read: the path and the operating system's reason.
    case unreadableFile(path: String, reason: String)
    /// The fetch of `url` failed below HTTP: no connection, a timeout (connect, total or low-speed),
    /// a connection reset or closed mid-body, too many redirects, a redirect to another scheme.
    case transfer(url: String, reason: String)
    /// TLS verification of `url` failed, or the CA certificates to verify with are missing
    /// (docs/field-cases.md B26). Verification is never turned off; the reason says what to install.
    case tls(url: String, reason: String)
    /// `url` answered a status code other than `200` (or `304` to a conditional request), e.g. `429`
    /// or `500` (docs/field-cases.md B04). `retryAfterSeconds` is the `Retry-After` field (RFC 9110 §10.2.3)
    /// in seconds when the answer had one.
    case httpStatus(url: String, status: Int, retryAfterSeconds: Int64?)
    /// `url` answered `200` with a `Content-Type` that is not JSON, e.g. `text/html` (docs/field-cases.md B04).
    case unexpectedContentType(url: String, contentType: String)
    /// The body of `url` grew past `limit` bytes (whether or not a `Content-Length` announced it).
    case tooLarge(url: String, limit: Int)
    /// The payload decodes but is not a snapshot worth storing: duplicate ids, negative or absurd
    /// figures, or far fewer countries than the stored snapshot. The reason names the entry and field.
    case invalidSnapshot(String)
    /// The history decodes but is not one worth storing: absurd counts, far fewer series than stored,
    /// series that end long before the stored ones, nothing but zeros (docs/field-cases.md B32).
    case invalidHistory(String)

    /// `url` as it may be shown in a message or log: without a user name and password
    /// (`https://user:pw@host/p` → `https://host/p`), which must not end up on a terminal or in a log.
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
        case .unexpectedContentType(let url, let contentType):
            return
                "\(SourceError.shown(url)) answered \(contentType.isEmpty ? "no Content-Type" : contentType) instead of JSON"
        case .tooLarge(let url, let limit):
            return "the body of \(SourceError.shown(url)) is larger than the \(limit)-byte limit"
        case .invalidSnapshot(let reason):
            return "invalid snapshot: \(reason)"
        case .invalidHistory(let reason):
            return "invalid history: \(reason); the stored history is kept"
        }
    }
}
