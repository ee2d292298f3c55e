import AtlasCore
import Mustache
import Routing

/// The searchable country list: the form, the continent category buttons, the sort choice and rows.
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

    /// The name of `sort` on this page: the day's new cases name their day.
    func label(_ sort: CountryQuery.Sort) -> String {
        sort == .todayCases ? day.newCasesLabel : sort.displayName
    }

    /// The order as the summary names it: `Cases`, or with its direction when it is not the sort's
    /// own (`Cases, smallest first`, `Name, Z–A`).
    var orderLabel: String {
        guard query.direction != query.sort.defaultDirection else { return label(query.sort) }
        return label(query.sort) + (query.sort == .name ? ", Z–A" : ", smallest first")
    }

    /// - Throws: `HTTPError(400)` for a page after the last one, naming how many there are.
    func templateValue() throws -> TemplateValue {
        let matching = query.apply(to: catalog)
        let pageCount = max(1, (matching.count + CountryListPage.pageSize - 1) / CountryListPage.pageSize)
        guard page <= pageCount else {
            throw HTTPError(
                .badRequest,
                "There is no page \(page): the list has \(pageCount) page\(pageCount == 1 ? "" : "s").",
                context: ErrorContext(search: query.search))
        }
        let start = (page - 1) * CountryListPage.pageSize
        let rows = matching[start..<min(matching.count, start + CountryListPage.pageSize)]
        var buttons: [TemplateValue] = [
            button(name: "All", continent: nil)
        ]
        buttons += Continent.allCases.map { button(name: $0.displayName, continent: $0) }
        let sorts: [TemplateValue] = CountryQuery.Sort.allCases.map { sort in
            [
                "value": .string(sort.rawValue), "label": .string(label(sort)),
                "selected": .bool(sort == query.sort),
            ]
        }
        let summary: String
        switch matching.count {
        case 0: summary = "No countries"
        case 1: summary = "1 country"
        default: summary = "\(Formatting.grouped(Int64(matching.count))) countries"
        }
        var sortLinks: [String: TemplateValue] = [:]
        for sort in CountryQuery.Sort.allCases {
            // The column the list is sorted by turns the order around; another starts in its own.
            let isCurrent = query.sort == sort
            let target =
                isCurrent
                ? query.sorted(by: sort, query.direction == .ascending ? .descending : .ascending)
                : query.sorted(by: sort)
            sortLinks[sort.rawValue] = [
                "href": .string(Links.countryList(target)),
                "ariaSort": isCurrent ? .string(query.direction == .ascending ? "ascending" : "descending") : .null,
            ]
        }
        let directions: [TemplateValue] = [
            ["value": "", "label": "Usual order", "selected": .bool(query.direction == query.sort.defaultDirection)],
            [
                "value": "asc", "label": "Ascending (A–Z, smallest first)",
                "selected": .bool(query.direction != query.sort.defaultDirection && query.direction == .ascending),
            ],
            [
                "value": "desc", "label": "Descending (Z–A, largest first)",
                "selected": .bool(query.direction != query.sort.defaultDirection && query.direction == .descending),
            ],
        ]
        return [
            "compareMaximum": .string(String(CompareSelection.maximum)),
            "sortLinks": .object(sortLinks),
            "q": .string(query.search.echoed),
            "continent": query.continent.map { .string($0.slug) } ?? .null,
            "continentName": query.continent.map { .string($0.displayName) } ?? .null,
            "sortLabel": .string(orderLabel),
            "directions": .array(directions),
            "todayHeading": .string(day.columnHeading),
            "buttons": .array(buttons),
            "sorts": .array(sorts),
            "rows": .array(rows.map { CountryRow($0, flags: flags).templateValue }),
            "hasRows": .bool(!rows.isEmpty),
            "absent": rows.isEmpty && !query.search.isEmpty
                ? catalog.absentCountry(named: query.search).map { AbsentCountryValue.templateValue($0, flags: flags) }
                    ?? .null : .null,
            "hasQuery": .bool(!query.search.isEmpty),
            "summary": .string(summary),
            "pagination": pagination(pageCount: pageCount),
            "clearHref": .string(
                Links.countryList(
                    CountryQuery(continent: query.continent, sort: query.sort, direction: query.direction))),
            "sortKey": .string(query.sort.rawValue),
            "searchEverywhereHref": query.continent != nil && !query.search.isEmpty
                ? .string(
                    Links.countryList(CountryQuery(search: query.search, sort: query.sort, direction: query.direction)))
                : .null,
        ]
    }

    /// Links to the first, previous, next and last pages, keeping the search, continent and order.
    private func pagination(pageCount: Int) -> TemplateValue {
        guard pageCount > 1 else { return .null }
        func link(_ target: Int) -> TemplateValue {
            target == page || target < 1 || target > pageCount ? .null : .string(Links.countryList(query, page: target))
        }
        return [
            "page": .string(Formatting.grouped(Int64(page))),
            "pageCount": .string(Formatting.grouped(Int64(pageCount))),
            "firstHref": page > 2 ? link(1) : .null,
            "previousHref": link(page - 1),
            "nextHref": link(page + 1),
            "lastHref": page < pageCount - 1 ? link(pageCount) : .null,
        ]
    }

    private func button(name: String, continent: Continent?) -> TemplateValue {
        var target = query
        target.continent = continent
        return [
            "name": .string(name),
            "href": .string(Links.countryList(target)),
            "current": .bool(query.continent == continent),
        ]
    }
}
