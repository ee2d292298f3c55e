extension StringProtocol {
    /// The text without the spaces and tabs around it, the `OWS` of field values (RFC 9110 §5.6.3). On
    /// UTF-8 bytes: Foundation's character sets cost microseconds per request.
    public func trimmingOptionalWhitespace() -> Substring {
        let whole = Substring(self)
        let bytes = whole.utf8
        guard let first = bytes.firstIndex(where: { !OptionalWhitespace.contains($0) }),
            let last = bytes.lastIndex(where: { !OptionalWhitespace.contains($0) })
        else { return whole[whole.endIndex...] }
        // Both ends are next to ASCII bytes, so on scalar boundaries.
        return whole[first..<bytes.index(after: last)]
    }
}

/// `OWS`, the optional whitespace around field values and list elements (RFC 9110 §5.6.3).
public enum OptionalWhitespace {
    /// Whether `byte` is SP or HTAB.
    @inlinable public static func contains(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// `range` of `bytes` without the SP and HTAB at either end (empty, at its end, when all are).
    @inlinable public static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, contains(bytes[lower]) { lower += 1 }
        while upper > lower, contains(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }
}
