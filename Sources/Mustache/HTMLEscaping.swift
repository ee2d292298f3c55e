/// The one HTML escaper of the template engine: what `{{name}}` applies to every string it shows.
///
/// Replaces the five characters the Mustache spec's `interpolation.yml` names, so the result is safe in
/// element content and in single- or double-quoted attribute values:
/// `&` → `&amp;`, `<` → `&lt;`, `>` → `&gt;`, `"` → `&quot;`, `'` → `&#39;`.
/// Every other character, ASCII or not, passes through unchanged.
public enum HTMLEscaping {
    /// Returns `text` with `& < > " '` replaced by their character references.
    public static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        append(text, to: &output)
        return output
    }

    /// Appends `text` to `output` with `& < > " '` replaced by their character references.
    ///
    /// Copies runs of safe bytes in one piece; the five special characters are ASCII, so every cut falls
    /// on a character boundary of the UTF-8 text.
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
            // Bridged or otherwise non-contiguous text: make a native copy and escape that.
            var native = text
            native.makeContiguousUTF8()
            append(native, to: &output)
        }
    }
}
