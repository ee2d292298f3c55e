import HTTPCore

/// Content-coding negotiation for `Accept-Encoding` (RFC 9110 §12.5.3).
public enum ContentCoding {
    /// Whether `gzip` is acceptable: named (or `x-gzip`, RFC 9110 §8.4.1.3), or else covered by `*`, with
    /// a qvalue above 0; an unparsable qvalue counts as 0. No `Accept-Encoding` gets identity, as most
    /// servers answer. Several lines are one list (RFC 9110 §5.3).
    public static func acceptsGzip(_ request: Request) -> Bool {
        var weights = Weights()
        for field in request.fields where field.name == .acceptEncoding {
            var value = field.value
            value.withUTF8 { weights.read($0) }
        }
        return (weights.gzip ?? weights.wildcard ?? 0) > 0
    }

    /// The weights an `Accept-Encoding` list gives gzip and `*`, in thousandths.
    ///
    /// Read byte by byte: every browser request carries the field (`gzip, deflate, br, zstd`), and
    /// splitting it into substrings, lower-casing them and parsing `Double`s had been a fifth of a
    /// cached page's work.
    struct Weights {
        /// The highest weight of a `gzip` or `x-gzip` element; `nil` when none is named.
        var gzip: Int?
        /// The weight of the last `*` element; `nil` when none is named.
        var wildcard: Int?

        /// Reads one field value: elements separated by commas, each a coding and `;`-parameters.
        mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) {
            var index = 0
            while index < bytes.count {
                let coding = Self.item(in: bytes, from: &index)
                var weight = 1000
                while index < bytes.count, bytes[index] == UInt8(ascii: ";") {
                    index += 1
                    let parameter = Self.item(in: bytes, from: &index)
                    if let quality = Self.quality(in: UnsafeBufferPointer(rebasing: bytes[parameter])) {
                        weight = quality
                    }
                }
                if index < bytes.count { index += 1 }  // the comma
                let name = UnsafeBufferPointer(rebasing: bytes[coding])
                if ASCIICase.equals(name, "gzip") || ASCIICase.equals(name, "x-gzip") {
                    gzip = max(gzip ?? 0, weight)
                } else if name.count == 1, name[0] == UInt8(ascii: "*") {
                    wildcard = weight
                }
            }
        }

        /// The bytes from `index` up to the next `,` or `;`, without optional whitespace around them;
        /// `index` is left on that separator (or at the end).
        private static func item(in bytes: UnsafeBufferPointer<UInt8>, from index: inout Int) -> Range<Int> {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: ","), bytes[index] != UInt8(ascii: ";") {
                index += 1
            }
            return OptionalWhitespace.trimmed(bytes, start..<index)
        }

        /// The weight a parameter gives, in thousandths: its qvalue when it is `q=…` (0 for a `q`
        /// that does not parse: not acceptable); `nil` for any other parameter.
        private static func quality(in parameter: UnsafeBufferPointer<UInt8>) -> Int? {
            guard let equals = parameter.firstIndex(of: UInt8(ascii: "=")) else { return nil }
            let name = OptionalWhitespace.trimmed(parameter, 0..<equals)
            guard ASCIICase.equals(UnsafeBufferPointer(rebasing: parameter[name]), "q") else { return nil }
            let value = OptionalWhitespace.trimmed(parameter, (equals + 1)..<parameter.count)
            return QualityValue.thousandths(UnsafeBufferPointer(rebasing: parameter[value])) ?? 0
        }
    }
}
