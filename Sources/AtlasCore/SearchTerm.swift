/// A search as the catalog matches it: the folded key (`TextFolding.searchKey`) in each of its forms,
/// worked out once per search rather than once per entry.
///
/// A search has one or two variants: the key as typed, and, when it has an abbreviation a name may
/// spell out (`st` for Saint, `ste` for Sainte: `st. lucia`, `st martin`), the spelled-out key.
public struct SearchTerm: Sendable {
    /// One spelling of the search.
    struct Variant: Sendable {
        /// The folded key, e.g. `saint lucia`.
        let key: String
        /// Without spaces, e.g. `saintlucia`.
        let compact: String
        /// With a space in front, to find the key at the start of a word: ` saint lucia`.
        let atWordStart: String
        /// The key's words.
        let words: [Substring]

        init(_ key: String) {
            self.key = key
            compact = key.replacingOccurrences(of: " ", with: "")
            atWordStart = " " + key
            words = key.split(separator: " ")
        }
    }

    /// The spellings, the key as typed first.
    let variants: [Variant]

    /// The folded forms of `text`; `nil` when it folds to nothing (`🦠`, `--`).
    public init?(_ text: String) {
        let key = TextFolding.searchKey(text)
        guard !key.isEmpty else { return nil }
        self.init(folded: key)
    }

    /// The forms of a key that is folded already.
    init(folded key: String) {
        let spelledOut = TextFolding.spellingOutAbbreviations(key)
        variants = spelledOut == key ? [Variant(key)] : [Variant(key), Variant(spelledOut)]
    }
}
