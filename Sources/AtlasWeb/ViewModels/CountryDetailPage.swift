import AtlasCharts
import AtlasCore
import Formats
import Foundation
import Mustache

/// A country's page: header with the map and flag, the stat grid, per-million figures and facts.
struct CountryDetailPage {
    let entry: CountryCatalog.Entry
    /// The day the daily figures are for, as the page names it.
    let day: DataDay
    /// The country's outline bounds (Natural Earth), which the map fits; nil for places too small
    /// for the 1:110m outlines (Singapore, Malta), whose map zooms by area instead.
    var outlineBounds: CountryOutlines.Bounds? = nil
    /// The shipped outlines, for the map drawn on the server that shows until Leaflet replaces it.
    var outlines: CountryOutlines? = nil
    /// The Leaflet tile URL template the map loads tiles from.
    var tileURL = TileSource.openStreetMap
    /// The flags there are: the page's flag stands alone, over the map.
    let flags: FlagImages

    /// The page's words.
    let words: PageWords

    /// The entry's name as the page's headings write it: `S. Korea`, `대한민국`.
    var name: String { entry.name(in: words.language) }

    /// The name inside a sentence: `the USA` in English (`Map of the USA`), the Korean name as it is.
    var nameInSentence: String { words.language == .en ? entry.country.nameInSentence : name }

    var templateValue: TemplateValue {
        let c = entry.country
        let unreported = c.figures.dailyFiguresAreUnreported
        let stats: [StatCell] = [
            .count(
                "stat.cases", c[.cases], daily: c[.todayCases], unreported: unreported, day: day, kind: "cases",
                words: words),
            .count(
                "stat.deaths", c[.deaths], daily: c[.todayDeaths], unreported: unreported, day: day, kind: "deaths",
                words: words),
            .count(
                "stat.recovered", c[.recovered], daily: c[.todayRecovered], unreported: unreported, day: day,
                kind: "recovered", note: zeroMeansNoData(c[.recovered]), words: words),
            .count("stat.active", c[.active], kind: "active", words: words),
            .count("stat.critical", c[.critical], kind: "critical", words: words),
            .count("stat.tests", c[.tests], kind: "tests", note: zeroMeansNoData(c[.tests]), words: words),
        ]
        // Without a population (the cruise ships) upstream sends 0 for every ratio: unknown, not zero.
        let hasPopulation = (c[.population] ?? 0) > 0
        func ifPopulated(_ value: Double?) -> Double? { hasPopulation ? value : nil }
        let perMillion: [StatCell] = [
            .ratio("stat.casesPerMillion", ifPopulated(c[ratio: .casesPerOneMillion]), kind: "cases", words: words),
            .ratio("stat.deathsPerMillion", ifPopulated(c[ratio: .deathsPerOneMillion]), kind: "deaths", words: words),
            .ratio("stat.testsPerMillion", ifPopulated(c[ratio: .testsPerOneMillion]), kind: "tests", words: words),
            .ratio("stat.activePerMillion", ifPopulated(c[ratio: .activePerOneMillion]), kind: "active", words: words),
            .ratio(
                "stat.recoveredPerMillion", ifPopulated(c[ratio: .recoveredPerOneMillion]), kind: "recovered",
                words: words),
            .ratio(
                "stat.criticalPerMillion", ifPopulated(c[ratio: .criticalPerOneMillion]), kind: "critical",
                words: words),
        ]
        let facts = factsValue
        var hasFacts = true
        if case .null = facts { hasFacts = false }
        let name = self.name
        let inSentence = nameInSentence
        let wikipediaName = words.language == .en ? entry.facts?.name.common ?? c.country : name
        var value: [String: TemplateValue] = [
            "id": .string(entry.id),
            "name": .string(name),
            "flag": flags.templateValue(
                iso2: c.countryInfo.iso2, name: name, use: .alone(withoutFlag: words("country.noFlag", ["name": name]))),
            "population": .string(
                c[.population].flatMap { $0 > 0 ? $0 : nil }.map {
                    words("country.population", ["population": NumberText.grouped($0)])
                } ?? words("country.populationUnknown")),
            "stats": .array(stats.map(\.templateValue)),
            "perMillion": .array(perMillion.map(\.templateValue)),
            "learnMore": [
                "href": .string(
                    Links.learnMore(words("country.wikipediaSearch", ["name": wikipediaName]), in: words.language)),
                "label": .string(words("country.learnMore", ["name": inSentence])),
            ],
            "mapOf": .string(words("country.mapOf", ["name": inSentence])),
            "noPlaceOnMap": .string(words("country.noPlaceOnMap", ["name": name])),
            "compareWith": .string(words("country.compareWith", ["name": name])),
            "about": .string(words("country.about", ["name": name])),
            "allCountriesHref": .string(words.language.target(forEnglish: "/countries")),
            "compareAction": .string(words.language.target(forEnglish: "/compare")),
            "facts": facts,
            "hasFacts": .bool(hasFacts),
            "map": mapValue,
        ]
        if let continent = entry.continent {
            value["continent"] = [
                "name": .string(words(continent.catalogKey)),
                "href": .string(
                    words.language.target(forEnglish: Links.countryList(CountryQuery(continent: continent)))),
            ]
        }
        if words.language == .en, let official = entry.facts?.name.official, official != c.country {
            value["officialName"] = .string(official)
        }
        if let iso2 = c.countryInfo.iso2, let iso3 = c.countryInfo.iso3 {
            value["codes"] = .string("\(iso2) · \(iso3)")
        }
        return .object(value)
    }

