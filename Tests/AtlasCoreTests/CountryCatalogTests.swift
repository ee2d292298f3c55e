import Foundation
import Testing

@testable import AtlasCore

/// A small catalog with the quirks of the real data: ships without ISO codes, Worldometers names.
func sampleCatalog() -> CountryCatalog {
    let countries = [
        Country(
            country: "S. Korea", countryInfo: CountryInfo(_id: 410, iso2: "KR", iso3: "KOR", lat: 37, long: 127.5),
            continent: "Asia", figures: [.cases: 390_000, .population: 51_000_000]),
        Country(
            country: "Côte d'Ivoire", countryInfo: CountryInfo(_id: 384, iso2: "CI", iso3: "CIV", lat: 8, long: -5),
            continent: "Africa", figures: [.cases: 61_000, .population: 27_000_000]),
        Country(
            country: "USA", countryInfo: CountryInfo(_id: 840, iso2: "US", iso3: "USA", lat: 38, long: -97),
            continent: "North America", figures: [.cases: 47_000_000, .population: 333_000_000]),
        Country(
            country: "UK", countryInfo: CountryInfo(_id: 826, iso2: "GB", iso3: "GBR", lat: 54, long: -2),
            continent: "Europe", figures: [.cases: 9_000_000, .population: 68_000_000]),
        Country(country: "Diamond Princess", continent: "", figures: [.cases: 712, .population: 0]),
        Country(country: "MS Zaandam", continent: "", figures: [.cases: 9, .population: 0]),
        Country(
            country: "New Zealand", countryInfo: CountryInfo(iso2: "NZ", iso3: "NZL"), continent: "Australia/Oceania"),
        Country(
            country: "Bogus", countryInfo: CountryInfo(iso2: "XB", iso3: "XBG"), continent: "1439323776",
            figures: [.cases: 1]),
    ]
    let facts = [
        "KR": CountryFacts(common: "South Korea", official: "Republic of Korea"),
        "CI": CountryFacts(common: "Ivory Coast", official: "Republic of Côte d'Ivoire"),
        "US": CountryFacts(common: "United States", official: "United States of America"),
        "GB": CountryFacts(common: "United Kingdom", official: "United Kingdom of Great Britain and Northern Ireland"),
    ]
    return CountryCatalog(snapshot: Snapshot(countries: countries, totals: WorldTotals(), source: "test"), facts: facts)
}

extension CountryFacts {
    init(common: String, official: String) {
        self.init(
            name: Name(common: common, official: official), cca3: nil, capital: [], area: nil, languages: [],
            currencies: [], region: nil, subregion: nil, latlng: [], flag: nil)
    }
}

struct CountryIDResolutionTests {
    @Test func canonicalIDsAreLowerCaseISO2OrANameSlugForShips() {
        let ids = sampleCatalog().entries.map(\.id)
        #expect(ids == ["kr", "ci", "us", "gb", "diamond-princess", "ms-zaandam", "nz", "xb"])
    }

    @Test(arguments: ["KR", "kor", "KOR", "s-korea", "south-korea", "republic-of-korea", "S. Korea"])
    func otherSpellingsMoveToTheCanonicalID(_ spelling: String) {
        guard case .moved(let id) = sampleCatalog().resolve(spelling) else {
            Issue.record("\(spelling) did not redirect")
            return
        }
        #expect(id == "kr")
    }

    /// Past `longestQuery` characters no id, alias or name can match: no search for near matches.
    @Test func anIDLongerThanAnyNameGetsNoSuggestionsButOneAtTheLimitStillDoes() {
        let long = String(repeating: "korea ", count: 20)
        guard case .notFound(let suggestions) = sampleCatalog().resolve(long) else {
            Issue.record("a long id resolved")
            return
        }
        #expect(suggestions.isEmpty)
        #expect(sampleCatalog().suggestions(for: long).isEmpty)
        let atLimit = "koreaa" + String(repeating: " ", count: CountryCatalog.longestQuery - 6)
        #expect(sampleCatalog().suggestions(for: atLimit).map(\.id).contains("kr"))
    }

