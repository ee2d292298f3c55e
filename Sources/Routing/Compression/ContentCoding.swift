import HTTPCore

/// Content-coding negotiation for `Accept-Encoding` (RFC 9110 §12.5.3).
public enum ContentCoding {
    /// Whether `gzip` is acceptable to the client: named (or as `x-gzip`, RFC 9110 §8.4.1.3) with a
    /// qvalue above 0, or covered by `*` with a qvalue above 0 when not named. No `Accept-Encoding`
    /// field means no preference, which this server answers with the identity coding, as most do.
    /// A qvalue that does not parse counts as 0 (not acceptable), the safe reading.
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
                var quality = 1.0
                for parameter in parts.dropFirst() {
                    let pair = parameter.split(separator: "=", maxSplits: 1)
                    guard pair.count == 2, pair[0].trimmingOptionalWhitespace().lowercased() == "q" else {
                        continue
                    }
                    quality = qvalue(pair[1].trimmingOptionalWhitespace()) ?? 0
                }
                if coding == "gzip" || coding == "x-gzip" {
                    gzipQuality = max(gzipQuality ?? 0, quality)
                } else if coding == "*" {
                    wildcardQuality = quality
                }
            }
        }
        return (gzipQuality ?? wildcardQuality ?? 0) > 0
    }

    /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )` (RFC 9110 §12.4.2).
    static func qvalue<Text: StringProtocol>(_ text: Text) -> Double? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        guard bytes.count > 1 else { return first == UInt8(ascii: "1") ? 1 : 0 }
        guard bytes[1] == UInt8(ascii: "."), bytes.count <= 5,
            bytes[2...].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        if first == UInt8(ascii: "1") { return bytes[2...].allSatisfy { $0 == UInt8(ascii: "0") } ? 1 : nil }
        return Double(String(text))
    }
}
