import Formats
import HTTPCore

/// Conditional `GET`/`HEAD` evaluation for cache validation (RFC 9110 §13).
public enum Conditional {
    /// Whether the client's cached copy is current, so `304 Not Modified` answers (RFC 9110 §13.2.2):
    /// `If-None-Match` decides when present (weak comparison, §8.8.3.2; `*` matches); only without it does
    /// `If-Modified-Since` count, unchanged at or after `lastModified`. An unparsable date is ignored.
    /// - Parameters:
    ///   - eTags: the quoted entity tags that count as current, e.g. one per coding; made only when the
    ///     request has `If-None-Match`, so the unconditional requests, most of them, build no array.
    ///   - lastModified: seconds since the epoch.
    public static func isNotModified(_ request: Request, eTags: @autoclosure () -> [String], lastModified: Int)
        -> Bool
    {
        if let ifNoneMatch = request.fields[.ifNoneMatch] {
            let eTags = eTags()
            return ifNoneMatch.split(separator: ",").contains { candidate in
                var tag = candidate.trimmingASCIISpaces()
                if tag == "*" { return true }
                if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
                return eTags.contains { $0 == tag }
            }
        }
        if let since = request.fields[.ifModifiedSince].flatMap(HTTPDate.parse) {
            return lastModified <= since
        }
        return false
    }
}

extension Substring {
    fileprivate func trimmingASCIISpaces() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}

extension FieldName {
    /// `Content-Encoding` (RFC 9110 §8.4).
    public static let contentEncoding: FieldName = "Content-Encoding"
    /// `Vary` (RFC 9110 §12.5.5).
    public static let vary: FieldName = "Vary"
}