    @Test func aCanonicalIDIsFoundAsIs() {
        guard case .found(let entry) = sampleCatalog().resolve("diamond-princess") else {
            Issue.record("ship not found")
            return
        }
        #expect(entry.country.country == "Diamond Princess")
        #expect(entry.continent == nil)
    }

    @Test func anUnknownIDSuggestsNearNames() {
        guard case .notFound(let suggestions) = sampleCatalog().resolve("koreaa") else {
            Issue.record("koreaa should not resolve")
            return
        }
        #expect(suggestions.map(\.id).contains("kr"))
    }

    @Test(arguments: ["korae", "kroea", "s-kroea"])
    func aSwapOfTwoNeighbouringLettersStillSuggestsTheCountry(_ id: String) {
        guard case .notFound(let suggestions) = sampleCatalog().resolve(id) else {
            Issue.record("\(id) should not resolve")
            return
        }
        #expect(suggestions.map(\.id).first == "kr", "\(id)")
    }

    @Test(arguments: [
        ("korae", "korea", 1), ("korea", "korea", 0), ("kroea", "korea", 1), ("korea", "kore", 1),
        ("abcd", "badc", 2), ("ca", "abc", 3), ("spian", "spain", 1), ("japn", "japan", 1),
    ])
    func editDistanceCountsASwapAsOneEdit(_ a: String, _ b: String, _ expected: Int) {
        #expect(EditDistance.between(a, b, limit: 5) == expected)
        #expect(EditDistance.between(b, a, limit: 5) == expected)
        #expect(EditDistance.between(a, b, limit: max(0, expected - 1)) == expected)
    }

    @Test(arguments: ["qqqqqqqqqq", "zzz"])
    func gibberishHasNoSuggestions(_ id: String) {
        guard case .notFound(let suggestions) = sampleCatalog().resolve(id) else {
            Issue.record("should not resolve")
            return
        }
        #expect(suggestions.isEmpty)
    }
}

struct CountryQueryTests {
    @Test(arguments: [
        ("kor", ["kr"]), ("Korea", ["kr"]), ("cote", ["ci"]), ("CÔTE D'IVOIRE", ["ci"]), ("ivory", ["ci"]),
        ("united", ["gb", "us"]), ("usa", ["us"]), ("princess", ["diamond-princess"]), ("zzz", []),
        ("🇰🇷", ["kr"]), ("🇬🇧 🇺🇸", ["gb", "us"]), ("🦠", []), ("...", []),
        ("Korea, Republic of", ["kr"]), ("cote divoire", ["ci"]), ("new zea land", ["nz"]),
    ])
    func searchIsCaseAndDiacriticInsensitiveOverNamesAndCodes(_ search: String, _ expected: [String]) {
        let ids = CountryQuery(search: search).apply(to: sampleCatalog()).map(\.id)
        #expect(ids == expected)
    }

    @Test func continentFiltersKeepOnlyThatContinent() {
        let catalog = sampleCatalog()
        #expect(CountryQuery(continent: .asia).apply(to: catalog).map(\.id) == ["kr"])
        #expect(CountryQuery(continent: .australiaOceania).apply(to: catalog).map(\.id) == ["nz"])
    }

    @Test func aBogusContinentIsListedOnlyUnderAll() {
        let catalog = sampleCatalog()
        for continent in Continent.allCases {
            #expect(!CountryQuery(continent: continent).apply(to: catalog).map(\.id).contains("xb"))
        }
        #expect(CountryQuery().apply(to: catalog).map(\.id).contains("xb"))
    }

    @Test func sortingByCasesPutsLargestFirstAndUnknownLast() {
        let ids = CountryQuery(sort: .cases).apply(to: sampleCatalog()).map(\.id)
        #expect(ids.first == "us")
        #expect(ids.last == "nz")
    }

