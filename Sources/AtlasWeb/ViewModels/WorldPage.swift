import AtlasCore
import Formats
import Mustache

/// The worldwide page: totals with the day's changes, and the ways into the list.
struct WorldPage {
    let catalog: CountryCatalog
    /// The day the daily figures are for, as the page names it.
    let day: DataDay
    /// The flags there are.
    let flags: FlagImages

    /// The page's words.
    let words: PageWords

    var templateValue: TemplateValue {
        let t = catalog.totals
        let unreported = t.figures.dailyFiguresAreUnreported
        let cells: [StatCell] = [
            .count(
                "stat.cases", t[.cases], daily: t[.todayCases], unreported: unreported, day: day, kind: "cases",
                words: words),
            .count(
                "stat.deaths", t[.deaths], daily: t[.todayDeaths], unreported: unreported, day: day, kind: "deaths",
                words: words),
            .count(
                "stat.recovered", t[.recovered], daily: t[.todayRecovered], unreported: unreported, day: day,
                kind: "recovered", words: words),
            .count("stat.active", t[.active], kind: "active", words: words),
            .count("stat.critical", t[.critical], kind: "critical", words: words),
            .count("stat.tests", t[.tests], kind: "tests", words: words),
            .count("stat.affectedCountries", t[.affectedCountries], kind: "countries", words: words),
            .count("stat.population", t[.population], kind: "population", words: words),
        ]
        let continents: [TemplateValue] = Continent.allCases.map { continent in
            let count = catalog.entries.filter { $0.continent == continent }.count
            return [
                "name": .string(words(continent.catalogKey)),
                "href": .string(
                    words.language.target(forEnglish: Links.countryList(CountryQuery(continent: continent)))),
                "count": .string(Formatting.grouped(Int64(count))),
            ]
        }
        let topByCases = CountryQuery(sort: .cases).apply(to: catalog).prefix(5).map {
            CountryRow($0, flags: flags, words: words)
        }
        return [
            "stats": .array(cells.map(\.templateValue)),
            "continents": .array(continents),
            "searchAction": .string(words.language.target(forEnglish: "/countries")),
            "browse": .string(words("world.browse", ["count": Formatting.grouped(Int64(catalog.entries.count))])),
            "topByCases": .array(topByCases.map(\.templateValue)),
            "listByCasesHref": .string(
                words.language.target(forEnglish: Links.countryList(CountryQuery(sort: .cases)))),
        ]
    }
}

/// One row of a country table, in the language of `words`: the entry's name
/// in that language, its continent, its figures, and a link to its page in that language.
struct CountryRow {
    let entry: CountryCatalog.Entry
    /// The flags there are: the row's flag stands beside its name.
    let flags: FlagImages
    /// The page's words.
    let words: PageWords

    init(_ entry: CountryCatalog.Entry, flags: FlagImages, words: PageWords) {
        self.entry = entry
        self.flags = flags
        self.words = words
    }

    /// The entry's name in the page's language: its Korean name on a Korean page (the English one
    /// when it has none).
    var name: String {
        entry.name(in: words.language)
    }

    var templateValue: TemplateValue {
        let country = entry.country
        let language = words.language
        let notAvailable = words("stat.notAvailable")
        func text(_ figure: String?) -> TemplateValue { .string(figure ?? notAvailable) }
        let continent = entry.continent.map { words($0.catalogKey) }
        return [
            "id": .string(entry.id),
            "href": .string(language.target(forEnglish: Links.country(entry.id))),
            "name": .string(name),
            "flag": flags.templateValue(iso2: country.countryInfo.iso2, name: name, use: .besideName),
            "continent": .string(continent ?? "—"),
            "population": text(country[.population].flatMap { $0 > 0 ? NumberText.grouped($0) : nil }),
            "cases": text(country[.cases].map(NumberText.grouped)),
            "deaths": text(country[.deaths].map(NumberText.grouped)),
            "casesPerMillion": text(CountryQuery.figure(.casesPerMillion, of: entry).flatMap(NumberText.figure)),
            "deathsPerMillion": text(CountryQuery.figure(.deathsPerMillion, of: entry).flatMap(NumberText.figure)),
            "activePerMillion": text(CountryQuery.figure(.activePerMillion, of: entry).flatMap(NumberText.figure)),
            "testsPerMillion": text(CountryQuery.figure(.testsPerMillion, of: entry).flatMap(NumberText.figure)),
            "fullyVaccinated": text(CountryQuery.figure(.fullyVaccinated, of: entry).flatMap(NumberText.decimal)),
            "dosesPerHundred": text(CountryQuery.figure(.dosesPerHundred, of: entry).flatMap(NumberText.decimal)),
            "todayCases": .string(
                country.figures.dailyFiguresAreUnreported
                    ? words("daily.notReported")
                    : Formatting.change(country[.todayCases]) ?? notAvailable),
        ]
    }
}
