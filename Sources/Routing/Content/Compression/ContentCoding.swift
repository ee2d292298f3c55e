import HTTPCore

/// Content-coding negotiation for `Accept-Encoding` (RFC 9110 §12.5.3).
public enum ContentCoding {
    /// Whether `gzip` is acceptable: named (or `x-gzip`, RFC 9110 §8.4.1.3), or else covered by `*`, with
    /// a qvalue above 0; an unparsable qvalue counts as 0. No `Accept-Encoding` gets identity, as most
    /// servers answer.
    public static func acceptsGzip(_ request: Request) -> Bool {
        let values = request.fields.values(for: .acceptEncoding)
        guard !values.isEmpty else { return false }
        var gzipQuality: Double?
        var wildcardQuality: Double?
        for value in values {
            for element in value.split(separator: ",") {
                let parts = element.split(separator: ";")
                guard let coding = parts.first?.trimmingOptionalWhitespace().lowercased(), !coding.isEmpty
                else { continue }
                let quality = QualityValue.weight(of: parts.dropFirst())
                if coding == "gzip" || coding == "x-gzip" {
                    gzipQuality = max(gzipQuality ?? 0, quality)
                } else if coding == "*" {
                    wildcardQuality = quality
                }
            }
        }
        return (gzipQuality ?? wildcardQuality ?? 0) > 0
    }
}
