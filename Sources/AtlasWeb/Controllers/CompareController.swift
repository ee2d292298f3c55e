import AtlasCharts
import AtlasCore
import HTTPCore
import Localization
import Mustache
import Routing

/// Countries side by side: `/compare?countries=kr,jp,us` (one chart with a line per country and
/// their latest figures), its CSV (`/compare.csv`) and JSON (`/api/compare`) twins. Every spelling of a
/// list answers with its canonical address (`CompareSelection`); each page is cached per data version.
struct CompareController: Sendable {
    let site: SiteContext

    /// The compare page's default view: per million people, since raw totals of countries of
    /// different sizes mislead.
    static let defaults = ChartQuery(per: .million)

    /// `GET /compare?countries=…&metric=…&interval=…&scale=…&per=…&time=…`; `metric` takes the history's
    /// values and the vaccination's (`vaccinated`, `doses`, `boosters`: Our World in Data's figures, a
    /// line per country).
    /// - Throws: `HTTPError(400)` for a chart parameter the chart cannot show (`ChartQuery.parse`); an
    ///   unknown `metric` lists the history's and the vaccination's values.
    /// The page in `language` (`/compare`, `/ko/compare`).
    func page(_ language: Language) -> @Sendable (Request, RouteParameters, SnapshotCache.Current) throws -> Response {
        { request, _, current in try page(request, language, current) }
    }

    private func page(
        _ request: Request, _ language: Language, _ current: SnapshotCache.Current
    ) throws -> Response {
        let words = site.languages[language]
        let path = language.target(forEnglish: "/compare")
        switch CompareSelection.read(request.target, catalog: current.catalog) {
        case .empty:
            // A view sent without countries (the last one removed) is kept by the add form and the
            // examples; an invalid one gives way to the default, as there is no chart to refuse it.
            let view =
                (try? VaccinationChartSection.parse(request.target, defaults: CompareController.defaults) { _ in "" })
                ?? .init(history: CompareController.defaults, metric: nil)
            let englishTarget = Links.compare([], view)
            return try site.cachedPage(request, key: language.target(forEnglish: englishTarget), current) {
                try site.renderer.render(
                    "compare/show", context: try emptyContext(view, words: words, current),
                    layout: site.layout(
                        words("layout.titleSuffix", ["title": words("title.compare")]), .compare, current,
                        language: language, englishTarget: englishTarget))
            }
        case .redirect(let ids, let status):
            return Response.redirect(
                to: CompareController.location(ids, request.target, path: path), status: status)
        case .invalid(let problem):
            // A client that asks for JSON gets the error as the data addresses word it.
            guard ResponseFormat.preferred(by: request) == .html else { throw Self.error(problem) }
            var page = try problemPage(problem, request.target, words: words, current)
            page.fields.addVary("Accept")
            return page
        case .canonical(let entries):
            let ids = entries.map(\.id)
            // The form's days are the chart's: OWID's for a vaccination view, JHU's otherwise.
            let showsVaccinations =
                request.target.queryValue("metric").flatMap { VaccinationMetric(rawValue: $0.lowercased()) } != nil
            if let redirect = try RangeForm.redirect(
                request.target, path: path, keeping: Links.compareQuery(ids), words: words,
                available: {
                    try showsVaccinations ? vaccinationDays(of: entries, current) : days(of: entries, current)
                })
            {
                return redirect
            }
            let query = try VaccinationChartSection.parse(request.target, defaults: CompareController.defaults) {
                Links.compare(ids, $0)
            }
            let englishTarget = Links.compare(ids, query)
            return try site.cachedPage(request, key: language.target(forEnglish: englishTarget), current) {
                // Two to eight series and their charts (tens of ms): built on a worker, served from the loop.
                if entries.count > 1 { try EventLoopThread.leave() }
                let names = entries.map { $0.name(in: language) }
                var context = try context(entries, view: query, words: words, current)
                context.set("controls", .array(CompareController.controls(ids, query, words: words)))
                if let metric = query.metric {
                    try vaccinations(entries, metric: metric, query: query, words: words, into: &context, current)
                }
                return try site.renderer.render(
                    "compare/show", context: context,
                    layout: site.layout(
                        words(
                            "layout.titleSuffix",
                            ["title": words("title.compareNames", ["names": words.chart.list(names)])]),
                        .inCompare, current, language: language, englishTarget: englishTarget))
            }
        }
    }

