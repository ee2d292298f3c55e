import AtlasCore
import Mustache

/// The worldwide page: totals with the day's changes, and the ways into the list.
struct WorldPage {
    let catalog: CountryCatalog
    /// The day the daily figures are for, as the page names it.
    let day: DataDay
    /// The flags there are.
    let flags: FlagImages

    var templateValue: TemplateValue {
        let t = catalog.totals
        let unreported = t.figures.dailyFiguresAreUnreported
        let cells: [StatCell] = [
            .count("Cases", t[.cases], daily: t[.todayCases], unreported: unreported, day: day, kind: "cases"),
            .count("Deaths", t[.deaths], daily: t[.todayDeaths], unreported: unreported, day: day, kind: "deaths"),
            .count(
                "Recovered", t[.recovered], daily: t[.todayRecovered], unreported: unreported, day: day,
                kind: "recovered"),
            .count("Active", t[.active], kind: "active"),
            .count("Critical", t[.critical], kind: "critical"),
            .count("Tests", t[.tests], kind: "tests"),
            .count("Affected countries", t[.affectedCountries], kind: "countries"),
            .count("Population", t[.population], kind: "population"),
        ]
        let continents: [TemplateValue] = Continent.allCases.map { continent in
            let count = catalog.entries.filter { $0.continent == continent }.count
            return [
                "name": .string(continent.displayName),
                "href": .string(Links.countryList(CountryQuery(continent: continent))),
                "count": .string(Formatting.grouped(Int64(count))),
            ]
        }
        let topByCases = CountryQuery(sort: .cases).apply(to: catalog).prefix(5).map { CountryRow($0, flags: flags) }
        return [
            "stats": .array(cells.map(\.templateValue)),
            "continents": .array(continents),
            "countryCount": .string(Formatting.grouped(Int64(catalog.entries.count))),
            "topByCases": .array(topByCases.map(\.templateValue)),
            "listByCasesHref": .string(Links.countryList(CountryQuery(sort: .cases))),
        ]
    }
}

/// One row of a country table.
struct CountryRow {
    let entry: CountryCatalog.Entry
    /// The flags there are: the row's flag stands beside its name.
    let flags: FlagImages

    init(_ entry: CountryCatalog.Entry, flags: FlagImages) {
        self.entry = entry
        self.flags = flags
    }

    var templateValue: TemplateValue {
        let country = entry.country
        return [
            "id": .string(entry.id),
            "href": .string(Links.country(entry.id)),
            "name": .string(country.country),
            "flag": flags.templateValue(iso2: country.countryInfo.iso2, name: country.country, use: .besideName),
            "continent": .string(entry.continent?.displayName ?? "—"),
            "population": .string(Formatting.grouped(country[.population].flatMap { $0 > 0 ? $0 : nil })),
            "cases": .string(Formatting.grouped(country[.cases])),
            "deaths": .string(Formatting.grouped(country[.deaths])),
            "casesPerMillion": .string(Formatting.figure(CountryQuery.figure(.casesPerMillion, of: entry))),
            "deathsPerMillion": .string(Formatting.figure(CountryQuery.figure(.deathsPerMillion, of: entry))),
            "activePerMillion": .string(Formatting.figure(CountryQuery.figure(.activePerMillion, of: entry))),
            "testsPerMillion": .string(Formatting.figure(CountryQuery.figure(.testsPerMillion, of: entry))),
            "fullyVaccinated": .string(Formatting.decimal(CountryQuery.figure(.fullyVaccinated, of: entry))),
            "dosesPerHundred": .string(Formatting.decimal(CountryQuery.figure(.dosesPerHundred, of: entry))),
            "todayCases": .string(
                country.figures.dailyFiguresAreUnreported
                    ? Formatting.notReported : Formatting.change(country[.todayCases]) ?? Formatting.notAvailable),
        ]
    }
}
