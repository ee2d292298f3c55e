extension String {
    /// The text without control characters (Unicode category Cc: NUL, tab, escape…), which never belong
    /// in a name or a search and must not reach a page (a NUL is an HTML parse error).
    var withoutControlCharacters: String {
        String(String.UnicodeScalarView(unicodeScalars.filter { $0.properties.generalCategory != .control }))
    }
}
