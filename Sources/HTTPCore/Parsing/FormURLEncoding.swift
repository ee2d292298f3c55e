/// `application/x-www-form-urlencoded` (WHATWG URL §5), used by query strings and form bodies.
public enum FormURLEncoding {
    /// Splits on `&`, then on the first `=`; `+` is a space; empty pieces are skipped.
    /// - Returns: the pairs in order, or `nil` when any escape is malformed or decodes to invalid UTF-8.
    public static func decode<S: StringProtocol>(_ text: S) -> [(name: String, value: String)]? {
        var pairs: [(name: String, value: String)] = []
        // One concrete slice type for any `StringProtocol`.
        let text: Substring = String(text)[...]
        for piece in text.split(separator: "&", omittingEmptySubsequences: true) {
            let name: Substring
            let value: Substring
            if let equals = piece.firstIndex(of: "=") {
                name = piece[..<equals]
                value = piece[piece.index(after: equals)...]
            } else {
                name = piece[...]
                value = ""
            }
            guard let decodedName = PercentDecoding.decode(name, plusIsSpace: true),
                let decodedValue = PercentDecoding.decode(value, plusIsSpace: true)
            else { return nil }
            pairs.append((decodedName, decodedValue))
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
        pairs.map {
            PercentDecoding.encode($0.name, spaceAsPlus: true) + "="
                + PercentDecoding.encode($0.value, spaceAsPlus: true)
        }.joined(separator: "&")
    }
}
