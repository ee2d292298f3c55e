import AtlasCore
import Foundation

/// The body of `GET /v3/covid-19/countries` as `JSONDecoder` sees it: each array entry as a `Country`
/// or the reason it is not one. Throws only for JSON syntax: one odd entry is left out, the rest stay.
struct CountriesBody: Decodable {
    enum Entry {
        case country(Country)
        case leftOut(LeftOutEntry)
    }

    /// One element per array entry; `nil` when the top level is not an array.
    let entries: [Entry]?
    /// What the top level is when it is not an array, e.g. "an object".
    let foundKind: String

    init(from decoder: any Decoder) throws {
        guard var list = try? decoder.unkeyedContainer() else {
            entries = nil
            foundKind = TopLevelKind.describe(decoder)
            return
        }
        var entries: [Entry] = []
        while !list.isAtEnd {
            // CountryEntry never throws, so the container always moves on.
            let entry = try list.decode(CountryEntry.self)
            if let country = entry.country {
                entries.append(.country(country))
            } else {
                entries.append(
                    .leftOut(
                        LeftOutEntry(position: entries.count + 1, identifiers: entry.identifiers, reason: entry.reason))
                )
            }
        }
        self.entries = entries
        foundKind = "an array"
    }
}

/// One entry; `country` is `nil` when it is not an object or has no non-blank `country`, and `reason`
/// says which.
private struct CountryEntry: Decodable {
    let country: Country?
    var identifiers = ""
    var reason = ""

    init(from decoder: any Decoder) {
        guard let fields = LenientObject(decoder) else {
            country = nil
            reason = "not an object"
            return
        }
        guard let name = fields.text("country"), !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        else {
            country = nil
            let info = Self.countryInfo(from: fields.object("countryInfo"))
            identifiers = [info.iso2.map { "ISO2 \($0)" }, info.iso3.map { "ISO3 \($0)" }].compactMap { $0 }
                .joined(separator: ", ")
            reason = fields.text("country") == nil ? "no country name" : "a blank country name"
            return
        }
        country = Country(
            updated: fields.timestamp("updated"), country: name,
            countryInfo: Self.countryInfo(from: fields.object("countryInfo")),
            continent: fields.text("continent") ?? "", figures: fields.figures(Figure.perCountry))
    }

    /// `countryInfo` may be missing, `null` or hold `null`s (the ships); an empty `iso2`/`iso3` is `nil`.
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
