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

    /// The `page` parameter of a list: 1 when absent or empty.
    /// - Throws: `HTTPError(400)` when it is not a whole number from 1 to 100,000; the details keep
    ///   the other parameters so the error page's search box shows them again.
    static func page(_ target: RequestTarget, query: CountryQuery) throws -> Int {
        guard let raw = target.queryValue("page"), !raw.isEmpty else { return 1 }
        guard raw.utf8.count <= 6, raw.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let page = Int(raw),
            (1...100_000).contains(page)
        else {
            throw HTTPError(
                .badRequest, "“\(raw.withoutControlCharacters)” is not a page number: pages count from 1.",
                details: [
                    "q": query.search, "continent": query.continent?.slug ?? "", "sort": query.sort.rawValue,
                ])
        }
        return page
    }
}