    /// Zero stands for "not reported" in disease.sh counters that some countries never publish.
    private func zeroMeansNoData(_ value: Int64?) -> String? {
        value == 0 ? words("stat.zeroMeansNoData") : nil
    }

    /// The facts in the page's language: the capitals as mledoze names them, the area, the languages
    /// and currencies by their ISO codes (`PageWords.languageName`), the region and subregion.
    private var factsValue: TemplateValue {
        guard let facts = entry.facts else { return .null }
        var rows: [TemplateValue] = []
        func add(_ term: String, _ detail: String?) {
            if let detail, !detail.isEmpty { rows.append(["term": .string(words(term)), "detail": .string(detail)]) }
        }
        add(facts.capital.count > 1 ? "facts.capitals" : "facts.capital", facts.capital.joined(separator: ", "))
        add("facts.area", Formatting.area(facts.area))
        add(
            facts.languages.count > 1 ? "facts.languages" : "facts.language",
            facts.languages.map { words.languageName(code: $0.code, english: $0.name) }.joined(separator: ", "))
        add(
            facts.currencies.count > 1 ? "facts.currencies" : "facts.currency",
            facts.currencies.map { currency in
                let name = words.currencyName(code: currency.code, english: currency.name)
                return currency.symbol.map { "\(name) (\($0))" } ?? name
            }.joined(separator: ", "))
        add(
            "facts.region",
            [facts.region, facts.subregion].compactMap { $0 }.map { words("region." + PageWords.keySegment($0)) }
                .joined(separator: " · "))
        return rows.isEmpty ? .null : .array(rows)
    }

    /// Where the map centres: the entry's own lat/long, or mledoze's when disease.sh has none.
    /// Entries at 0,0 without an ISO code (cruise ships) have no place on a map.
    private var mapValue: TemplateValue {
        let info = entry.country.countryInfo
        var lat = info.lat
        var long = info.long
        if lat == 0 && long == 0 || lat == nil || long == nil, let latlng = entry.facts?.latlng, latlng.count == 2 {
            lat = latlng[0]
            long = latlng[1]
        }
        guard let lat, let long, !(lat == 0 && long == 0), abs(lat) <= 90, abs(long) <= 180 else { return .null }
        let centre = [
            "name": nameInSentence,
            "lat": CountryDetailPage.coordinate(lat, positive: "north", negative: "south", words: words),
            "long": CountryDetailPage.coordinate(long, positive: "east", negative: "west", words: words),
        ]
        var value: [String: TemplateValue] = [
            "lat": .string(String(lat)),
            "long": .string(String(long)),
            "zoom": .string(String(CountryDetailPage.zoom(forAreaKm2: entry.facts?.area))),
            "fallback": .string(words("country.mapFallback", centre)),
            "iso2": .string(entry.country.countryInfo.iso2 ?? ""),
            "tileURL": .string(tileURL),
        ]
        // Without JavaScript the outlines drawn here show the country among its neighbours.
        if let outlines {
            let map = LocatorMap(
                outlines: outlines, iso2: entry.country.countryInfo.iso2?.uppercased(), lat: lat, long: long,
                bounds: outlineBounds)
            value["locator"] = [
                "label": .string(words("country.locatorLabel", centre)),
                "title": .string(words("country.locatorTitle", centre)),
                "width": .string(String(LocatorMap.width)), "height": .string(String(LocatorMap.height)),
                "outlines": .array(
                    map.outlines.map { ["path": .string($0.path), "selected": .bool($0.isSelected)] }),
                "markerX": .string(ChartGeometry.coordinate(map.marker.x)),
                "markerY": .string(ChartGeometry.coordinate(map.marker.y)),
            ]
        }
        // The marker always stays in view, even where the data's centre lies off the outline.
        if let bounds = outlineBounds?.including(lat: lat, long: long) {
            value["bounds"] = .string(
                [bounds.south, bounds.west, bounds.north, bounds.east].map { String($0) }.joined(separator: ","))
        }
        return .object(value)
    }

    /// A Leaflet zoom level that fits a country of that area: Russia ≈ 2, Korea ≈ 5, Monaco ≈ 10.
    static func zoom(forAreaKm2 area: Double?) -> Int {
        guard let area, area > 0 else { return 5 }
        return min(10, max(2, Int((10.5 - 1.2 * log10(area)).rounded())))
    }

    /// A latitude or longitude as the page writes it: `37.57° N`, `북위 37.57°` (`country.north` …).
    static func coordinate(_ degrees: Double, positive: String, negative: String, words: PageWords) -> String {
        words(
            "country." + (degrees < 0 ? negative : positive), ["degrees": Formatting.decimal(abs(degrees))])
    }
}