    @Test func sortingByNameIgnoresCaseAndDiacritics() {
        let ids = CountryQuery().apply(to: sampleCatalog()).map(\.id)
        #expect(ids == ["xb", "ci", "diamond-princess", "ms-zaandam", "nz", "kr", "gb", "us"])
    }

    @Test func searchContinentAndSortCombine() {
        let catalog = sampleCatalog()
        #expect(CountryQuery(search: "u", continent: .europe, sort: .population).apply(to: catalog).map(\.id) == ["gb"])
    }
}

struct ContinentTests {
    @Test(arguments: [
        ("north-america", Continent.northAmerica), ("North America", .northAmerica),
        ("Australia-Oceania", .australiaOceania),
        ("Australia/Oceania", .australiaOceania), ("oceania", .australiaOceania), ("EUROPE", .europe),
    ])
    func slugsAndUpstreamSpellingsAreRecognised(_ text: String, _ expected: Continent) {
        #expect(Continent(text) == expected)
    }

    @Test(arguments: ["", "1439323776", "mars", "antarctica"])
    func unknownValuesAreNotContinents(_ text: String) {
        #expect(Continent(text) == nil)
    }
}

struct TextFoldingTests {
    @Test(arguments: [
        ("S. Korea", "s-korea"), ("Côte d'Ivoire", "cote-d-ivoire"), ("Diamond Princess", "diamond-princess"),
        ("Curaçao", "curacao"), ("Holy See (Vatican City State)", "holy-see-vatican-city-state"),
    ])
    func slugsFoldDiacriticsAndPunctuation(_ name: String, _ slug: String) {
        #expect(TextFolding.slug(name) == slug)
    }
}

/// The sample catalog with other names (as `data/country-names.json` gives them) and a country the
/// snapshot lacks (North Korea, in the facts only).
func catalogWithOtherNames() -> CountryCatalog {
    let countries = [
        Country(country: "Germany", countryInfo: CountryInfo(iso2: "DE", iso3: "DEU")),
        Country(country: "Netherlands", countryInfo: CountryInfo(iso2: "NL", iso3: "NLD")),
        Country(country: "UK", countryInfo: CountryInfo(iso2: "GB", iso3: "GBR")),
        Country(country: "St. Barth", countryInfo: CountryInfo(iso2: "BL", iso3: "BLM")),
        Country(country: "Saint Lucia", countryInfo: CountryInfo(iso2: "LC", iso3: "LCA")),
        Country(country: "S. Korea", countryInfo: CountryInfo(iso2: "KR", iso3: "KOR")),
        Country(country: "USA", countryInfo: CountryInfo(iso2: "US", iso3: "USA")),
        Country(country: "Australia", countryInfo: CountryInfo(iso2: "AU", iso3: "AUS")),
        Country(country: "Belarus", countryInfo: CountryInfo(iso2: "BY", iso3: "BLR")),
    ]
    var facts = [
        "KR": CountryFacts(common: "South Korea", official: "Republic of Korea"),
        "US": CountryFacts(common: "United States", official: "United States of America"),
        "KP": CountryFacts(common: "North Korea", official: "Democratic People's Republic of Korea"),
    ]
    facts["KP"]?.flag = "🇰🇵"
    let otherNames = [
        "DE": ["Bundesrepublik Deutschland", "Deutschland", "Allemagne"],
        "NL": ["Holland", "Nederland", "Pays-Bas"],
        "KR": ["남한", "Южная Корея", "韓国"],
        "KP": ["Nordkorea", "Северная Корея"],
        "US": ["USA", "Vereinigte Staaten"],
    ]
    return CountryCatalog(
        snapshot: Snapshot(countries: countries, totals: WorldTotals(), source: "test"), facts: facts,
        otherNames: otherNames)
}

struct SearchRankTests {
    let catalog = catalogWithOtherNames()

