extension String {
    /// The text without leading and trailing white space (Unicode's White_Space property: spaces of
    /// every width, tab, line feed and the other C0 breaks, NEL, the line and paragraph separators)
    /// and zero-width spaces (U+200B): the set of Foundation's `trimmingCharacters(in:
    /// .whitespacesAndNewlines)` on Linux, without its bridge to `NSString`, which took 5 % of a form
    /// submit's CPU.
    public var trimmingWhitespace: String {
        let scalars = unicodeScalars
        let isTrimmed = { (scalar: Unicode.Scalar) in scalar.properties.isWhitespace || scalar.value == 0x200B }
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
