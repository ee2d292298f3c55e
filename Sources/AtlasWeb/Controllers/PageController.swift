import AtlasCore
import Foundation
import HTTPCore
import Mustache
import Routing

/// The HTML pages: worldwide totals, the country list, a country's detail, and the error pages.
struct PageController: Sendable {
    let cache: SnapshotCache
    let renderer: PageRenderer
    let outlines: CountryOutlines
    let configuration: AtlasConfiguration

    func world(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let current = cache.current()
        return try renderer.page(
            "world", context: WorldPage(catalog: current.catalog).templateValue,
            layout: layout("Worldwide — Covid Atlas", .world, current))
    }

    func countryList(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let query = try QueryParameters.countryQuery(request.target)
        let current = cache.current()
        var title = "Countries"
        if let continent = query.continent { title = "\(continent.displayName) — Countries" }
        if !query.search.isEmpty { title = "“\(query.search)” — " + title }
        return try renderer.page(
            "countries/index", context: CountryListPage(query: query, catalog: current.catalog).templateValue,
            layout: layout(title + " — Covid Atlas", .countries, current))
    }

    func countryDetail(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let current = cache.current()
        switch current.catalog.resolve(parameters["id"]) {
        case .found(let entry):
            var pageLayout = layout("\(entry.country.country) — Covid Atlas", .inCountries, current)
            pageLayout.usesMap = true
            pageLayout.description =
                "COVID-19 statistics for \(entry.country.country): cases, deaths, recoveries and tests."
            return try renderer.page(
                "countries/show",
                context: CountryDetailPage(
                    entry: entry, outlineBounds: entry.country.countryInfo.iso2.flatMap { outlines.viewBounds[$0] },
                    tileURL: renderer.tiles.template
                ).templateValue,
                layout: pageLayout)
        case .moved(let canonicalID):
            return Response.redirect(to: Links.country(canonicalID), status: .movedPermanently)
        case .matched(let canonicalID):
            return Response.redirect(to: Links.country(canonicalID), status: .found)
        case .notFound(let suggestions):
            let shownID = parameters["id"].withoutControlCharacters
            let context: TemplateValue = [
                "id": .string(shownID),
                "suggestions": .array(suggestions.map { CountryRow($0).templateValue }),
                "hasSuggestions": .bool(!suggestions.isEmpty),
                "q": .string(shownID.replacingOccurrences(of: "-", with: " ")),
            ]
            return try renderer.page(
                "countries/not-found", status: .notFound, context: context,
                layout: layout("Country not found — Covid Atlas", .inCountries, current))
        }
    }

    /// The HTML page for an `HTTPError` (4xx: what was wrong and what is allowed; 5xx: an apology).
    func errorPage(_ request: Request, _ error: HTTPError) -> Response {
        let current = cache.current()
        var context: [String: TemplateValue] = [
            "status": .string(String(error.status.code)),
            "reason": .string(error.status.reasonPhrase),
            "message": .string(error.message),
            "q": .string(error.details["q"] ?? ""),
        ]
        if let allowed = error.details["allowed"], let parameter = error.details["parameter"] {
            context["allowed"] = .array(
                allowed.split(separator: ",").map { value in
                    let trimmed = value.trimmingCharacters(in: .whitespaces)
                    return [
                        "value": .string(trimmed),
                        "href": .string(allowedHref(parameter: parameter, value: trimmed, error: error)),
                    ]
                })
            context["parameter"] = .string(parameter)
            context["hasAllowed"] = .bool(true)
        }
        let template = error.status.code >= 500 ? "errors/server-error" : "errors/client-error"
        let title = "\(error.status.reasonPhrase) — Covid Atlas"
        if let response = try? renderer.page(
            template, status: error.status, context: .object(context), layout: layout(title, .none, current))
        {
            return response
        }
        return Router.plainTextErrorPage(request, error)
    }

    private func allowedHref(parameter: String, value: String, error: HTTPError) -> String {
        // Each suggested link keeps what else the visitor asked for (search, the other filter).
        var query = CountryQuery(
            search: error.details["q"] ?? "", continent: error.details["continent"].flatMap { Continent($0) },
            sort: error.details["sort"].flatMap { CountryQuery.Sort(rawValue: $0) } ?? .name)
        if parameter == "continent" { query.continent = Continent(value) }
        if parameter == "sort" { query.sort = CountryQuery.Sort(rawValue: value) ?? .name }
        return Links.countryList(query)
    }

    private func layout(_ title: String, _ section: LayoutContext.Section, _ current: SnapshotCache.Current)
        -> LayoutContext
    {
        LayoutContext(
            title: title, section: section,
            freshness: Freshness(
                updated: current.catalog.dataUpdated, now: configuration.now(),
                staleAfterSeconds: configuration.staleAfterSeconds))
    }
}
