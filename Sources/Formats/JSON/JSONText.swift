/// JSON string literals (RFC 8259 §7): the one escaping rule of every JSON the app writes.
public enum JSONText {
    /// `text` as a quoted JSON string: `"` and `\` escaped, control characters and DEL as `\n`, `\r`, `\t`
    /// or `\u00XX`, `<` as `\u003c` (so `</script>` stays inert if inlined in HTML), the rest as it is.
    public static func quoted(_ text: String) -> String {
        var result: [UInt8] = []
        appendQuoted(text, to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    /// `quoted(text)` appended to `output` as UTF-8; every byte that needs escaping is ASCII.
    public static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output += "\\\"".utf8
            case UInt8(ascii: "\\"): output += "\\\\".utf8
            case UInt8(ascii: "\n"): output += "\\n".utf8
            case UInt8(ascii: "\r"): output += "\\r".utf8
            case UInt8(ascii: "\t"): output += "\\t".utf8
            case UInt8(ascii: "<"): output += "\\u003c".utf8
            case 0x00...0x1F, 0x7F:
                output += "\\u00".utf8
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
