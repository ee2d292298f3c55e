import AtlasCore
import Formats
import Localization
import Mustache
import Routing

/// The searchable country list: the form, the continent category buttons, the sort choice and rows,
/// in the language of `words` (English at `/countries`, Korean at `/ko/countries`: names, continents
/// and the order by name in Korean there).
struct CountryListPage {
    /// Rows per page: the real snapshot (about 230 entries) fits on one; larger ones paginate.
    static let pageSize = 250

    let query: CountryQuery
    let catalog: CountryCatalog
    /// The page shown, from 1.
    var page = 1
    /// The day the daily figures are for, as the page names it.
    var day: DataDay
    /// The flags there are, for the rows and a country the data lacks.
    let flags: FlagImages
    /// The page's words.
    let words: PageWords

    private var language: Language { words.language }

    /// The address of the list showing `query` (and `page`) in the page's language.
    private func link(_ query: CountryQuery, page: Int = 1) -> String {
        language.target(forEnglish: Links.countryList(query, page: page))
    }

    /// The catalog key of `sort`'s name; the day's new cases name their day instead (`DataDay`).
    static func nameKey(_ sort: CountryQuery.Sort) -> String {
        switch sort {
        case .name: return "list.sort.name"
        case .cases: return "stat.cases"
        case .deaths: return "stat.deaths"
        case .population: return "list.sort.population"
        case .todayCases: return "list.sort.newCases"
        case .casesPerMillion: return "stat.casesPerMillion"
        case .deathsPerMillion: return "stat.deathsPerMillion"
        case .activePerMillion: return "stat.activePerMillion"
        case .testsPerMillion: return "stat.testsPerMillion"
        case .fullyVaccinated: return "list.sort.fullyVaccinated"
        case .dosesPerHundred: return "list.sort.dosesPerHundred"
        }
    }

    /// The name of `sort` on this page: the day's new cases name their day.
    func label(_ sort: CountryQuery.Sort) -> String {
        sort == .todayCases ? day.newCasesLabel : words(Self.nameKey(sort))
    }

    /// The order as the summary names it: `Cases`, or with its direction when it is not the sort's
    /// own (`Cases, smallest first`, `Name, Z–A`).
    var orderLabel: String {
        guard query.direction != query.sort.defaultDirection else { return label(query.sort) }
        return words(
            query.sort == .name ? "list.orderReversed" : "list.orderSmallestFirst", ["sort": label(query.sort)])
    }

    /// The page's heading: `Countries`, `Countries in Asia`.
    var heading: String {
        query.continent.map { words("list.headingInContinent", ["continent": words($0.catalogKey)]) }
            ?? words("list.heading")
    }

    /// The page's `<title>`: `“korea” — Asia — Countries (page 2) — Covid Atlas`.
    var title: String {
        var title =
            query.continent.map { words("title.countriesInContinent", ["continent": words($0.catalogKey)]) }
            ?? words("title.countries")
        if !query.search.isEmpty { title = words("title.search", ["q": query.search.echoed, "title": title]) }
        if page > 1 { title = words("title.page", ["title": title, "page": NumberText.grouped(Int64(page))]) }
        return words("layout.titleSuffix", ["title": title])
    }

