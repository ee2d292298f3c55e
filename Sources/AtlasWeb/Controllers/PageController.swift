import AtlasCharts
import AtlasCore
import AtlasStore
import Foundation
import HTTPCore
import Localization
import Mustache
import Routing

/// The HTML pages of the data: worldwide totals, the country list, a country's detail, and the
/// page for an unknown country.
struct PageController: Sendable {
    let site: SiteContext
    let outlines: CountryOutlines
    /// The front page's map outlines.
    let worldMap: WorldMapGeometry
    let profiles: any ProfileStore
    /// The star form per country, rendered once and spliced with each visitor's token.
    let favoriteForms = FavoriteForms()

    func world(_ request: Request, _ parameters: RouteParameters) throws -> Reply {
        let current = site.snapshots.current()
        guard !site.runsOnWorker(current) else { return .onWorker { try worldPage(request, current) } }
        return .response(try worldPage(request, current))
    }

    private func worldPage(_ request: Request, _ current: SnapshotCache.Current) throws -> Response {
        // The days of the chart whose form was sent.
        let days: () throws -> ClosedRange<Int>? = {
            guard RangeForm.isVaccinationForm(request.target) else {
                return try site.histories.history(HistoryKey.world, version: current.version).map {
                    $0.firstDay...$0.lastDay
                }
            }
            return try site.vaccinations.series(VaccinationMapping.worldISOCode, version: current.version)?.span
        }
        // The map's figure travels with the chart's date form, so sending it keeps the map as it was.
        let sentFigure = request.target.queryValue("map").flatMap { MapFigure(rawValue: $0.lowercased()) }
        let keptFigure = sentFigure.flatMap { $0 == .cases ? nil : "map=" + $0.rawValue }
        if let redirect = try RangeForm.redirect(request.target, path: "/", trailing: keptFigure, available: days) {
            return redirect
        }
        // A 400 for a chart value links to the valid views with the map as sent, not back to cases.
        let charts = try VaccinationChartSection.parse(request.target, path: "/") { href in
            guard let figure = sentFigure, figure != .cases else { return href }
            return href + (href.contains("?") ? "&" : "?") + "map=" + figure.rawValue
        }
        let chart = charts.history
        let figure = try MapFigure.parse(request.target) { Links.world(charts, $0) }
        let keeping = figure == .cases ? [] : [(name: "map", value: figure.rawValue)]
        return try site.cachedPage(request, key: Links.world(charts, figure), current) {
            let history = HistorySection(
                place: "the world", history: try site.histories.history(HistoryKey.world, version: current.version),
                population: current.catalog.totals[.population], query: chart, defaults: ChartQuery(),
                link: { Links.world(charts.showingHistory($0), figure) }, path: "/", csvPath: "/history.csv",
                keeping: keeping + charts.keptByHistoryForm)
            var context = WorldPage(catalog: current.catalog, day: DataDay(site.freshness(current)), flags: site.flags)
                .templateValue
            context.set("history", history.templateValue)
            context.set(
                "vaccination",
                VaccinationSummary(
                    place: "the world",
                    series: try site.vaccinations.series(VaccinationMapping.worldISOCode, version: current.version),
                    csvPath: "/vaccinations.csv"
                ).templateValue)
            context.set(
                "vaccinationChart",
                VaccinationChartSection(
                    series: try site.vaccinations.series(VaccinationMapping.worldISOCode, version: current.version),
                    place: "the world", query: charts, path: "/", keeping: keeping
                ) { Links.world($0, figure) }.templateValue)
            context.set(
                "worldMap",
                WorldMap(geometry: worldMap, catalog: current.catalog, figure: figure) { Links.world(charts, $0) }
                    .templateValue)
            return try site.renderer.render(
                "world", context: context, layout: site.layout("Worldwide — Covid Atlas", .world, current))
        }
    }

    /// The country list in `language` (`/countries`, `/ko/countries`).
    func countryList(_ language: Language) -> ReplyingHandler {
        { request, _ in
            let visitor = Visitor.fromCookie(request, sessions: site.sessions)
            let current = site.snapshots.current()
            guard !site.runsOnWorker(current, showsHistories: false, readsRowsOf: visitor) else {
                return .onWorker { try countryListPage(request, language, visitor, current) }
            }
            return .response(try countryListPage(request, language, visitor, current))
        }
    }

    private func countryListPage(
        _ request: Request, _ language: Language, _ visitor: Visitor?, _ current: SnapshotCache.Current
    ) throws -> Response {
        let query = try QueryParameters.countryQuery(request.target)
        let page = try QueryParameters.page(request.target, query: query)
        let englishTarget = Links.countryList(query, page: page)
        // The list form's "Usual order" sends an empty `order`: redirect to the address a link to that view
        // has, so what the browser shows (and bookmarks) is that.
        if request.target.queryValue("order")?.isEmpty == true {
            return Response.redirect(to: language.target(forEnglish: englishTarget), status: .found)
        }
        // Every spelling of a query shares one entry, keyed by its canonical link; the starred line is a hole
        // filled per request, and a visitor without a cookie gets the plain shared page.
        let key = language.target(forEnglish: englishTarget)
        let starred = try visitor.map {
            try starredLine(visitor: $0, catalog: current.catalog, words: site.languages[language])
        }
        return try site.cachedPage(
            request, key: (visitor == nil ? "anonymous " : "visitor ") + key, current,
            fill: { _ in starred ?? [] }
        ) {
            let words = site.languages[language]
            let list = CountryListPage(
                query: query, catalog: current.catalog, page: page,
                day: DataDay(site.freshness(current), words: words), flags: site.flags, words: words)
            var cacheable = try site.renderer.render(
                "countries/index", context: try list.templateValue(),
                layout: site.layout(
                    list.title, .countries, current, language: language, englishTarget: englishTarget),
                holes: visitor == nil ? [] : ["starred"])
            CachePolicy.sharedVaryingByCookie.apply(to: &cacheable.fields)
            return cacheable
        }
    }

