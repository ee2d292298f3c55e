extension String {
    /// The text without leading and trailing White_Space (Unicode) and U+200B: Foundation's
    /// `.whitespacesAndNewlines` on Linux, without its `NSString` bridge.
    public var trimmingWhitespace: String {
        let scalars = unicodeScalars
        let isTrimmed = { (scalar: Unicode.Scalar) in scalar.properties.isWhitespace || scalar.value == 0x200B }
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
