import AtlasCore
import AtlasStore
import Foundation
import HTTPCore
import Mustache
import Routing

/// The HTML pages of the data: worldwide totals, the country list, a country's detail, and the
/// page for an unknown country.
struct PageController: Sendable {
    let site: SiteContext
    let outlines: CountryOutlines
    /// The visitor's stars, read on the calling thread's own connection (no shared lock).
    let favoriteReads: ReadConnections
    /// The star form per country, rendered once and spliced with each visitor's token.
    let favoriteForms = FavoriteForms()

    func world(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let current = site.snapshots.current()
        return try site.cachedPage(request, key: "/", current) {
            try site.renderer.render(
                "world", context: WorldPage(catalog: current.catalog).templateValue,
                layout: site.layout("Worldwide — Covid Atlas", .world, current))
        }
    }

    func countryList(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let query = try QueryParameters.countryQuery(request.target)
        let page = try QueryParameters.page(request.target, query: query)
        let current = site.snapshots.current()
        // Every spelling of the same query shares one entry: the canonical link is the key. The starred
        // line is the visitor's own: a hole filled per request. A visitor without a cookie has none, so
        // their page is the plain cached one (shared, with Last-Modified).
        let visitor = Visitor.fromCookie(request)
        let key = Links.countryList(query, page: page)
        let starred = try visitor.map { try starredLine(visitor: $0, catalog: current.catalog) }
        return try site.cachedPage(
            request, key: (visitor == nil ? "anonymous " : "visitor ") + key, current,
            fill: { _ in starred ?? [] }
        ) {
            var title = "Countries"
            if let continent = query.continent { title = "\(continent.displayName) — Countries" }
            if !query.search.isEmpty { title = "“\(query.search)” — " + title }
            if page > 1 { title += " (page \(page))" }
            var cacheable = try site.renderer.render(
                "countries/index",
                context: try CountryListPage(query: query, catalog: current.catalog, page: page).templateValue(),
                layout: site.layout(title + " — Covid Atlas", .countries, current),
                holes: visitor == nil ? [] : ["starred"])
            CachePolicy.sharedVaryingByCookie.apply(to: &cacheable.fields)
            return cacheable
        }
    }

    func countryDetail(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let current = site.snapshots.current()
        switch current.catalog.resolve(parameters["id"]) {
        case .found(let entry):
            // The star form (with the visitor's CSRF token) is a hole; the rest is cached for everyone.
            let visitor = Visitor.resolve(request)
            let star = try favoriteFragment(countryID: entry.id, visitor: visitor)
            var extraFields = Fields()
            if visitor.isNew {
                extraFields.append(.setCookie, visitor.setCookie(secure: site.isSecure(request)))
            }
            return try site.cachedPage(
                request, key: Links.country(entry.id), current, fill: { _ in star.bytes }, fragmentTag: star.tag,
                extraFields: extraFields
            ) {
                var pageLayout = site.layout("\(entry.country.country) — Covid Atlas", .inCountries, current)
                pageLayout.usesMap = true
                pageLayout.description =
                    "COVID-19 statistics for \(entry.country.country): cases, deaths, recoveries and tests."
                var cacheable = try site.renderer.render(
                    "countries/show",
                    context: CountryDetailPage(
                        entry: entry,
                        outlineBounds: entry.country.countryInfo.iso2.flatMap { outlines.viewBounds[$0] },
                        tileURL: site.renderer.tiles.template
                    ).templateValue,
                    layout: pageLayout, holes: ["favorite"])
                CachePolicy.sharedVaryingByCookie.apply(to: &cacheable.fields)
                return cacheable
            }
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
            return try site.renderer.page(
                "countries/not-found", status: .notFound, context: context,
                layout: site.layout("Country not found — Covid Atlas", .inCountries, current))
        }
    }
}