    /// The chart's links: Show (the history's metrics and the vaccination's), then the groups that change
    /// the view shown (for the vaccinations: As for doses only, Scale, and Count but for the shares).
    static func controls(_ ids: [String], _ query: VaccinationChartSection.Query, words: PageWords) -> [TemplateValue] {
        let history = query.history
        func show(_ label: String, _ other: VaccinationChartSection.Query) -> TemplateValue {
            let current =
                other.metric == query.metric && (query.metric != nil || other.history.metric == history.metric)
            return [
                "label": .string(label), "href": .string(words.language.target(forEnglish: Links.compare(ids, other))),
                "current": .bool(current),
            ]
        }
        let historyChoices: [(String, HistoryMetric)] = [
            (words("stat.cases"), .cases), (words("stat.deaths"), .deaths), (words("stat.recovered"), .recovered),
        ]
        let showGroup: TemplateValue = [
            "label": .string(words("chart.control.show")), "id": "show",
            "options": .array(
                historyChoices.map { label, metric in
                    var other = history
                    other.metric = metric
                    return show(label, .init(history: other, metric: nil))
                }
                    + VaccinationMetric.allCases.map { metric in
                        show(words("vaccination.metric." + metric.rawValue), .init(history: history, metric: metric))
                    }),
        ]
        let groups = HistorySection.controls(query: history, words: words) {
            words.language.target(forEnglish: Links.compare(ids, .init(history: $0, metric: query.metric)))
        }
        // HistorySection's groups: Show, As, Scale, Count.
        guard let metric = query.metric else { return [showGroup] + groups.dropFirst() }
        return [showGroup] + (metric == .doses ? [groups[1]] : []) + [groups[2]]
            + (metric == .vaccinated ? [] : [groups[3]])
    }

    /// Where another spelling of a list leads: the canonical ids, and the chart's parameters as the
    /// canonical address writes them (defaults left out) when they are valid, else as they were given
    /// (the page at the new address says what is wrong with them).
    static func location(_ ids: [String], _ target: RequestTarget, path: String) -> String {
        let hasForm = RangeForm.parameterNames.contains { target.queryValue($0) != nil }
        if !hasForm, let view = try? VaccinationChartSection.parse(target, defaults: defaults, link: { _ in "" }) {
            return Links.compare(ids, view, path: path)
        }
        let pairs = (ChartQuery.parameterNames + RangeForm.parameterNames).compactMap { name in
            target.queryValue(name).map { (name: name, value: $0) }
        }
        let query =
            (ids.isEmpty ? [] : [Links.compareQuery(ids)]) + (pairs.isEmpty ? [] : [FormURLEncoding.encode(pairs)])
        return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
    }

    /// The first and last day of the entries' histories together; `nil` when none has one.
    private func days(of entries: [CountryCatalog.Entry], _ current: SnapshotCache.Current) throws -> ClosedRange<Int>?
    {
        var first: Int?
        var last: Int?
        for entry in entries {
            guard let history = try site.histories.history(entry.id, version: current.version), !history.isEmpty
            else { continue }
            first = min(first ?? history.firstDay, history.firstDay)
            last = max(last ?? history.lastDay, history.lastDay)
        }
        guard let first, let last else { return nil }
        return first...last
    }

    /// The first and last day Our World in Data reported anything for the entries together; `nil` when
    /// it has no row for any of them.
    private func vaccinationDays(of entries: [CountryCatalog.Entry], _ current: SnapshotCache.Current) throws
        -> ClosedRange<Int>?
    {
        let spans = try entries.compactMap { entry in
            try VaccinationMapping.isoCode(of: entry.country).flatMap {
                try site.vaccinations.series($0, version: current.version)?.span
            }
        }
        guard let first = spans.map(\.lowerBound).min(), let last = spans.map(\.upperBound).max() else { return nil }
        return first...last
    }

    /// Each entry's series viewed as `chart`, or why it has none.
    private func series(
        _ entries: [CountryCatalog.Entry], chart: ChartQuery, words: PageWords, _ current: SnapshotCache.Current
    ) throws -> [(entry: CountryCatalog.Entry, history: History?, series: ChartSeries?, note: String?)] {
        try entries.map { entry in
            let name = words.language == .en ? entry.country.nameInSentence : entry.name(in: words.language)
            guard let history = try site.histories.history(entry.id, version: current.version), !history.isEmpty else {
                return (entry, nil, nil, words("compare.notCovered", ["name": name]))
            }
            guard let days = chart.days(within: history.firstDay...history.lastDay) else {
                return (entry, history, nil, words("compare.noDaysAskedFor", ["name": name]))
            }
            guard
                let series = ChartSeries(
                    history, metric: chart.metric, interval: chart.interval, per: chart.per,
                    population: entry.country[.population], days: days)
            else {
                return (entry, history, nil, words("history.noPopulation", ["place": name]))
            }
            // Recoveries end where JHU stopped reporting them: the line ends there, and a note says so.
            return (
                entry, history, series,
                HistorySection.recoveredNote(
                    place: name, history, metric: chart.metric, words: words, catalog: current.catalog)
            )
        }
    }

