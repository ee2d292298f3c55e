extension StringProtocol {
    /// The text without the spaces and tabs around it, the `OWS` of field values (RFC 9110 §5.6.3). On
    /// UTF-8 bytes: Foundation's character sets cost microseconds per request.
    public func trimmingOptionalWhitespace() -> Substring {
        let whole = Substring(self)
        let bytes = whole.utf8
        guard let first = bytes.firstIndex(where: { !isOptionalWhitespace($0) }),
            let last = bytes.lastIndex(where: { !isOptionalWhitespace($0) })
        else { return whole[whole.endIndex...] }
        // Both ends are next to ASCII bytes, so on scalar boundaries.
        return whole[first..<bytes.index(after: last)]
    }
}

/// SP or HTAB, the bytes of `OWS` (RFC 9110 §5.6.3).
private func isOptionalWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
