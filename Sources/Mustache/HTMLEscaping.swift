/// The template engine's HTML escaper, applied by `{{name}}`: replaces the five characters of the
/// Mustache spec's `interpolation.yml` (`& < > " '`), so the result is safe in element content and in
/// quoted attribute values. Every other character passes through.
public enum HTMLEscaping {
    /// Returns `text` with `& < > " '` replaced by their character references.
    public static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        append(text, to: &output)
        return output
    }

    /// Appends `text` to `output` with `& < > " '` replaced by their character references. The five are
    /// ASCII, so copying the runs between them never cuts a UTF-8 character.
    public static func append(_ text: String, to output: inout String) {
        let utf8 = text.utf8
        let handled: Void? = utf8.withContiguousStorageIfAvailable { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let replacement: String
                switch bytes[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                default:
                    index += 1
                    continue
                }
                if runStart < index {
                    let start = utf8.index(utf8.startIndex, offsetBy: runStart)
                    let end = utf8.index(utf8.startIndex, offsetBy: index)
                    output.append(contentsOf: text[start..<end])
                }
                output.append(replacement)
                index += 1
                runStart = index
            }
            if runStart == 0 {
                output.append(text)
            } else if runStart < bytes.count {
                output.append(contentsOf: text[utf8.index(utf8.startIndex, offsetBy: runStart)...])
            }
        }
        if handled == nil {
            // Bridged or non-contiguous text: escape a native copy.
            var native = text
            native.makeContiguousUTF8()
            append(native, to: &output)
        }
    }
}
