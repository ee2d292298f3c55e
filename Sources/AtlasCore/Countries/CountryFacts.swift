import Foundation

/// Facts about a country from mledoze/countries (ODbL), shipped in `data/countries-facts.json` by
/// ISO 3166-1 alpha-2.
public struct CountryFacts: Sendable, Equatable, Decodable {
    /// Common and official English names.
    public struct Name: Sendable, Equatable, Decodable {
        /// The everyday name, e.g. `South Korea`.
        public var common: String
        /// The official name, e.g. `Republic of Korea`.
        public var official: String
    }

    /// A language: ISO 639-3 code and English name.
    public struct Language: Sendable, Equatable, Decodable {
        /// ISO 639-3 code, e.g. `kor`.
        public var code: String
        /// English name, e.g. `Korean`.
        public var name: String
    }

    /// A currency: ISO 4217 code, English name and symbol.
    public struct Currency: Sendable, Equatable, Decodable {
        /// ISO 4217 code, e.g. `KRW`.
        public var code: String
        /// English name, e.g. `South Korean won`.
        public var name: String
        /// The symbol, e.g. `₩`; missing for a few currencies.
        public var symbol: String?
    }

    /// The country's names.
    public var name: Name
    /// ISO 3166-1 alpha-3.
    public var cca3: String?
    /// Capital cities; empty for some territories (MO, AQ), several for some countries (ZA).
    public var capital: [String]
    /// Area in km²; -1 when unknown (SJ).
    public var area: Double?
    /// Official languages; empty for Antarctica.
    public var languages: [Language]
    /// Currencies in use; empty for a few territories.
    public var currencies: [Currency]
    /// UN region, e.g. `Asia`, `Americas`, `Antarctic`.
    public var region: String?
    /// UN subregion, e.g. `Eastern Asia`; `nil` for a few territories.
    public var subregion: String?
    /// `[latitude, longitude]` in degrees.
    public var latlng: [Double]
    /// The flag as an emoji, e.g. 🇰🇷.
    public var flag: String?

    /// Decodes the shipped file, an object keyed by upper-case ISO2.
    /// - Throws: `DecodingError` when the bytes are not that shape.
    public static func decodeAll(_ data: Data) throws -> [String: CountryFacts] {
        try JSONDecoder().decode([String: CountryFacts].self, from: data)
    }
}
