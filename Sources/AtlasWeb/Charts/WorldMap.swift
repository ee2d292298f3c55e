import AtlasCharts
import AtlasCore
import HTTPCore
import Mustache
import Routing

/// The figure the front page's map shows (`map=cases|deaths|active|tests|vaccinated|doses`): a
/// per-million figure, or Our World in Data's latest share fully vaccinated or doses per hundred.
enum MapFigure: String, CaseIterable, Sendable {
    case cases
    case deaths
    case active
    case tests
    /// `people_fully_vaccinated_per_hundred`, each country's last report.
    case vaccinated
    /// `total_vaccinations_per_hundred`, each country's last report.
    case doses

    /// A country's value in its name on the map: Our World in Data's figures as OWID publishes them (at
    /// most two decimals, `57.25`), as the country list's table writes them; per-million figures
    /// rounded to their size (`MapBuckets.format`).
    func text(_ value: Double) -> String {
        switch self {
        case .vaccinated, .doses: return Formatting.decimal(value)
        default: return MapBuckets.format(value)
        }
    }

    /// The entry's figure, or `nil` when the data has none: no population (the cruise ships), or a
    /// count the country does not report (0 tests). The country list sorted by `listSort` shows the same.
    func value(of entry: CountryCatalog.Entry) -> Double? { CountryQuery.figure(listSort, of: entry) }

    /// The country list's order by this figure: the map's table.
    var listSort: CountryQuery.Sort {
        switch self {
        case .cases: return .casesPerMillion
        case .deaths: return .deathsPerMillion
        case .active: return .activePerMillion
        case .tests: return .testsPerMillion
        case .vaccinated: return .fullyVaccinated
        case .doses: return .dosesPerHundred
        }
    }

    /// Reads `map` from the address; absent or empty is `cases`.
    /// - Parameter link: the page's address showing another figure, for the error page's choices.
    /// - Throws: `HTTPError(400)` naming `map` and listing its values, for any other value.
    static func parse(_ target: RequestTarget, link: (MapFigure) -> String) throws -> MapFigure {
        guard let raw = target.queryValue("map"), !raw.isEmpty else { return .cases }
        if let figure = MapFigure(rawValue: raw.lowercased()) { return figure }
        throw HTTPError.catalogued(
            .badRequest, "error.map.badValue", quoting: raw,
            context: ErrorContext(
                invalidParameter: .init(
                    name: "map", choices: allCases.map { .init(value: $0.rawValue, href: link($0)) })))
    }
}

/// The front page's choropleth: every outline of `WorldMapGeometry` filled by the band of its
/// country's figure, a link to the country's page named with its value; entries too small to outline
/// are dots at their coordinates, links the same way; outlines the data has no figure for are hatched,
/// and those it has no entry for are drawn and named "no data" but not links.
struct WorldMap {
    let geometry: WorldMapGeometry
    let catalog: CountryCatalog
    let figure: MapFigure
    /// The page's words: the names, the figures' units, the legend, the description.
    let words: PageWords
    /// The address of the page showing another figure.
    let link: (MapFigure) -> String

