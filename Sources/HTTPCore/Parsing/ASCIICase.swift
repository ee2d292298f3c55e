/// Case-insensitive comparison of ASCII bytes, as tokens are compared (field names, codings and
/// `Connection` options: RFC 9110 §5.1, §7.6.1, §8.4.1). Bytes outside A–Z compare as they are.
public enum ASCIICase {
    /// `byte` with A–Z mapped to a–z.
    @inlinable public static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// Whether `bytes` and `other` are the same bytes but for the case of ASCII letters.
    @inlinable public static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        guard bytes.count == other.count else { return false }
        for index in 0..<bytes.count where lowered(bytes[index]) != lowered(other[index]) { return false }
        return true
    }

    /// Whether `bytes` spell `literal` but for the case of ASCII letters.
    @inlinable public static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        equals(bytes, UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}

/// The elements of a comma-separated list (`#rule`, RFC 9110 §5.6.1).
public enum ListElements {
    /// Calls `body` with each element of `bytes` up to the first for which it returns `true`, each
    /// without the optional whitespace around it; empty elements are skipped, as recipients must.
    /// Returns whether `body` returned `true`.
    @inlinable public static func contains(
        in bytes: UnsafeBufferPointer<UInt8>, where body: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool {
        var index = 0
        while index < bytes.count {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: ",") { index += 1 }
            let element = OptionalWhitespace.trimmed(bytes, start..<index)
            if !element.isEmpty, body(UnsafeBufferPointer(rebasing: bytes[element])) { return true }
            index += 1
        }
        return false
    }
}
