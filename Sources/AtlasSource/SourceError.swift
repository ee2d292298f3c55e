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
    /// The countries array is empty (`[]`), which disease.sh answers under load (FIELD-CASES B04);
    /// importing it would blank the country list.
    case emptyPayload
    /// A snapshot file could not be read: the path and the operating system's reason.
    case unreadableFile(path: String, reason: String)

    /// One line for people, e.g. `malformed payload: expected a JSON array of countries, got an object`.
    public var description: String {
        switch self {
        case .notJSON(let reason):
            return "not JSON: \(reason)"
        case .malformedPayload(let reason):
            return "malformed payload: \(reason)"
        case .emptyPayload:
            return "empty payload: the countries array has no entries"
        case .unreadableFile(let path, let reason):
            return "cannot read \(path): \(reason)"
        }
    }
}
