import Foundation

/// The names of the languages and currencies the country facts name, in one language other than
/// English: `data/fact-names-ko.json`, made by `script/make-fact-names-ko` from Debian's iso-codes
/// (ISO 639 and ISO 4217 with their Korean translations, corrected there). English pages use the
/// facts' own names (mledoze/countries).
struct FactNames: Sendable, Equatable, Decodable {
    /// Name by ISO 639-3 code (`kor` → `한국어`), mledoze's `languages` keys.
    var languages: [String: String] = [:]
    /// Name by ISO 4217 code (`KRW` → `대한민국 원`).
    var currencies: [String: String] = [:]
}
