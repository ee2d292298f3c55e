/// `application/x-www-form-urlencoded` (WHATWG URL §5), used by query strings and form bodies.
public enum FormURLEncoding {
    /// Splits on `&`, then on the first `=`; `+` is a space; empty pieces are skipped.
    /// - Returns: the pairs in order, or `nil` when any escape is malformed or decodes to invalid UTF-8.
    public static func decode<S: StringProtocol>(_ text: S) -> [(name: String, value: String)]? {
        var pairs: [(name: String, value: String)] = []
        // One concrete slice type for any `StringProtocol`.
        let text: Substring = String(text)[...]
        // Split on the bytes (`&` and `=` are ASCII, so their indices are the text's too): splitting by
        // Character was most of a query's cost.
        let utf8 = text.utf8
        var pieceStart = utf8.startIndex
        while pieceStart < utf8.endIndex {
            let pieceEnd = utf8[pieceStart...].firstIndex(of: UInt8(ascii: "&")) ?? utf8.endIndex
            if pieceStart < pieceEnd {
                let name: Substring
                let value: Substring
                if let equals = utf8[pieceStart..<pieceEnd].firstIndex(of: UInt8(ascii: "=")) {
                    name = text[pieceStart..<equals]
                    value = text[utf8.index(after: equals)..<pieceEnd]
                } else {
                    name = text[pieceStart..<pieceEnd]
                    value = ""
                }
                guard let decodedName = PercentDecoding.decode(name, plusIsSpace: true),
                    let decodedValue = PercentDecoding.decode(value, plusIsSpace: true)
                else { return nil }
                pairs.append((decodedName, decodedValue))
            }
            pieceStart = pieceEnd == utf8.endIndex ? pieceEnd : utf8.index(after: pieceEnd)
        }
        return pairs
    }

    /// Decodes a form body given as bytes; `nil` as for `decode(_:)` or when the bytes are not UTF-8.
    public static func decode(body: [UInt8]) -> [(name: String, value: String)]? {
        guard let text = String(validating: body, as: UTF8.self) else { return nil }
        return decode(text)
    }

    /// Encodes pairs as a query string or form body: `name=value&…`, spaces as `+`.
    public static func encode(_ pairs: [(name: String, value: String)]) -> String {
        // Into one buffer: every chart view's address is written out this way per request.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pairs.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 2 })
        for (index, pair) in pairs.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "&")) }
            PercentDecoding.appendEncoded(pair.name, spaceAsPlus: true, to: &bytes)
            bytes.append(UInt8(ascii: "="))
            PercentDecoding.appendEncoded(pair.value, spaceAsPlus: true, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
