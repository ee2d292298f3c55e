extension StringProtocol {
    /// The text without the optional whitespace around it: spaces and horizontal tabs, the `OWS` that
    /// surrounds list elements and parameters in field values (RFC 9110 §5.6.3). Works on the UTF-8
    /// bytes, without Foundation's character sets (which cost microseconds per call on every request).
    public func trimmingOptionalWhitespace() -> Substring {
        let whole = Substring(self)
        let bytes = whole.utf8
        guard let first = bytes.firstIndex(where: { !isOptionalWhitespace($0) }),
            let last = bytes.lastIndex(where: { !isOptionalWhitespace($0) })
        else { return whole[whole.endIndex...] }
        // Both ends sit next to ASCII bytes (or the ends of the text), so on scalar boundaries.
        return whole[first..<bytes.index(after: last)]
    }
}

/// SP or HTAB, the bytes of `OWS` (RFC 9110 §5.6.3).
private func isOptionalWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
