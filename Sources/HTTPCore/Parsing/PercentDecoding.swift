/// Percent-decoding (RFC 3986 §2.1) into UTF-8 text.
public enum PercentDecoding {
    /// Decodes `%XX` escapes; with `plusIsSpace`, `+` becomes a space (form encoding only).
    /// - Returns: `nil` when an escape is malformed (`%`, `%G0`) or the bytes are not UTF-8: callers
    ///   answer `400`, never guess.
    public static func decode<S: StringProtocol>(_ text: S, plusIsSpace: Bool) -> String? {
        // Most names, values and segments have no escape: the text as it is (already UTF-8).
        let plus = plusIsSpace ? UInt8(ascii: "+") : UInt8(ascii: "%")
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == plus }) { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue)
                else { return nil }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Encodes everything outside RFC 3986 `unreserved` as `%XX` (upper-case hex), for URLs built from
    /// text; with `spaceAsPlus`, a space becomes `+` (form encoding).
    public static func encode(_ text: String, spaceAsPlus: Bool = false) -> String {
        // Ids, metric names and dates need no escape: the text itself, no copy.
        if text.utf8.allSatisfy(ByteClass.isUnreserved) { return text }
        var bytes: [UInt8] = []
        appendEncoded(text, spaceAsPlus: spaceAsPlus, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `encode(text, spaceAsPlus:)` appended to `bytes` as UTF-8, for a caller building a whole query.
    public static func appendEncoded(_ text: String, spaceAsPlus: Bool = false, to bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + text.utf8.count)
        for byte in text.utf8 {
            if ByteClass.isUnreserved(byte) {
                bytes.append(byte)
            } else if byte == UInt8(ascii: " "), spaceAsPlus {
                bytes.append(UInt8(ascii: "+"))
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(upperHexDigits[Int(byte >> 4)])
                bytes.append(upperHexDigits[Int(byte & 0x0F)])
            }
        }
    }

    private static let upperHexDigits = Array("0123456789ABCDEF".utf8)

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
