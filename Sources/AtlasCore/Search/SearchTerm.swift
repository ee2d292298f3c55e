/// A search's folded forms, worked out once per search: the key as typed and, when it has an
/// abbreviation names spell out (`st`, `ste`), the spelled-out key.
public struct SearchTerm: Sendable {
    struct Variant: Sendable {
        let key: String
        let compact: String
        /// ` saint lucia`: to find the key at a word's start.
        let atWordStart: String
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

    init(folded key: String) {
        let spelledOut = TextFolding.spellingOutAbbreviations(key)
        variants = spelledOut == key ? [Variant(key)] : [Variant(key), Variant(spelledOut)]
    }
}
