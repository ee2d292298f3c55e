extension String {
    /// The text without control characters (Unicode category Cc: NUL, tab, escape…), which never belong
    /// in a name or a search and must not reach a page (a NUL is an HTML parse error).
    var withoutControlCharacters: String {
        String(String.UnicodeScalarView(unicodeScalars.filter { $0.properties.generalCategory != .control }))
    }

    /// The text with every code point HTML forbids in a document replaced by U+FFFD: control characters
    /// other than tab, line feed, form feed and carriage return, and noncharacters (WHATWG HTML
    /// §13.2.3.5, "control-character-in-input-stream", "noncharacter-in-input-stream"). For showing
    /// input back to the visitor: they see where the bad characters were, and the page stays valid.
    var replacingCodePointsForbiddenInHTML: String {
        String(
            String.UnicodeScalarView(
                unicodeScalars.map { scalar in
                    let isControl =
                        scalar.properties.generalCategory == .control && !["\t", "\n", "\u{C}", "\r"].contains(scalar)
                    return isControl || scalar.properties.isNoncharacterCodePoint ? "\u{FFFD}" : scalar
                }))
    }
}