    /// Whether an id a visitor put in a comparison means the whole world (`world`, `all`, `Worldwide`,
    /// `global`), which has its own page rather than an entry.
    static func namesTheWorld(_ raw: String) -> Bool {
        ["world", "all", "worldwide", "global", "earth"].contains(TextFolding.searchKey(raw))
    }

    /// The page's context in the history's view of `view`; its rows, downloads and "add" form keep the
    /// whole view (a vaccination metric too), which `vaccinations` then draws.
    private func context(
        _ entries: [CountryCatalog.Entry], view: VaccinationChartSection.Query, words: PageWords,
        _ current: SnapshotCache.Current
    ) throws -> TemplateValue {
        let chart = view.history
        let ids = entries.map(\.id)
        let language = words.language
        let link: @Sendable (ChartQuery) -> String = { language.target(forEnglish: Links.compare(ids, $0)) }
        let all = try series(entries, chart: chart, words: words, current)
        let names = words.chart.list(entries.map { $0.name(in: language) })
        var value: [String: TemplateValue] = [
            "hasCountries": .bool(true),
            "heading": .string(words("title.compareNames", ["names": names])),
            "caption": .string(
                words(
                    "compare.latestCaption",
                    [
                        "names": language == .en
                            ? ComparisonChart.listed(entries.map(\.country.nameInSentence)) : names
                    ])),
            "metric": .string(chart.metric.rawValue),
            "controls": .array(HistorySection.controls(query: chart, words: words, link: link)),
            "notes": .array(all.compactMap { $0.note.map(TemplateValue.string) }),
            "rows": .array(
                entries.map { entry in
                    CompareController.row(
                        entry,
                        removing: language.target(forEnglish: Links.compare(ids.filter { $0 != entry.id }, view)),
                        flags: site.flags, words: words)
                }),
            "csvHref": .string(Links.compare(ids, CompareController.downloadView(view), path: "/compare.csv")),
            "jsonHref": .string(Links.compare(ids, view, path: "/api/compare")),
            "add": addForm(ids, view, words: words),
        ]
        if let days = try days(of: entries, current) {
            value["presets"] = .array(HistorySection.presets(days: days, query: chart, words: words, link: link))
            value["form"] = HistorySection.form(
                days: days, query: chart, defaults: CompareController.defaults,
                path: language.target(forEnglish: "/compare"), keeping: [("countries", ids.joined(separator: ","))])
        }
        let drawable = all.compactMap { item in
            item.series.map { (id: item.entry.id, name: item.entry.name(in: language), series: $0) }
        }
        if let model = ComparisonChart(drawable, query: chart, words: words.chart) {
            value["chart"] = model.templateValue
        } else if !drawable.isEmpty || all.allSatisfy({ $0.note == nil }) {
            value["message"] = .string(
                chart.scale == .log
                    ? words("history.nothingAboveZero")
                    : words("compare.noneReported", ["noun": words.chart.noun(chart.metric)]))
        }
        return .object(value)
    }

