/// A field's weight (RFC 9110 §12.4.2): `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`.
public enum QualityValue {
    /// The weight `text` spells, 0…1; `nil` when it is no qvalue (`1.5`, `0.1234`, `abc`).
    public static func parse<Text: StringProtocol>(_ text: Text) -> Double? {
        // One grammar, in `thousandths(_:)`; a correctly rounded division gives the Double `0.333` spells.
        Array(text.utf8).withUnsafeBufferPointer { thousandths($0) }.map { Double($0) / 1000 }
    }

    /// The weight `bytes` spell in thousandths, 0…1000 (`0.5` is 500); `nil` when they are no qvalue.
    /// Over bytes and without `Double`, for the lists of every request.
    public static func thousandths(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        guard bytes.count > 1 else { return first == UInt8(ascii: "1") ? 1000 : 0 }
        guard bytes[1] == UInt8(ascii: "."), bytes.count <= 5 else { return nil }
        var fraction = 0
        var scale = 100
        for byte in bytes[2...] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            fraction += Int(byte - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        if first == UInt8(ascii: "1") { return fraction == 0 ? 1000 : nil }
        return fraction
    }

    /// The weight in one list element's parameters (`;q=0.5`): 1 without `q`, 0 for a `q` that does not
    /// parse (not acceptable).
    public static func weight<Parameters: Sequence>(of parameters: Parameters) -> Double
    where Parameters.Element: StringProtocol {
        var quality = 1.0
        for parameter in parameters {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingOptionalWhitespace().lowercased() == "q" else { continue }
            quality = parse(pair[1].trimmingOptionalWhitespace()) ?? 0
        }
        return quality
    }
}
