/// Which OWID location each entry's vaccination figures come from: the entry's own ISO3, never its name
/// (OWID writes `South Korea`, disease.sh `S. Korea`).
public enum VaccinationMapping {
    /// OWID's key of the world's figures.
    public static let worldISOCode = "OWID_WRL"

    /// Entries (by ISO2) deliberately given no OWID location, and why, as the page says it. The
    /// Channel Islands entry carries Jersey's ISO3 (`JEY`), but covers Jersey and Guernsey, which OWID
    /// lists apart (`JEY`, `GGY`) with shares of each island's own population: showing Jersey's as the
    /// entry's would be wrong, and adding shares of two populations is meaningless.
    public static let notJoined: [String: String] = [
        "JE":
            "Our World in Data reports Jersey and Guernsey separately, each as a share of its own population, "
            + "so no figure covers the Channel Islands as a whole."
    ]

    /// The OWID `iso_code` of `country`'s figures: its ISO3, unless `notJoined` lists it; `nil` for
    /// entries without an ISO3 (cruise ships).
    public static func isoCode(of country: Country) -> String? {
        if let iso2 = country.countryInfo.iso2?.uppercased(), notJoined[iso2] != nil { return nil }
        return country.countryInfo.iso3?.uppercased()
    }

    /// Why `country` has no OWID location on purpose, or `nil` when it is joined by its ISO3.
    public static func reasonNotJoined(_ country: Country) -> String? {
        country.countryInfo.iso2.flatMap { notJoined[$0.uppercased()] }
    }
}
