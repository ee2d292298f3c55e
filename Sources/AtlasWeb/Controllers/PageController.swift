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

    /// The front page in `language` (`/`, `/ko/`).
    func world(_ language: Language) -> ReplyingHandler {
        { request, _ in
            let current = site.snapshots.current()
            guard !site.runsOnWorker(current) else { return .onWorker { try worldPage(request, language, current) } }
            return .response(try worldPage(request, language, current))
        }
    }

    private func worldPage(_ request: Request, _ language: Language, _ current: SnapshotCache.Current) throws
        -> Response
    {
        let words = site.languages[language]
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
        let path = language.target(forEnglish: "/")
        let inLanguage: @Sendable (String) -> String = { language.target(forEnglish: $0) }
        if let redirect = try RangeForm.redirect(
            request.target, path: path, trailing: keptFigure, words: words, available: days)
        {
            return redirect
        }
        // A 400 for a chart value links to the valid views with the map as sent, not back to cases (their
        // English addresses: `ErrorPages` puts them in the language of the page asked for).
        let charts = try VaccinationChartSection.parse(request.target, path: "/") { href in
            guard let figure = sentFigure, figure != .cases else { return href }
            return href + (href.contains("?") ? "&" : "?") + "map=" + figure.rawValue
        }
        let chart = charts.history
        let figure = try MapFigure.parse(request.target) { Links.world(charts, $0) }
        let keeping = figure == .cases ? [] : [(name: "map", value: figure.rawValue)]
        let englishTarget = Links.world(charts, figure)
        return try site.cachedPage(request, key: inLanguage(englishTarget), current) {
            let place = words("world.place")
            let history = HistorySection(
                words: words, place: place,
                history: try site.histories.history(HistoryKey.world, version: current.version),
                catalog: current.catalog,
                population: current.catalog.totals[.population], query: chart, defaults: ChartQuery(),
                link: { inLanguage(Links.world(charts.showingHistory($0), figure)) }, path: path,
                csvPath: "/history.csv", keeping: keeping + charts.keptByHistoryForm)
            var context = WorldPage(
                catalog: current.catalog, day: DataDay(site.freshness(current), words: words), flags: site.flags,
                words: words
            ).templateValue
            context.set("history", history.templateValue)
            let series = try site.vaccinations.series(VaccinationMapping.worldISOCode, version: current.version)
            context.set(
                "vaccination",
                VaccinationSummary(words: words, place: place, series: series, csvPath: "/vaccinations.csv")
                    .templateValue)
            context.set(
                "vaccinationChart",
                VaccinationChartSection(
                    series: series, place: place, query: charts, path: path, keeping: keeping, words: words
                ) { inLanguage(Links.world($0, figure)) }.templateValue)
            context.set(
                "worldMap",
                WorldMap(geometry: worldMap, catalog: current.catalog, figure: figure, words: words) {
                    inLanguage(Links.world(charts, $0))
                }.templateValue)
            return try site.renderer.render(
                "world", context: context,
                layout: site.layout(
                    words("layout.titleSuffix", ["title": words("title.world")]), .world, current,
                    language: language, englishTarget: englishTarget))
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

    /// A country's page in `language` (`/countries/kr`, `/ko/countries/kr`); another spelling of its id
    /// redirects to the canonical one in the same language, an unknown one is the not-found page.
    func countryDetail(_ language: Language) -> ReplyingHandler {
        { request, parameters in
            let current = site.snapshots.current()
            let resolution = current.catalog.resolve(parameters["id"])
            switch resolution {
            case .found(let entry):
                let visitor = Visitor.resolve(request, sessions: site.sessions)
                guard !site.runsOnWorker(current, readsRowsOf: visitor) else {
                    return .onWorker { try countryPage(request, language, entry, visitor, current) }
                }
                return .response(try countryPage(request, language, entry, visitor, current))
            case .moved, .matched:
                let (canonicalID, status) = resolution.redirect!
                return .response(
                    Response.redirect(
                        to: language.target(
                            forEnglish: Links.keepingChartParameters(Links.country(canonicalID), from: request.target)),
                        status: status))
            case .notFound(let near):
                // A client that asks for JSON gets disease.sh's 404, as from `/api/countries/…`.
                guard ResponseFormat.preferred(by: request) == .html else {
                    throw HTTPError(.notFound, APIController.countryNotFoundMessage)
                }
                var page = try countryNotFound(request, language, id: parameters["id"], near: near, current)
                page.fields.addVary("Accept")
                return .response(page)
            }
        }
    }

    /// The `404` for an id no entry has: a country the data lacks (North Korea) is named as such, not
    /// answered with a namesake; otherwise the nearest names, each showing the view that was asked for.
    private func countryNotFound(
        _ request: Request, _ language: Language, id: String, near: [CountryCatalog.Entry],
        _ current: SnapshotCache.Current
    ) throws -> Response {
        let words = site.languages[language]
        let shownID = id.echoed
        let absent = current.catalog.absentCountry(named: id)
        let suggestions = absent == nil ? near : []
        let heading = words.parts("notFound.heading", around: "id", [:])
        let context: TemplateValue = [
            "id": .string(shownID),
            "headingBefore": .string(heading.before), "headingAfter": .string(heading.after),
            "absent": absent.map { absent in
                var value = AbsentCountryValue.templateValue(absent, flags: site.flags, language: language)
                value.set("message", .string(words("notFound.absent", ["name": absent.name(in: language)])))
                return value
            } ?? .null,
            // A suggestion shows the view that was asked for (`/countries/korae?metric=doses`).
            "suggestions": .array(
                suggestions.map { entry in
                    var row = CountryRow(entry, flags: site.flags, words: words).templateValue
                    row.set(
                        "href",
                        .string(
                            language.target(
                                forEnglish: Links.keepingChartParameters(Links.country(entry.id), from: request.target))
                        ))
                    return row
                }),
            "hasSuggestions": .bool(!suggestions.isEmpty),
            "q": .string(shownID.replacingOccurrences(of: "-", with: " ")),
            "searchAction": .string(language.target(forEnglish: "/countries")),
            "browseHref": .string(language.target(forEnglish: "/countries")),
        ]
        return try site.renderer.page(
            "countries/not-found", status: .notFound, context: context,
            layout: site.layout(
                words("layout.titleSuffix", ["title": words("title.countryNotFound")]), .inCountries, current,
                language: language, englishTarget: Links.englishAddress(of: request.target)))
    }

    /// A country's page; reads the visitor's stars when they are a returning visitor.
    private func countryPage(
        _ request: Request, _ language: Language, _ entry: CountryCatalog.Entry, _ visitor: Visitor,
        _ current: SnapshotCache.Current
    ) throws -> Response {
        let words = site.languages[language]
        let englishPath = Links.country(entry.id)
        let path = language.target(forEnglish: englishPath)
        // The days of the chart whose form was sent.
        let days: () throws -> ClosedRange<Int>? = {
            guard RangeForm.isVaccinationForm(request.target) else {
                return try site.histories.history(entry.id, version: current.version).map { $0.firstDay...$0.lastDay }
            }
            return try site.vaccinations.series(
                VaccinationMapping.isoCode(of: entry.country), version: current.version)?
                .span
        }
        if let redirect = try RangeForm.redirect(request.target, path: path, words: words, available: days) {
            return redirect
        }
        // A 400's choices are English addresses, which `ErrorPages` puts in the page's language.
        let charts = try VaccinationChartSection.parse(request.target, path: englishPath)
        let chart = charts.history
        // The star form (with the visitor's CSRF token) is a hole; the rest is cached for everyone.
        let star = try favoriteFragment(countryID: entry.id, visitor: visitor, words: words)
        var extraFields = Fields()
        if visitor.isNew {
            extraFields.append(
                .setCookie, visitor.setCookie(secure: site.isSecure(request)))
        }
        return try site.cachedPage(
            request, key: VaccinationChartSection.link(path, charts), current, fill: { _ in star.bytes },
            fragmentTag: star.tag,
            extraFields: extraFields
        ) {
            let page = CountryDetailPage(
                entry: entry, day: DataDay(site.freshness(current), words: words),
                outlineBounds: entry.country.countryInfo.iso2.flatMap { outlines.viewBounds[$0] }, outlines: outlines,
                tileURL: site.renderer.tiles.template, flags: site.flags, words: words)
            var pageLayout = site.layout(
                words("layout.titleSuffix", ["title": page.name]), .inCountries, current, language: language,
                englishTarget: VaccinationChartSection.link(englishPath, charts))
            pageLayout.usesMap = true
            pageLayout.description = words("country.description", ["name": page.name])
            let place = page.nameInSentence
            let history = HistorySection(
                words: words, place: place,
                history: try site.histories.history(entry.id, version: current.version), catalog: current.catalog,
                population: entry.country[.population], query: chart, defaults: ChartQuery(),
                link: { VaccinationChartSection.link(path, charts.showingHistory($0)) }, path: path,
                csvPath: englishPath + "/history.csv", keeping: charts.keptByHistoryForm)
            var context = page.templateValue
            context.set("history", history.templateValue)
            let series = try site.vaccinations.series(
                VaccinationMapping.isoCode(of: entry.country), version: current.version)
            context.set(
                "vaccination",
                VaccinationSummary(
                    words: words, place: place, series: series,
                    reasonNotJoined: VaccinationMapping.reasonNotJoined(entry.country).map { _ in
                        words("vaccination.notJoined." + (entry.country.countryInfo.iso2 ?? "").lowercased())
                    },
                    csvPath: englishPath + "/vaccinations.csv"
                ).templateValue)
            context.set(
                "vaccinationChart",
                VaccinationChartSection(series: series, place: place, query: charts, path: path, words: words)
                    .templateValue)
            var cacheable = try site.renderer.render(
                "countries/show", context: context, layout: pageLayout, holes: ["favorite"])
            CachePolicy.sharedVaryingByCookie.apply(to: &cacheable.fields)
            return cacheable
        }
    }
}