    func countryDetail(_ request: Request, _ parameters: RouteParameters) throws -> Reply {
        let current = site.snapshots.current()
        let resolution = current.catalog.resolve(parameters["id"])
        switch resolution {
        case .found(let entry):
            let visitor = Visitor.resolve(request, sessions: site.sessions)
            guard !site.runsOnWorker(current, readsRowsOf: visitor) else {
                return .onWorker { try countryPage(request, entry, visitor, current) }
            }
            return .response(try countryPage(request, entry, visitor, current))
        case .moved, .matched:
            let (canonicalID, status) = resolution.redirect!
            return .response(
                Response.redirect(
                    to: Links.keepingChartParameters(Links.country(canonicalID), from: request.target), status: status))
        case .notFound(let near):
            let shownID = parameters["id"].echoed
            // A country the data lacks (North Korea) is named as such, not answered with a namesake.
            let absent = current.catalog.absentCountry(named: parameters["id"])
            let suggestions = absent == nil ? near : []
            let context: TemplateValue = [
                "id": .string(shownID),
                "absent": absent.map { AbsentCountryValue.templateValue($0, flags: site.flags) } ?? .null,
                // A suggestion shows the view that was asked for (`/countries/korae?metric=doses`).
                "suggestions": .array(
                    suggestions.map { entry in
                        var row = CountryRow(entry, flags: site.flags).templateValue
                        row.set(
                            "href",
                            .string(Links.keepingChartParameters(Links.country(entry.id), from: request.target)))
                        return row
                    }),
                "hasSuggestions": .bool(!suggestions.isEmpty),
                "q": .string(shownID.replacingOccurrences(of: "-", with: " ")),
            ]
            return .response(
                try site.renderer.page(
                    "countries/not-found", status: .notFound, context: context,
                    layout: site.layout("Country not found — Covid Atlas", .inCountries, current)))
        }
    }

    /// A country's page; reads the visitor's stars when they are a returning visitor.
    private func countryPage(
        _ request: Request, _ entry: CountryCatalog.Entry, _ visitor: Visitor, _ current: SnapshotCache.Current
    ) throws -> Response {
        let path = Links.country(entry.id)
        // The days of the chart whose form was sent.
        let days: () throws -> ClosedRange<Int>? = {
            guard RangeForm.isVaccinationForm(request.target) else {
                return try site.histories.history(entry.id, version: current.version).map { $0.firstDay...$0.lastDay }
            }
            return try site.vaccinations.series(
                VaccinationMapping.isoCode(of: entry.country), version: current.version)?
                .span
        }
        if let redirect = try RangeForm.redirect(request.target, path: path, available: days) { return redirect }
        let charts = try VaccinationChartSection.parse(request.target, path: path)
        let chart = charts.history
        // The star form (with the visitor's CSRF token) is a hole; the rest is cached for everyone.
        let star = try favoriteFragment(countryID: entry.id, visitor: visitor)
        var extraFields = Fields()
        if visitor.isNew {
            extraFields.append(
                .setCookie, visitor.setCookie(secure: site.isSecure(request), sessions: site.sessions))
        }
        return try site.cachedPage(
            request, key: VaccinationChartSection.link(path, charts), current, fill: { _ in star.bytes },
            fragmentTag: star.tag,
            extraFields: extraFields
        ) {
            var pageLayout = site.layout("\(entry.country.country) — Covid Atlas", .inCountries, current)
            pageLayout.usesMap = true
            pageLayout.description =
                "COVID-19 statistics for \(entry.country.country): cases, deaths, recoveries and tests."
            let history = HistorySection(
                place: entry.country.nameInSentence,
                history: try site.histories.history(entry.id, version: current.version),
                population: entry.country[.population], query: chart, defaults: ChartQuery(),
                link: { VaccinationChartSection.link(path, charts.showingHistory($0)) }, path: path,
                csvPath: path + "/history.csv", keeping: charts.keptByHistoryForm)
            var context = CountryDetailPage(
                entry: entry, day: DataDay(site.freshness(current)),
                outlineBounds: entry.country.countryInfo.iso2.flatMap { outlines.viewBounds[$0] }, outlines: outlines,
                tileURL: site.renderer.tiles.template, flags: site.flags
            ).templateValue
            context.set("history", history.templateValue)
            context.set(
                "vaccination",
                VaccinationSummary(
                    place: entry.country.nameInSentence,
                    series: try site.vaccinations.series(
                        VaccinationMapping.isoCode(of: entry.country), version: current.version),
                    reasonNotJoined: VaccinationMapping.reasonNotJoined(entry.country),
                    csvPath: path + "/vaccinations.csv"
                ).templateValue)
            context.set(
                "vaccinationChart",
                VaccinationChartSection(
                    series: try site.vaccinations.series(
                        VaccinationMapping.isoCode(of: entry.country), version: current.version),
                    place: entry.country.nameInSentence, query: charts, path: path
                ).templateValue)
            var cacheable = try site.renderer.render(
                "countries/show", context: context, layout: pageLayout, holes: ["favorite"])
            CachePolicy.sharedVaryingByCookie.apply(to: &cacheable.fields)
            return cacheable
        }
    }
}
