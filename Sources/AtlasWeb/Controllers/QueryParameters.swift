import AtlasCore
import HTTPCore
import Routing

/// Reads `q`, `continent` and `sort` from a request target into a `CountryQuery`.
enum QueryParameters {
    /// - Throws: `HTTPError(400)` naming the bad value and listing the valid ones, for an unknown
    ///   `continent` or `sort`; the details keep `q` so the error page's search box shows it again.
    static func countryQuery(_ target: RequestTarget) throws -> CountryQuery {
        // Control characters (a NUL, a tab pasted from a spreadsheet) are never part of a name.
        let search = (target.queryValue("q") ?? "").withoutControlCharacters
        var continent: Continent?
        if let raw = target.queryValue("continent"), !raw.isEmpty, raw.lowercased() != "all" {
            guard let parsed = Continent(raw) else {
                throw HTTPError(
                    .badRequest, "There is no continent called “\(raw)”.",
                    details: [
                        "q": search, "parameter": "continent", "sort": target.queryValue("sort") ?? "",
                        "allowed": Continent.allCases.map(\.slug).joined(separator: ", "),
                    ])
            }
            continent = parsed
        }
        var sort = CountryQuery.Sort.name
        if let raw = target.queryValue("sort"), !raw.isEmpty {
            guard let parsed = CountryQuery.Sort(rawValue: raw.lowercased()) else {
                throw HTTPError(
                    .badRequest, "The list cannot be sorted by “\(raw)”.",
                    details: [
                        "q": search, "parameter": "sort", "continent": continent?.slug ?? "",
                        "allowed": CountryQuery.Sort.allCases.map(\.rawValue).joined(separator: ", "),
                    ])
            }
            sort = parsed
        }
        return CountryQuery(search: search, continent: continent, sort: sort)
    }
}
