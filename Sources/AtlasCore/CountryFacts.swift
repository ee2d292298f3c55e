import Foundation

/// Facts about a country from mledoze/countries (ODbL), as shipped in `data/countries-facts.json`,
/// keyed there by ISO 3166-1 alpha-2.
public struct CountryFacts: Sendable, Equatable, Decodable {
    /// Common and official English names.
    public struct Name: Sendable, Equatable, Decodable {
        public var common: String
        public var official: String
    }

    /// A language: ISO 639-3 code and English name.
    public struct Language: Sendable, Equatable, Decodable {
        public var code: String
        public var name: String
    }

    /// A currency: ISO 4217 code, English name and symbol (the symbol may be missing).
    public struct Currency: Sendable, Equatable, Decodable {
        public var code: String
        public var name: String
        public var symbol: String?
    }

    public var name: Name
    /// ISO 3166-1 alpha-3.
    public var cca3: String?
    /// Capital cities; empty for some territories (MO, AQ), several for some countries (ZA).
    public var capital: [String]
    /// Area in km²; -1 when unknown (SJ).
    public var area: Double?
    public var languages: [Language]
    public var currencies: [Currency]
    public var region: String?
    public var subregion: String?
    /// `[latitude, longitude]` in degrees.
    public var latlng: [Double]
    /// The flag as an emoji, e.g. 🇰🇷.
    public var flag: String?

    /// Decodes the whole shipped file: an object keyed by ISO2 (upper case).
    /// - Throws: `DecodingError` when the bytes are not that shape.
    public static func decodeAll(_ data: Data) throws -> [String: CountryFacts] {
        try JSONDecoder().decode([String: CountryFacts].self, from: data)
    }
}