    /// Turns `context` (the history view's) into the vaccination view of `metric`: Our World in Data's
    /// figure as a line per country, its days for the presets and the range form, a note for each entry
    /// OWID has no row for, and OWID named as the source.
    private func vaccinations(
        _ entries: [CountryCatalog.Entry], metric: VaccinationMetric, query: VaccinationChartSection.Query,
        words: PageWords, into context: inout TemplateValue, _ current: SnapshotCache.Current
    ) throws {
        let ids = entries.map(\.id)
        let language = words.language
        var notes: [TemplateValue] = []
        let places = try entries.map { entry in
            let name = entry.name(in: language)
            guard let isoCode = VaccinationMapping.isoCode(of: entry.country),
                let series = try site.vaccinations.series(isoCode, version: current.version)
            else {
                let inSentence = language == .en ? entry.country.nameInSentence : name
                notes.append(
                    .string(
                        VaccinationMapping.reasonNotJoined(entry.country).map { _ in
                            words("vaccination.notJoined." + (entry.country.countryInfo.iso2 ?? "").lowercased())
                        } ?? words("compare.noVaccinationRow", ["name": inSentence])))
                return (id: entry.id, name: name, series: VaccinationSeries?.none)
            }
            return (id: entry.id, name: name, series: Optional(series))
        }
        context.set("notes", .array(notes))
        context.set("vaccinationSource", true)
        context.set("metric", .string(metric.rawValue))
        context.set("chart", .null)
        context.set("message", .null)
        if let chart = ComparisonChart(vaccinations: places, metric: metric, query: query.history, words: words.chart) {
            context.set("chart", chart.templateValue)
        } else if places.contains(where: { $0.series != nil }) {
            let reported = zip(entries, places).filter { $0.1.series != nil }.map { entry, place in
                language == .en ? entry.country.nameInSentence : place.name
            }
            context.set(
                "message",
                .string(
                    words(
                        "compare.noVaccinationFigures",
                        [
                            "figures": words("vaccination.figures." + metric.rawValue),
                            "names": words.chart.list(reported),
                        ])))
        }
        if metric == .boosters && query.history.interval == .daily {
            notes.append(.string(words("vaccination.noDailyBoosters")))
            context.set("notes", .array(notes))
        }
        // Without a row of OWID's there are no days to choose, and nothing to download as CSV.
        context.set("presets", .null)
        context.set("form", .null)
        if !places.contains(where: { $0.series != nil }) { context.set("csvHref", .null) }
        if let days = try vaccinationDays(of: entries, current) {
            let (first, last) = (days.lowerBound, days.upperBound)
            let link: @Sendable (ChartQuery) -> String = {
                language.target(forEnglish: Links.compare(ids, .init(history: $0, metric: metric)))
            }
            context.set(
                "presets",
                .array(HistorySection.presets(days: first...last, query: query.history, words: words, link: link)))
            context.set(
                "form",
                HistorySection.form(
                    days: first...last, query: query.history, defaults: CompareController.defaults,
                    path: language.target(forEnglish: "/compare"),
                    keeping: [("countries", ids.joined(separator: ",")), ("metric", metric.rawValue)]))
        }
    }

    /// What changes a CSV: `time`, and whether it holds JHU's history or Our World in Data's vaccinations
    /// (any vaccination metric gives the vaccinations, written as `metric=vaccinated`); the chart's other
    /// parameters are left out of its link.
    static func downloadView(_ view: VaccinationChartSection.Query) -> VaccinationChartSection.Query {
        var range = CompareController.defaults
        (range.start, range.end) = (view.history.start, view.history.end)
        return .init(history: range, metric: view.metric.map { _ in .vaccinated })
    }

    /// The "add a country" form: the list so far in a hidden field, a name or code typed beside it.
    private func addForm(_ ids: [String], _ view: VaccinationChartSection.Query, words: PageWords) -> TemplateValue {
        [
            "action": .string(words.language.target(forEnglish: "/compare")),
            "fullMessage": .string(words("compare.full", ["maximum": String(CompareSelection.maximum)])),
            "hidden": .array(
                ([(name: "countries", value: ids.joined(separator: ","))]
                    + view.pairs(defaults: CompareController.defaults))
                    .map { ["name": .string($0.name), "value": .string($0.value)] }),
            "full": .bool(ids.count >= CompareSelection.maximum),
            "maximum": .string(String(CompareSelection.maximum)),
        ]
    }

    /// One country of the table of latest figures.
    /// One country of the table of latest figures, in the language of `words`: the `CountryRow`'s
    /// name, link and figures, and the address without it.
    static func row(_ entry: CountryCatalog.Entry, removing: String, flags: FlagImages, words: PageWords)
        -> TemplateValue
    {
        var row = CountryRow(entry, flags: flags, words: words).templateValue
        row.set("removeHref", .string(removing))
        return row
    }

    /// The page without countries: what it does, the form to start one, and a few examples.
    /// The page without countries in `view`: the add form and the examples keep it.
    private func emptyContext(
        _ view: VaccinationChartSection.Query, words: PageWords, _ current: SnapshotCache.Current
    ) throws -> TemplateValue {
        let examples: [[String]] = [["kr", "jp", "us"], ["fr", "de", "it", "es"], ["br", "in", "za"]]
        let language = words.language
        return [
            "hasExamples": .bool(true),
            "hasCountries": .bool(false),
            "intro": .string(words("compare.intro", ["maximum": String(CompareSelection.maximum)])),
            "listHref": .string(language.target(forEnglish: "/countries")),
            "add": [
                "action": .string(language.target(forEnglish: "/compare")),
                "hidden": .array(
                    view.pairs(defaults: CompareController.defaults).map {
                        ["name": .string($0.name), "value": .string($0.value)]
                    }),
                "full": .bool(false), "maximum": .string(String(CompareSelection.maximum)),
            ],
            "examples": .array(
                examples.compactMap { ids in
                    let entries = ids.compactMap { current.catalog.entry(id: $0) }
                    guard entries.count == ids.count else { return nil }
                    return [
                        "href": .string(language.target(forEnglish: Links.compare(ids, view))),
                        "label": .string(words.chart.list(entries.map { $0.name(in: language) })),
                    ]
                }),
        ]
    }

