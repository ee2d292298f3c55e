import AtlasCore
import AtlasStore
import Foundation
import HTTPCore
import Mustache
import Routing

/// The HTML pages: worldwide totals, the country list, a country's detail, and the error pages.
struct PageController: Sendable {
    let cache: SnapshotCache
    let renderer: PageRenderer
    let pages: PageCache
    let outlines: CountryOutlines
    let configuration: AtlasConfiguration
    /// The visitor's stars, read on the calling thread's own connection (no shared lock).
    let favoriteReads: ReadConnections
    /// The star form per country, rendered once and spliced with each visitor's token.
    let favoriteForms = FavoriteForms()

    func world(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let current = cache.current()
        return try cached(request, key: "/", current) {
            try renderer.render(
                "world", context: WorldPage(catalog: current.catalog).templateValue,
                layout: layout("Worldwide — Covid Atlas", .world, current))
        }
    }

    func countryList(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let query = try QueryParameters.countryQuery(request.target)
        let page = try QueryParameters.page(request.target, query: query)
        let current = cache.current()
        // Every spelling of the same query shares one entry: the canonical link is the key. The starred
        // line is the visitor's own: a hole filled per request. A visitor without a cookie has none, so
        // their page is the plain cached one (public, with Last-Modified).
        let visitor = Visitor.fromCookie(request)
        let key = Links.countryList(query, page: page)
        let starred = try visitor.map { try starredLine(visitor: $0, catalog: current.catalog) }
        return try cached(
            request, key: (visitor == nil ? "anonymous " : "visitor ") + key, current,
            fill: { _ in starred ?? [] }
        ) {
            var title = "Countries"
            if let continent = query.continent { title = "\(continent.displayName) — Countries" }
            if !query.search.isEmpty { title = "“\(query.search)” — " + title }
            if page > 1 { title += " (page \(page))" }
            var cacheable = try renderer.render(
                "countries/index",
                context: try CountryListPage(query: query, catalog: current.catalog, page: page).templateValue(),
                layout: layout(title + " — Covid Atlas", .countries, current), holes: visitor == nil ? [] : ["starred"])
            cacheable.fields[.vary] = "Cookie"
            return cacheable
        }
    }

    func countryDetail(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let current = cache.current()
        switch current.catalog.resolve(parameters["id"]) {
        case .found(let entry):
            // The star form (with the visitor's CSRF token) is a hole; the rest is cached for everyone.
            let visitor = Visitor.resolve(request)
            let star = try favoriteFragment(countryID: entry.id, visitor: visitor)
            var extraFields = Fields()
            if visitor.isNew {
                extraFields.append(.setCookie, visitor.setCookie(secure: configuration.isSecure(request)))
            }
            return try cached(
                request, key: Links.country(entry.id), current, fill: { _ in star.bytes }, fragmentTag: star.tag,
                extraFields: extraFields
            ) {
                var pageLayout = layout("\(entry.country.country) — Covid Atlas", .inCountries, current)
                pageLayout.usesMap = true
                pageLayout.description =
                    "COVID-19 statistics for \(entry.country.country): cases, deaths, recoveries and tests."
                var cacheable = try renderer.render(
                    "countries/show",
                    context: CountryDetailPage(
                        entry: entry,
                        outlineBounds: entry.country.countryInfo.iso2.flatMap { outlines.viewBounds[$0] },
                        tileURL: renderer.tiles.template
                    ).templateValue,
                    layout: pageLayout, holes: ["favorite"])
                cacheable.fields[.vary] = "Cookie"
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
            return try renderer.page(
                "countries/not-found", status: .notFound, context: context,
                layout: layout("Country not found — Covid Atlas", .inCountries, current))
        }
    }

    /// The HTML page for an `HTTPError` (4xx: what was wrong and what is allowed; 5xx: an apology).
    func errorPage(_ request: Request, _ error: HTTPError) -> Response {
        errorPage(error) ?? Router.plainTextErrorPage(request, error)
    }

    /// The HTML page for an `HTTPError` without a request to go with it (bytes the parser refused), or
    /// `nil` should the page not render.
    func errorPage(_ error: HTTPError) -> Response? {
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
        return try? renderer.page(
            template, status: error.status, context: .object(context), layout: layout(title, .none, current))
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

    /// The layout for a page outside the country data (the profile), with the data's freshness line.
    func layout(_ title: String, _ section: LayoutContext.Section) -> LayoutContext {
        layout(title, section, cache.current())
    }

    /// A page from the page cache; `fill` gives the bytes of its holes for this request, `fragmentTag`
    /// (optional) names the state they were made from, and `extraFields` are the fields of this
    /// response only (a new visitor's `Set-Cookie`).
    private func cached(
        _ request: Request, key: String, _ current: SnapshotCache.Current,
        fill: (String) -> [UInt8] = { _ in [] }, fragmentTag: String? = nil, extraFields: Fields = Fields(),
        render: () throws -> CacheablePage
    ) throws -> Response {
        try pages.response(
            for: request, key: key, version: current.version, loadedAt: current.loadedAt,
            freshness: { freshness(current) }, fill: fill, fragmentTag: fragmentTag, extraFields: extraFields,
            render: render)
    }

    private func freshness(_ current: SnapshotCache.Current) -> Freshness {
        Freshness(
            updated: current.catalog.dataUpdated, now: configuration.now(),
            staleAfterSeconds: configuration.staleAfterSeconds)
    }

    private func layout(_ title: String, _ section: LayoutContext.Section, _ current: SnapshotCache.Current)
        -> LayoutContext
    {
        LayoutContext(title: title, section: section, freshness: freshness(current))
    }
}