    var templateValue: TemplateValue {
        let language = words.language
        let entries = geometry.shapes.map { shape in shape.iso2.flatMap { catalog.entry(id: $0.lowercased()) } }
        let values = entries.map { $0.flatMap(figure.value) }
        // Entries too small for an outline at 1:110m (Singapore, Malta, the Caribbean islands) are dots
        // at their coordinates, banded from the same figures; the ships, at sea, are not on the map.
        let outlined = Set(entries.compactMap { $0?.id })
        let dotted = catalog.entries.filter { entry in
            guard !outlined.contains(entry.id), entry.country.countryInfo.iso2 != nil,
                let lat = entry.country.countryInfo.lat, let long = entry.country.countryInfo.long
            else { return false }
            return lat != 0 || long != 0
        }
        let dotValues = dotted.map(figure.value)
        let buckets = MapBuckets(values: (values + dotValues).compactMap { $0 })
        var countries: [TemplateValue] = []
        var dots: [TemplateValue] = []
        var others: [TemplateValue] = []
        var anyWithoutFigure = false
        let key = figure.rawValue
        func named(_ entry: CountryCatalog.Entry, _ value: Double?) -> (label: String, band: String) {
            let name = entry.name(in: language)
            guard let value else {
                anyWithoutFigure = true
                return (words("map.noDataFor", ["name": name]), "map-nodata")
            }
            return (
                name + ": " + words("map.value." + key, ["figure": figure.text(value)]), "map-b\(buckets.bucket(value))"
            )
        }
        for (index, shape) in geometry.shapes.enumerated() {
            guard let entry = entries[index] else {
                // An outline the data has no entry for (North Korea, Somaliland) is named, not a link.
                let name =
                    shape.iso2.flatMap { catalog.absentCountry(named: $0)?.name(in: language) }
                    ?? words.catalog.text("map.place." + PageWords.keySegment(shape.name)) ?? shape.name
                others.append(["path": .string(shape.path), "label": .string(words("map.noDataFor", ["name": name]))])
                continue
            }
            let (label, band) = named(entry, values[index])
            countries.append(
                [
                    "href": .string(language.target(forEnglish: Links.country(entry.id))), "label": .string(label),
                    "band": .string(band), "path": .string(shape.path),
                ])
        }
        for (entry, value) in zip(dotted, dotValues) {
            let (label, band) = named(entry, value)
            let point = geometry.point(long: entry.country.countryInfo.long!, lat: entry.country.countryInfo.lat!)
            dots.append(
                [
                    "href": .string(language.target(forEnglish: Links.country(entry.id))), "label": .string(label),
                    "band": .string(band), "x": .string(ChartGeometry.coordinate(point.x)),
                    "y": .string(ChartGeometry.coordinate(point.y)),
                ])
        }
        let legend: [TemplateValue] = (0..<buckets.count).map { band in
            ["band": .string("map-b\(band)"), "label": .string(bandLabel(band, buckets))]
        }
        let choices: [TemplateValue] = MapFigure.allCases.map { choice in
            [
                "name": .string(words("map.choice." + choice.rawValue)),
                "href": .string(link(choice)), "current": .bool(choice == figure),
            ]
        }
        let table: TemplateValue = [
            "href": .string(language.target(forEnglish: Links.countryList(CountryQuery(sort: figure.listSort)))),
            "label": .string(words("map.table", ["unit": words("map.unit." + key)])),
        ]
        let measure = words("map.measure." + key)
        return [
            "width": .string(String(geometry.width)), "height": .string(String(geometry.height)),
            "title": .string(words("map.title", ["measure": measure])),
            "heading": .string(words("map.heading." + key)),
            "description": .string(
                words(
                    "map.description",
                    [
                        "measure": measure, "count": String(buckets.count),
                        "lowest": buckets.thresholds.first.map {
                            words("map.band.under", ["figure": MapBuckets.format($0)])
                        } ?? "",
                        "highest": buckets.thresholds.last.map {
                            words("map.band.last", ["figure": MapBuckets.format($0)])
                        } ?? "",
                    ])),
            "countries": .array(countries), "dots": .array(dots), "others": .array(others), "legend": .array(legend),
            "hasNoData": .bool(anyWithoutFigure || !others.isEmpty), "choices": .array(choices), "table": table,
        ]
    }

    /// A band's name in the legend: `Under 100`, `200 to 300`, `500 and over`; `All` with one band.
    private func bandLabel(_ band: Int, _ buckets: MapBuckets) -> String {
        let thresholds = buckets.thresholds
        guard !thresholds.isEmpty else { return words("map.band.all") }
        if band == 0 { return words("map.band.first", ["figure": MapBuckets.format(thresholds[0])]) }
        if band == thresholds.count {
            return words("map.band.last", ["figure": MapBuckets.format(thresholds[band - 1])])
        }
        return words(
            "map.band.between",
            ["low": MapBuckets.format(thresholds[band - 1]), "high": MapBuckets.format(thresholds[band])])
    }
}

extension Links {
    /// The front page in a chart view and with a map figure: the charts' parameters (the vaccination
    /// metric's, or the history's), then `map` unless it is `cases` (`/?metric=deaths&map=tests`,
    /// `/?metric=doses&map=vaccinated`).
    static func world(_ charts: VaccinationChartSection.Query, _ figure: MapFigure) -> String {
        let base = VaccinationChartSection.link("/", charts)
        guard figure != .cases else { return base }
        return base + (base.contains("?") ? "&" : "?") + "map=" + figure.rawValue
    }

    /// The front page showing the history's view `chart` (the vaccination chart at its default).
    static func world(_ chart: ChartQuery, _ figure: MapFigure) -> String {
        world(VaccinationChartSection.Query(history: chart, metric: nil), figure)
    }
}
