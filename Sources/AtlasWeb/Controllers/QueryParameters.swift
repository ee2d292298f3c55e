import AtlasCore
import HTTPCore
import Routing

/// Reads the country list's parameters (`q`, `continent`, `sort`, `order`, `page`) from a request target.
enum QueryParameters {
    /// - Throws: `HTTPError(400)` naming the bad value, with an `ErrorContext` that keeps `q` and
    ///   lists the valid values (each a link keeping the rest of the query), for an unknown
    ///   `continent`, `sort` or `order` (`asc` or `desc`; empty or absent is the sort's own direction).
    static func countryQuery(_ target: RequestTarget) throws -> CountryQuery {
        // Control characters (a NUL, a tab pasted from a spreadsheet) are never part of a name.
        let search = (target.queryValue("q") ?? "").withoutControlCharacters
        let rawSort = target.queryValue("sort") ?? ""
        let knownSort = CountryQuery.Sort(rawValue: rawSort.lowercased()) ?? .name
        var continent: Continent?
        if let raw = target.queryValue("continent"), !raw.isEmpty, raw.lowercased() != "all" {
            guard let parsed = Continent(raw) else {
                let choices = Continent.allCases.map { value in
                    ErrorContext.Choice(
                        value: value.slug,
                        href: Links.countryList(CountryQuery(search: search, continent: value, sort: knownSort)))
                }
                throw HTTPError.catalogued(
                    .badRequest, "error.list.unknownContinent", quoting: raw,
                    context: ErrorContext(
                        search: search, invalidParameter: .init(name: "continent", choices: choices)))
            }
            continent = parsed
        }
        var sort = CountryQuery.Sort.name
        if !rawSort.isEmpty {
            guard let parsed = CountryQuery.Sort(rawValue: rawSort.lowercased()) else {
                let choices = CountryQuery.Sort.allCases.map { value in
                    ErrorContext.Choice(
                        value: value.rawValue,
                        href: Links.countryList(CountryQuery(search: search, continent: continent, sort: value)))
                }
                throw HTTPError.catalogued(
                    .badRequest, "error.list.badSort", quoting: rawSort,
                    context: ErrorContext(search: search, invalidParameter: .init(name: "sort", choices: choices)))
            }
            sort = parsed
        }
        var direction: CountryQuery.Direction?
        if let rawOrder = target.queryValue("order"), !rawOrder.isEmpty {
            guard let parsed = CountryQuery.Direction(rawValue: rawOrder.lowercased()) else {
                let choices = CountryQuery.Direction.allCases.map { value in
                    ErrorContext.Choice(
                        value: value.rawValue,
                        href: Links.countryList(
                            CountryQuery(search: search, continent: continent, sort: sort, direction: value)))
                }
                throw HTTPError.catalogued(
                    .badRequest, "error.list.badOrder", quoting: rawOrder,
                    context: ErrorContext(search: search, invalidParameter: .init(name: "order", choices: choices)))
            }
            direction = parsed
        }
        return CountryQuery(search: search, continent: continent, sort: sort, direction: direction)
    }

    /// The `page` parameter of a list: 1 when absent or empty.
    /// - Throws: `HTTPError(400)` when it is not a whole number from 1 to 100,000; its context keeps
    ///   the search so the error page's search box shows it again.
    static func page(_ target: RequestTarget, query: CountryQuery) throws -> Int {
        guard let raw = target.queryValue("page"), !raw.isEmpty else { return 1 }
        guard raw.utf8.count <= 6, raw.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let page = Int(raw),
            (1...100_000).contains(page)
        else {
            throw HTTPError.catalogued(
                .badRequest, "error.list.notAPageNumber", quoting: raw,
                context: ErrorContext(search: query.search))
        }
        return page
    }
}
