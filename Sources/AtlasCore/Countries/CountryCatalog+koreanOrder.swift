/// The order of Korean names, 가나다: Hangul syllables compared by code point, which Unicode lays out
/// by initial consonant, then vowel, then final consonant (ㄱ ㄲ ㄴ ㄷ …, as Korean dictionaries and
/// CLDR's Korean collation order them). Swift compares strings by their NFC scalars, so a space
/// comes before any syllable (남수단 before 남아프리카 공화국), as in CLDR.
enum KoreanOrder {
    /// Whether `a` comes before `b` in the list by Korean name: entries without one after all that have
    /// one, by their English sort key; equal names by id.
    static func precedes(_ a: CountryCatalog.Entry, _ b: CountryCatalog.Entry) -> Bool {
        switch (a.koreanName, b.koreanName) {
        case (let x?, let y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: return a.sortKey != b.sortKey ? a.sortKey < b.sortKey : a.id < b.id
        }
    }
}

extension CountryCatalog {
    /// Every entry by Korean name, 가나다 (`descending`: 하…가), for the Korean list sorted by name;
    /// computed once per data version.
    public func entriesInKoreanNameOrder(descending: Bool = false) -> [Entry] {
        let positions = descending ? koreanNameOrder.reversed() : koreanNameOrder
        return positions.map { entries[Int($0)] }
    }
}