    /// The `400` page for a list with unknown ids or too many countries: what is wrong, each unknown id
    /// (as sent, shown safely) with its near matches as comparisons, and the comparison of the rest.
    private func problemPage(
        _ problem: CompareSelection.Problem, _ target: RequestTarget, words: PageWords,
        _ current: SnapshotCache.Current
    ) throws -> Response {
        let language = words.language
        let inLanguage = { (english: String) in language.target(forEnglish: english) }
        let fine = problem.fine.map(\.id)
        // The view as sent, when valid, so every way out of this page keeps it (a vaccination metric too).
        let view =
            (try? VaccinationChartSection.parse(target, defaults: CompareController.defaults, link: { _ in "" }))
            ?? .init(history: CompareController.defaults, metric: nil)
        let context: TemplateValue = [
            "tooMany": problem.tooMany.map {
                .string(
                    words(
                        "compare.tooMany",
                        ["maximum": String(CompareSelection.maximum), "count": Formatting.grouped(Int64($0))]))
            } ?? .null,
            "noCountryHas": .string(words(problem.unknown.count > 1 ? "compare.unknownIDs" : "compare.unknownID")),
            "action": .string(inLanguage("/compare")),
            "statusLine": .string(words("error.status", ["status": "400"])),
            "countriesHref": .string(inLanguage("/countries")),
            "worldHref": .string(inLanguage("/")),
            "unknown": .array(
                problem.unknown.map { unknown in
                    // North Korea is named as not in the data, not offered as S. Korea.
                    let absent = current.catalog.absentCountry(named: unknown.raw)
                    let suggestions =
                        absent != nil || CompareController.namesTheWorld(unknown.raw)
                        ? []
                        : unknown.suggestions.filter { entry in
                            (fine.contains(entry.id) ? fine.count : fine.count + 1) <= CompareSelection.maximum
                        }
                    return [
                        "id": .string(unknown.raw.shownInMessages),
                        // `world` is the front page's, not an entry's: point there instead of a namesake.
                        "isWorld": .bool(CompareController.namesTheWorld(unknown.raw)),
                        "absent": absent.map { absent in
                            var value = AbsentCountryValue.templateValue(absent, flags: site.flags, language: language)
                            value.set(
                                "message", .string(words("notFound.absent", ["name": absent.name(in: language)])))
                            return value
                        } ?? .null,
                        "hasSuggestions": .bool(!suggestions.isEmpty),
                        "suggestions": .array(
                            suggestions.map { entry in
                                let ids = fine.contains(entry.id) ? fine : fine + [entry.id]
                                var row = CountryRow(entry, flags: site.flags, words: words).templateValue
                                row.set("compareHref", .string(inLanguage(Links.compare(ids, view))))
                                return row
                            }),
                    ]
                }),
            "hasUnknown": .bool(!problem.unknown.isEmpty),
            "manyUnknown": .bool(problem.unknown.count > 1),
            // What was typed comes back in a form to correct it, beside the countries that were fine.
            "retry": problem.unknown.isEmpty || fine.count >= CompareSelection.maximum
                ? .null
                : [
                    "hidden": .array(
                        ((fine.isEmpty ? [] : [(name: "countries", value: fine.joined(separator: ","))])
                            + view.pairs(defaults: CompareController.defaults))
                            .map { ["name": .string($0.name), "value": .string($0.value)] }),
                    "typed": .string(
                        (target.queryValue("add") ?? problem.unknown.map(\.raw).joined(separator: ", "))
                            .withoutControlCharacters),
                ],
            "fine": fine.isEmpty
                ? .null
                : [
                    "href": .string(inLanguage(Links.compare(fine, view))),
                    "label": .string(
                        words(
                            "title.compareNames",
                            ["names": words.chart.list(problem.fine.map { $0.name(in: language) })])),
                ],
        ]
        return try site.renderer.page(
            "compare/problem", status: .badRequest, context: context,
            layout: site.layout(
                words("layout.titleSuffix", ["title": words("title.compareProblem")]), .inCompare, current,
                language: language, englishTarget: Links.englishAddress(of: target)))
    }
}
