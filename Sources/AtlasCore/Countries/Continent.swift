/// A continent category of the country list, by its URL slug (docs/design.md "URLs").
public enum Continent: String, CaseIterable, Sendable {
    case africa
    case asia
    case europe
    case northAmerica = "north-america"
    case southAmerica = "south-america"
    case australiaOceania = "australia-oceania"

    /// The URL slug, e.g. `north-america`.
    public var slug: String { rawValue }

    /// The name shown on the category button, e.g. `North America`, `Oceania`.
    public var displayName: String {
        switch self {
        case .africa: return "Africa"
        case .asia: return "Asia"
        case .europe: return "Europe"
        case .northAmerica: return "North America"
        case .southAmerica: return "South America"
        case .australiaOceania: return "Oceania"
        }
    }

    /// The key of its name in the word catalogs (`Catalogs/<tag>.json`): `continent.` and the case's
    /// name, `continent.northAmerica`. `displayName` is the English one until the pages read catalogs.
    public var catalogKey: String {
        switch self {
        case .africa: return "continent.africa"
        case .asia: return "continent.asia"
        case .europe: return "continent.europe"
        case .northAmerica: return "continent.northAmerica"
        case .southAmerica: return "continent.southAmerica"
        case .australiaOceania: return "continent.australiaOceania"
        }
    }

    /// Reads a slug or an upstream spelling, case-insensitive: `north-america`, `North America`,
    /// `Australia/Oceania` (docs/field-cases.md B03), `oceania`.
    /// - Returns: `nil` for anything else, including `""` (cruise ships) and bogus values.
    public init?(_ text: String) {
        let normalised = String(
            text.lowercased().map { $0 == " " || $0 == "/" || $0 == "_" ? "-" : $0 })
        switch normalised {
        case "oceania", "australia", "australia-oceania": self = .australiaOceania
        default:
            guard let continent = Continent(rawValue: normalised) else { return nil }
            self = continent
        }
    }
}
