import AtlasCore
import Foundation

/// The body of `GET /v3/covid-19/countries` as `JSONDecoder` sees it: the entries of the top-level array,
/// each turned into a `Country` or `nil`, or the kind of value found where the array should be.
///
/// Decoding never throws past the JSON syntax check: one odd entry becomes `nil`, the others survive.
struct CountriesBody: Decodable {
    /// One element per array entry, `nil` where the entry is not an object with a `country` name;
    /// `nil` as a whole when the top level is not an array.
    let entries: [Country?]?
    /// What the top level is when it is not an array, e.g. "an object".
    let foundKind: String

    init(from decoder: any Decoder) throws {
        guard var list = try? decoder.unkeyedContainer() else {
            entries = nil
            foundKind = TopLevelKind.describe(decoder)
            return
        }
        var entries: [Country?] = []
        while !list.isAtEnd {
            // CountryEntry never throws, so the container always moves on to the next entry.
            entries.append(try list.decode(CountryEntry.self).country)
        }
        self.entries = entries
        foundKind = "an array"
    }
}

/// One entry of the countries array; `country` is `nil` when the entry is not an object or has no
/// non-blank `country` string.
private struct CountryEntry: Decodable {
    let country: Country?

    init(from decoder: any Decoder) {
        guard let fields = LenientObject(decoder),
            let name = fields.text("country"),
            !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        else {
            country = nil
            return
        }
        country = Country(
            updated: fields.timestamp("updated"), country: name,
            countryInfo: Self.countryInfo(from: fields.object("countryInfo")),
            continent: fields.text("continent") ?? "", figures: fields.figures(Figure.perCountry))
    }

    /// `countryInfo` may be missing, `null` or hold `null`s (the cruise ships); an empty `iso2`/`iso3` is `nil`.
    private static func countryInfo(from fields: LenientObject?) -> CountryInfo {
        guard let fields else { return CountryInfo() }
        return CountryInfo(
            _id: fields.count("_id").flatMap { Int(exactly: $0) },
            iso2: nonEmpty(fields.text("iso2")),
            iso3: nonEmpty(fields.text("iso3")),
            lat: fields.ratio("lat"),
            long: fields.ratio("long"),
            flag: fields.text("flag")
        )
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
