extension String {
    /// The text without control characters (Unicode category Cc: NUL, tab, escape…), which never belong
    /// in a name or a search.
    var withoutControlCharacters: String {
        String(String.UnicodeScalarView(unicodeScalars.filter { $0.properties.generalCategory != .control }))
    }

    /// Whether `scalar` draws nothing and joins nothing (a zero-width space, word joiner, BOM, soft
    /// hyphen, Mongolian vowel separator): echoed raw, `k\u{200B}r` would read as `kr`. The joiners
    /// scripts and emoji need (U+200C, U+200D) are not among them.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        [0x00AD, 0x180E, 0x200B, 0xFEFF].contains(scalar.value) || (0x2060...0x2064).contains(scalar.value)
    }

    /// Whether `scalar` is one of the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
    /// U+2066–U+2069; Unicode UAX #9 §2), which reorder the text after them. The marks U+200E and
    /// U+200F, which only act on their neighbours, are not.
    static func isDirectionControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// The text as the app shows what a visitor sent (page, attribute, `<title>`, message), each character
    /// that would act instead of being seen replaced by a visible stand-in:
    /// - C0 controls and DEL become Control Pictures (U+2400…U+2421: NUL → `␀`, tab → `␉`); a NUL or an
    ///   escape in a page is an HTML parse error (WHATWG HTML §13.2.3.5).
    /// - Direction controls, invisible characters, C1 controls and noncharacters become their code point
    ///   (`[U+202E]`), so they cannot turn the sentence around them.
    ///
    /// Templates still isolate the result (`<bdi>` or `dir="auto"`), so a right-to-left search such as
    /// `مصر` keeps its order without reordering the words around it.
    var echoed: String { echoed(showingInvisible: true) }

    /// The visitor's own text shown back to them (their username in the editor, on their profile):
    /// `echoed`, but invisible characters stay, as `[U+00AD]` in the input would change the name on a
    /// Done that touched nothing.
    var echoedAsOwnText: String { echoed(showingInvisible: false) }

    private func echoed(showingInvisible: Bool) -> String {
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar.value < 0x20 {
                result.append(Unicode.Scalar(0x2400 + scalar.value)!)
            } else if scalar.value == 0x7F {
                result.append("\u{2421}")
            } else if scalar.properties.generalCategory == .control || String.isDirectionControl(scalar)
                || (showingInvisible && String.isInvisible(scalar)) || scalar.properties.isNoncharacterCodePoint
            {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result.append(
                    contentsOf: "[U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)]".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The text as an error message quotes it: `echoed`, at most 60 characters (then `…`).
    var shownInMessages: String {
        let shown = echoed
        return shown.count > 60 ? String(shown.prefix(60)) + "…" : shown
    }
}