    func ids(_ search: String) -> [String] { CountryQuery(search: search).apply(to: catalog).map(\.id) }

    @Test func anExactCodeComesBeforeNamesThatStartWithItAndThoseBeforeTheRest() {
        #expect(ids("us") == ["us", "au", "by"])
        #expect(ids("bel") == ["by"])
    }

    @Test(arguments: [
        ("deutschland", ["de"]), ("allemagne", ["de"]), ("holland", ["nl"]), ("pays bas", ["nl"]),
        ("южная корея", ["kr"]), ("корея", ["kr"]), ("韓国", ["kr"]), ("남한", ["kr"]), ("england", ["gb"]),
        ("wales", ["gb"]), ("st lucia", ["lc"]), ("st. lucia", ["lc"]), ("saint barth", ["bl"]), ("st barth", ["bl"]),
        ("vereinigte", ["us"]), ("nordkorea", []),
    ])
    func otherNamesFindTheirCountry(_ search: String, _ expected: [String]) {
        #expect(ids(search) == expected, "\(search)")
    }

    /// Other names match from the start of a word only, so a short search does not pick up every
    /// country with those letters somewhere in one of its 48 translations.
    @Test func otherNamesMatchFromTheStartOfAWord() {
        #expect(ids("eutschland").isEmpty)
        #expect(ids("lemagne").isEmpty)
    }

    @Test(arguments: [
        ("Nordkorea", "KP"), ("north-korea", "KP"), ("North Korea", "KP"), ("🇰🇵", "KP"), ("Северная Корея", "KP"),
    ])
    func aCountryTheSnapshotLacksIsKnownByItsNames(_ text: String, _ iso2: String) {
        #expect(catalog.absentCountry(named: text)?.iso2 == iso2)
        #expect(catalog.absentCountry(named: text)?.name == "North Korea")
    }

    @Test func aCountryInTheDataIsNotAbsent() {
        #expect(catalog.absentCountry(named: "south korea") == nil)
        #expect(catalog.absentCountry(named: "korea") == nil)
    }

    @Test func aFlagAloneResolvesToItsCountry() {
        guard case .moved(let id) = catalog.resolve("🇰🇷") else {
            Issue.record("🇰🇷 did not move")
            return
        }
        #expect(id == "kr")
        guard case .notFound = catalog.resolve("🇰🇵") else {
            Issue.record("🇰🇵 is not in the data")
            return
        }
    }

    @Test(arguments: [("st lucia", "saint lucia"), ("ste anne", "sainte anne"), ("east", "east"), ("st", "saint")])
    func abbreviationsAreSpelledOutWordByWord(_ key: String, _ spelledOut: String) {
        #expect(TextFolding.spellingOutAbbreviations(key) == spelledOut)
    }

    /// `st` is also São Tomé's code: both readings count.
    @Test func aSearchIsMatchedAsTypedAndSpelledOut() {
        let term = SearchTerm("st")!
        #expect(term.variants.map(\.key) == ["st", "saint"])
    }
}

struct SearchKeyTests {
    /// The byte-by-byte path for ASCII text folds exactly as Foundation's folding does.
    @Test(arguments: [
        "S. Korea", "Côte d'Ivoire", "  UK  ", "St. Vincent Grenadines", "Guinea-Bissau", "A1b2--C3", "...", "",
        "Korea (Democratic People's Republic of)", "MS Zaandam", "a\tb", "Ünited", "ＵＳＡ",
    ])
    func asciiAndOtherTextFoldAlike(_ text: String) {
        // Appending a non-ASCII letter sends the text down Foundation's path; the prefix must agree.
        let viaFoundation = TextFolding.searchKey(text + " é")
        let expected =
            viaFoundation.hasSuffix("e")
            ? String(viaFoundation.dropLast()).trimmingCharacters(in: .whitespaces) : viaFoundation
        #expect(TextFolding.searchKey(text) == expected, "\(text)")
    }
}
