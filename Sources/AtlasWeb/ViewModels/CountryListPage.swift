import AtlasCore
import Mustache

/// The searchable country list: the form, the continent category buttons, the sort choice and rows.
struct CountryListPage {
    let query: CountryQuery
    let catalog: CountryCatalog

    var templateValue: TemplateValue {
        let rows = query.apply(to: catalog)
        var buttons: [TemplateValue] = [
            button(name: "All", continent: nil)
        ]
        buttons += Continent.allCases.map { button(name: $0.displayName, continent: $0) }
        let sorts: [TemplateValue] = CountryQuery.Sort.allCases.map { sort in
            [
                "value": .string(sort.rawValue), "label": .string(sort.displayName),
                "selected": .bool(sort == query.sort),
            ]
        }
        let summary: String
        switch rows.count {
        case 0: summary = "No countries"
        case 1: summary = "1 country"
        default: summary = "\(Formatting.grouped(Int64(rows.count))) countries"
        }
        var sortLinks: [String: TemplateValue] = [:]
        for sort in CountryQuery.Sort.allCases {
            var target = query
            target.sort = sort
            sortLinks[sort.rawValue] = [
                "href": .string(Links.countryList(target)),
                // Names read A–Z; figures largest first (CountryQuery's orders).
                "ariaSort": query.sort == sort ? .string(sort == .name ? "ascending" : "descending") : .null,
            ]
        }
        return [
            "sortLinks": .object(sortLinks),
            "q": .string(query.search),
            "continent": query.continent.map { .string($0.slug) } ?? .null,
            "continentName": query.continent.map { .string($0.displayName) } ?? .null,
            "sortLabel": .string(query.sort.displayName),
            "buttons": .array(buttons),
            "sorts": .array(sorts),
            "rows": .array(rows.map { CountryRow($0).templateValue }),
            "hasRows": .bool(!rows.isEmpty),
            "hasQuery": .bool(!query.search.isEmpty),
            "summary": .string(summary),
            "clearHref": .string(Links.countryList(CountryQuery(continent: query.continent, sort: query.sort))),
            "sortKey": .string(query.sort.rawValue),
            "searchEverywhereHref": query.continent != nil && !query.search.isEmpty
                ? .string(Links.countryList(CountryQuery(search: query.search, sort: query.sort))) : .null,
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
