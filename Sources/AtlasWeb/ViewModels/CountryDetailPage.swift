import AtlasCharts
import AtlasCore
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

    var templateValue: TemplateValue {
        let c = entry.country
        let unreported = c.figures.dailyFiguresAreUnreported
        let stats: [StatCell] = [
            .count("Cases", c[.cases], daily: c[.todayCases], unreported: unreported, day: day, kind: "cases"),
            .count("Deaths", c[.deaths], daily: c[.todayDeaths], unreported: unreported, day: day, kind: "deaths"),
            .count(
                "Recovered", c[.recovered], daily: c[.todayRecovered], unreported: unreported, day: day,
                kind: "recovered", note: zeroMeansNoData(c[.recovered])
            ),
            .count("Active", c[.active], kind: "active"),
            .count("Critical", c[.critical], kind: "critical"),
            .count("Tests", c[.tests], kind: "tests", note: zeroMeansNoData(c[.tests])),
        ]
        // Without a population (the cruise ships) upstream sends 0 for every ratio: unknown, not zero.
        let hasPopulation = (c[.population] ?? 0) > 0
        func ifPopulated(_ value: Double?) -> Double? { hasPopulation ? value : nil }
        let perMillion: [StatCell] = [
            .ratio("Cases per million", ifPopulated(c[ratio: .casesPerOneMillion]), kind: "cases"),
            .ratio("Deaths per million", ifPopulated(c[ratio: .deathsPerOneMillion]), kind: "deaths"),
            .ratio("Tests per million", ifPopulated(c[ratio: .testsPerOneMillion]), kind: "tests"),
            .ratio("Active per million", ifPopulated(c[ratio: .activePerOneMillion]), kind: "active"),
            .ratio("Recovered per million", ifPopulated(c[ratio: .recoveredPerOneMillion]), kind: "recovered"),
            .ratio("Critical per million", ifPopulated(c[ratio: .criticalPerOneMillion]), kind: "critical"),
        ]
        let facts = factsValue
        var hasFacts = true
        if case .null = facts { hasFacts = false }
        var value: [String: TemplateValue] = [
            "id": .string(entry.id),
            "name": .string(c.country),
            // Inside a sentence: "Map of the USA", "COVID-19 in the Philippines".
            "nameInSentence": .string(c.nameInSentence),
            "flag": flags.templateValue(iso2: c.countryInfo.iso2, name: c.country, use: .alone),
            "population": .string(Formatting.grouped(c[.population].flatMap { $0 > 0 ? $0 : nil })),
            "stats": .array(stats.map(\.templateValue)),
            "perMillion": .array(perMillion.map(\.templateValue)),
            "learnMoreHref": .string(Links.learnMore(entry.facts?.name.common ?? c.country)),
            "facts": facts,
            "hasFacts": .bool(hasFacts),
            "map": mapValue,
        ]
        if let continent = entry.continent {
            value["continent"] = [
                "name": .string(continent.displayName),
                "href": .string(Links.countryList(CountryQuery(continent: continent))),
            ]
        }
        if let official = entry.facts?.name.official, official != c.country {
            value["officialName"] = .string(official)
        }
        if let iso2 = c.countryInfo.iso2, let iso3 = c.countryInfo.iso3 {
            value["codes"] = .string("\(iso2) · \(iso3)")
        }
        return .object(value)
    }

    /// Zero stands for "not reported" in disease.sh counters that some countries never publish.
    private func zeroMeansNoData(_ value: Int64?) -> String? {
        value == 0 ? "0 usually means not reported" : nil
    }

    private var factsValue: TemplateValue {
        guard let facts = entry.facts else { return .null }
        var rows: [TemplateValue] = []
        func add(_ term: String, _ detail: String?) {
            if let detail, !detail.isEmpty { rows.append(["term": .string(term), "detail": .string(detail)]) }
        }
        add(facts.capital.count > 1 ? "Capitals" : "Capital", facts.capital.joined(separator: ", "))
        add("Area", Formatting.area(facts.area))
        add(facts.languages.count > 1 ? "Languages" : "Language", facts.languages.map(\.name).joined(separator: ", "))
        add(
            facts.currencies.count > 1 ? "Currencies" : "Currency",
            facts.currencies.map { currency in
                currency.symbol.map { "\(currency.name) (\($0))" } ?? currency.name
            }.joined(separator: ", "))
        add("Region", [facts.region, facts.subregion].compactMap { $0 }.joined(separator: " · "))
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
        var value: [String: TemplateValue] = [
            "lat": .string(String(lat)),
            "long": .string(String(long)),
            "zoom": .string(String(CountryDetailPage.zoom(forAreaKm2: entry.facts?.area))),
            "latText": .string(CountryDetailPage.coordinate(lat, positive: "N", negative: "S")),
            "longText": .string(CountryDetailPage.coordinate(long, positive: "E", negative: "W")),
            "iso2": .string(entry.country.countryInfo.iso2 ?? ""),
            "tileURL": .string(tileURL),
        ]
        // Without JavaScript the outlines drawn here show the country among its neighbours.
        if let outlines {
            let map = LocatorMap(
                outlines: outlines, iso2: entry.country.countryInfo.iso2?.uppercased(), lat: lat, long: long,
                bounds: outlineBounds)
            value["locator"] = [
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

    static func coordinate(_ degrees: Double, positive: String, negative: String) -> String {
        "\(Formatting.decimal(abs(degrees)))° \(degrees < 0 ? negative : positive)"
    }
}