    /// - Throws: `HTTPError(400)` for a page after the last one, naming how many there are.
    func templateValue() throws -> TemplateValue {
        let matching = query.apply(to: catalog, inKoreanNameOrder: language == .ko)
        let pageCount = max(1, (matching.count + CountryListPage.pageSize - 1) / CountryListPage.pageSize)
        guard page <= pageCount else {
            let page = NumberText.grouped(Int64(page))
            throw HTTPError.inWords(
                .badRequest, words, pageCount == 1 ? "list.noSuchPageOfOne" : "list.noSuchPage",
                pageCount == 1 ? ["page": page] : ["page": page, "count": NumberText.grouped(Int64(pageCount))],
                context: ErrorContext(search: query.search))
        }
        let start = (page - 1) * CountryListPage.pageSize
        let rows = matching[start..<min(matching.count, start + CountryListPage.pageSize)]
        var buttons: [TemplateValue] = [button(name: words("list.all"), continent: nil)]
        buttons += Continent.allCases.map { button(name: words($0.catalogKey), continent: $0) }
        let sorts: [TemplateValue] = CountryQuery.Sort.allCases.map { sort in
            [
                "value": .string(sort.rawValue), "label": .string(label(sort)),
                "selected": .bool(sort == query.sort),
            ]
        }
        let summary: String
        switch matching.count {
        case 0: summary = words("list.countNone")
        case 1: summary = words("list.countOne")
        default: summary = words("list.count", ["count": NumberText.grouped(Int64(matching.count))])
        }
        var sortLinks: [String: TemplateValue] = [:]
        var sortNames: [String: TemplateValue] = [:]
        for sort in CountryQuery.Sort.allCases {
            // The column the list is sorted by turns the order around; another starts in its own.
            let isCurrent = query.sort == sort
            let target =
                isCurrent
                ? query.sorted(by: sort, query.direction == .ascending ? .descending : .ascending)
                : query.sorted(by: sort)
            sortLinks[sort.rawValue] = [
                "href": .string(link(target)),
                "ariaSort": isCurrent ? .string(query.direction == .ascending ? "ascending" : "descending") : .null,
            ]
            sortNames[sort.rawValue] = .string(label(sort))
        }
        let directions: [TemplateValue] = [
            [
                "value": "", "label": .string(words("list.usualOrder")),
                "selected": .bool(query.direction == query.sort.defaultDirection),
            ],
            [
                "value": "asc", "label": .string(words("list.ascending")),
                "selected": .bool(query.direction != query.sort.defaultDirection && query.direction == .ascending),
            ],
            [
                "value": "desc", "label": .string(words("list.descending")),
                "selected": .bool(query.direction != query.sort.defaultDirection && query.direction == .descending),
            ],
        ]
        let maximum = String(CompareSelection.maximum)
        let forQuery = words.parts("list.summaryForQuery", around: "q", ["summary": summary])
        return [
            "formAction": .string(language.target(forEnglish: "/countries")),
            "compareAction": .string(language.target(forEnglish: "/compare")),
            "heading": .string(heading),
            "compareMaximum": .string(maximum),
            "compareHint": .string(words("list.compareHint", ["maximum": maximum])),
            "compareUpTo": .string(words("list.compareUpTo", ["maximum": maximum])),
            "sortLinks": .object(sortLinks),
            "sortNames": .object(sortNames),
            "q": .string(query.search.echoed),
            "continent": query.continent.map { .string($0.slug) } ?? .null,
            "sortedBy": .string(words("list.sortedBy", ["sort": orderLabel])),
            "caption": .string(words("list.caption", ["heading": heading, "sort": orderLabel])),
            "directions": .array(directions),
            "todayHeading": .string(day.columnHeading),
            "buttons": .array(buttons),
            "sorts": .array(sorts),
            "rows": .array(
                rows.map { entry in
                    let row = CountryRow(entry, flags: flags, words: words)
                    var value = row.templateValue
                    value.set("selectLabel", .string(words("list.selectToCompare", ["name": row.name])))
                    return value
                }),
            "hasRows": .bool(!rows.isEmpty),
            "empty": rows.isEmpty ? emptyState : .null,
            "hasQuery": .bool(!query.search.isEmpty),
            "summary": .string(summary),
            "queryBefore": .string(forQuery.before),
            "queryAfter": .string(forQuery.after),
            "pagination": pagination(pageCount: pageCount),
            "clearHref": .string(
                link(
                    CountryQuery(continent: query.continent, sort: query.sort, direction: query.direction))
            ),
            "sortKey": .string(query.sort.rawValue),
        ]
    }

    /// What an empty list says: no match (in the continent, for the search), a country the data lacks,
    /// a search of every continent, and what to try instead.
    private var emptyState: TemplateValue {
        let q = query.search.echoed
        let key: String
        var values: [String: String] = [:]
        switch (query.continent, query.search.isEmpty) {
        case (nil, true): key = "list.noMatch"
        case (nil, false): key = "list.noMatchQuery"
        case (let continent?, true):
            key = "list.noMatchInContinent"
            values["continent"] = words(continent.catalogKey)
        case (let continent?, false):
            key = "list.noMatchQueryInContinent"
            values["continent"] = words(continent.catalogKey)
        }
        let noMatch = words.parts(key, around: "q", values)
        let absent = query.search.isEmpty ? nil : catalog.absentCountry(named: query.search)
        let searchEverywhere = words.parts("list.searchEverywhere", around: "q", [:])
        return [
            "q": .string(q),
            "noMatchBefore": .string(noMatch.before),
            "noMatchAfter": .string(noMatch.after),
            "absent": absent.map { absent in
                let name = absent.name(in: language)
                return [
                    "flag": flags.templateValue(iso2: absent.iso2, name: name, use: .besideName),
                    "text": .string(words("notFound.absent", ["name": name])),
                ]
            } ?? .null,
            "searchEverywhere": query.continent != nil && !query.search.isEmpty
                ? [
                    "href": .string(
                        link(CountryQuery(search: query.search, sort: query.sort, direction: query.direction))),
                    "before": .string(searchEverywhere.before), "after": .string(searchEverywhere.after),
                ] : .null,
            "tryInstead": .array(
                words.segments("list.tryInstead", marking: ["code", "all"], [:]).map { piece in
                    [
                        "text": .string(piece.text), "code": .bool(piece.mark == "code"),
                        "all": piece.mark == "all"
                            ? ["href": .string(link(CountryQuery())), "text": .string(words("list.allCountries"))]
                            : .null,
                    ]
                }),
        ]
    }

    /// Links to the first, previous, next and last pages, keeping the search, continent and order.
    private func pagination(pageCount: Int) -> TemplateValue {
        guard pageCount > 1 else { return .null }
        func target(_ number: Int) -> TemplateValue {
            number == page || number < 1 || number > pageCount ? .null : .string(link(query, page: number))
        }
        return [
            "pageOf": .string(
                words(
                    "list.pageOf",
                    ["page": NumberText.grouped(Int64(page)), "count": NumberText.grouped(Int64(pageCount))])),
            "firstHref": page > 2 ? target(1) : .null,
            "previousHref": target(page - 1),
            "nextHref": target(page + 1),
            "lastHref": page < pageCount - 1 ? target(pageCount) : .null,
        ]
    }

    private func button(name: String, continent: Continent?) -> TemplateValue {
        var target = query
        target.continent = continent
        return [
            "name": .string(name),
            "href": .string(link(target)),
            "current": .bool(query.continent == continent),
        ]
    }
}
