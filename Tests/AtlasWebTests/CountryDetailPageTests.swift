import AtlasCore
import AtlasSource
import AtlasStore
import Foundation
import HTTPCore
import Routing
import Testing

@testable import AtlasWeb

struct CountryDetailPageTests {
    let app: AppFixture
    var client: TestClient { app.client }

    init() throws { app = try AppFixture() }

    @Test func showsHeaderMapStatGridAndFacts() throws {
        let page = try client.get("/countries/kr")
        #expect(page.status == .ok)
        #expect(page.text.contains("<title>S. Korea — Covid Atlas</title>"))
        #expect(page.text.contains("<h1 id=\"country-name\">S. Korea</h1>"))
        #expect(page.text.contains("data-lat=\"37.0\" data-long=\"127.5\""))
        #expect(page.text.contains("<img class=\"flag\" src=\"/flags/kr.svg\" alt=\"S. Korea\""))
        #expect(page.text.contains("href=\"/countries?continent=asia\">Asia</a>"))
        for label in ["Cases", "Deaths", "Recovered", "Active", "Critical", "Tests", "Cases per million"] {
            #expect(page.text.contains("<dt>\(label)</dt>"), "no \(label) cell")
        }
        #expect(page.text.contains("Seoul"))
        #expect(page.text.contains("South Korean won (₩)"))
        #expect(page.text.contains("100,210 km²"))
        #expect(page.text.contains("Learn more about COVID-19 in S. Korea"))
        // Asset links carry the content's fingerprint (16 hex digits) before the extension.
        #expect(page.text.contains(try Regex("/vendor/leaflet/images/marker-icon\\.[0-9a-f]{16}\\.png")))
        #expect(
            page.text.contains(try Regex("<script src=\"/static/js/country-map\\.[0-9a-f]{16}\\.js\" defer></script>")))
        #expect(page.text.contains("role=\"region\" aria-label=\"Map of S. Korea\""))
        #expect(page.text.contains("<a href=\"/countries\" aria-current=\"true\">Countries</a>"))
        #expect(
            page.text.contains(
                try Regex(
                    "<noscript><link rel=\"stylesheet\" href=\"/static/css/no-script\\.[0-9a-f]{16}\\.css\"></noscript>"
                )))
    }

    @Test(arguments: ["KR", "kor", "KOR", "s-korea", "south-korea", "S.%20Korea"])
    func otherSpellingsRedirectPermanentlyToTheCanonicalURL(_ spelling: String) throws {
        let response = try client.get("/countries/\(spelling)?q=ignored")
        #expect(response.status == .movedPermanently)
        #expect(response.fields[.location] == "/countries/kr")
    }

    @Test func aNonASCIINameSlugRedirects() throws {
        let response = try client.get("/countries/R%C3%A9union")
        #expect(response.status == .movedPermanently)
        #expect(response.fields[.location] == "/countries/re")
    }

    @Test func shipsWithoutISOCodesUseANameSlugAndHaveNoMap() throws {
        let page = try client.get("/countries/diamond-princess")
        #expect(page.status == .ok)
        #expect(page.text.contains("Diamond Princess has no fixed place on the map."))
        #expect(!page.text.contains("id=\"map\""))
        #expect(page.text.contains("No continent"))
    }

    @Test func anUnknownCountryIsAHelpful404() throws {
        let page = try client.get("/countries/atlantis")
        #expect(page.status == .notFound)
        #expect(page.text.contains("No country “<bdi>atlantis</bdi>”"))
        #expect(page.text.contains("role=\"search\""))
        #expect(page.text.contains("value=\"atlantis\""))
    }

    @Test func aMisspeltCountrySuggestsTheRightOne() throws {
        let page = try client.get("/countries/germny")
        #expect(page.status == .notFound)
        #expect(page.text.contains("href=\"/countries/de\""))
    }

    @Test func figuresThatAreZeroForNoDataSaySo() throws {
        let page = try client.get("/countries/tz")  // Tanzania: tests 0, recovered 0
        #expect(page.text.contains("0 usually means not reported"))
    }
}

/// Records with upstream drift (docs/field-cases.md B03, B27) still render.
struct OddRecordTests {
    static let oddCountries: [Country] = {
        let json = """
            [{"country":"Driftland","countryInfo":{"_id":999,"iso2":"DL","iso3":"DRL","lat":10,"long":20,"flag":""},
              "continent":"1439323776","undefined":12,"cases":100,"recovered":null,"deaths":1.0,
              "casesPerOneMillion":0.7,"deathsPerOneMillion":1529.05,"tests":1000000.0,"population":5000},
             {"country":"<script>alert(1)</script>","countryInfo":{"_id":null,"iso2":null,"iso3":null,"lat":0,"long":0},
              "continent":"Australia/Oceania","cases":5}]
            """
        return try! SnapshotDecoder.decodeCountries(Array(json.utf8))
    }()

    /// An app on `store` whose snapshot is `oddCountries`, stored before it starts.
    static func app(_ store: StoreKind = .sqlite) throws -> AppFixture {
        try AppFixture(store: store, prepare: { try storeSnapshot(oddCountries, at: $0) })
    }

    @Test(arguments: StoreKind.available)
    func missingAndNullCountersShowNotAvailable(_ store: StoreKind) throws {
        let app = try Self.app(store)
        let page = try app.client.get("/countries/dl")
        #expect(page.status == .ok)
        #expect(page.text.contains("<dt>Recovered</dt>\n  <dd><span class=\"stat-value\">n/a</span>"))
        #expect(page.text.contains("1,000,000"))  // tests sent as 1000000.0
        #expect(page.text.contains(">0.7<"))
        // A per-million figure from 100 up is whole, as the counts beside it (NumberText.figure).
        #expect(page.text.contains(">1,529<"))
        #expect(!page.text.contains("1,529.05"))
    }

    @Test(arguments: StoreKind.available)
    func aBogusContinentIsListedOnlyUnderAll(_ store: StoreKind) throws {
        let app = try Self.app(store)
        #expect(try app.client.get("/countries").text.contains(">Driftland</span></a>"))
        for continent in Continent.allCases {
            #expect(!(try app.client.get("/countries?continent=\(continent.slug)").text.contains("Driftland")))
        }
    }

    @Test(arguments: StoreKind.available)
    func aSlashContinentLandsUnderOceania(_ store: StoreKind) throws {
        let app = try Self.app(store)
        let page = try app.client.get("/countries?continent=australia-oceania")
        #expect(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test(arguments: StoreKind.available)
    func aNameWithMarkupIsEscapedOnItsPage(_ store: StoreKind) throws {
        let app = try Self.app(store)
        let page = try app.client.get("/countries/script-alert-1-script")
        #expect(page.status == .ok)
        #expect(!page.text.contains("<script>alert(1)</script>"))
        #expect(page.text.contains("<h1 id=\"country-name\">&lt;script&gt;alert(1)&lt;/script&gt;</h1>"))
    }
}

/// Ids that are neither canonical nor a known spelling.
struct LooseIDTests {
    let app: AppFixture
    var client: TestClient { app.client }

    init() throws { app = try AppFixture() }

    @Test(arguments: [("vatican", "/countries/va"), ("holy-see", "/countries/va"), ("korea", "/countries/kr")])
    func wordsThatMatchExactlyOneCountryRedirectTemporarily(_ id: String, _ location: String) throws {
        let response = try client.get("/countries/\(id)")
        #expect(response.status == .found)
        #expect(response.fields[.location] == location)
    }

    /// Without JavaScript the map box holds the country's outline among its neighbours, drawn on the
    /// server; a place too small to outline has its marker; a ship has no map.
    @Test(arguments: [("kr", true), ("fr", true), ("sg", false)])
    func theMapWithoutJavaScriptIsAnOutlineMapDrawnOnTheServer(_ id: String, _ outlined: Bool) throws {
        let page = try client.get("/countries/\(id)").text
        #expect(page.contains("<svg class=\"map-fallback locator-map\" viewBox=\"0 0 480 288\""))
        #expect(page.contains("class=\"locator-selected\"") == outlined)
        #expect(page.contains("<circle class=\"locator-marker\""))
        #expect(!page.contains("It needs JavaScript"))
        #expect(!(try client.get("/countries/diamond-princess").text.contains("locator-map")))
    }

    /// A code that is no entry's was once read with the search's "contained anywhere" rule: `gs` (South
    /// Georgia) opened Hong Kong, `tk` Saint Kitts and Nevis.
    @Test(arguments: ["gs", "cc", "hm", "tk", "niu", "zz", "ong"])
    func lettersInsideANameAreNotFoundWithSuggestions(_ id: String) throws {
        let response = try client.get("/countries/\(id)")
        #expect(response.status == .notFound, "\(id) answered \(response.status)")
        #expect(response.fields[.location] == nil)
    }

    /// Every two-letter id either is an entry's code, a whole word of exactly one entry's names, or is
    /// not found: none opens a country by letters inside its name.
    @Test func noTwoLetterIDRedirectsByLettersInsideAName() throws {
        let catalog = app.app.checks.snapshots.current().catalog
        let letters = "abcdefghijklmnopqrstuvwxyz"
        for first in letters {
            for second in letters {
                let id = String([first, second])
                let response = try client.get("/countries/\(id)")
                guard response.status == .found, let location = response.fields[.location] else { continue }
                let entry = try #require(catalog.entry(id: String(location.dropFirst("/countries/".count))))
                #expect(entry.namesWholeWords(id), "\(id) redirected to \(location)")
            }
        }
    }

    @Test(arguments: [("kp", "North Korea"), ("prk", "North Korea"), ("tm", "Turkmenistan"), ("unk", "Kosovo")])
    func aCodeOfACountryTheDataLacksIsNamedAsSuch(_ id: String, _ name: String) throws {
        let response = try client.get("/countries/\(id)")
        #expect(response.status == .notFound)
        #expect(response.text.contains("\(name) is not in the data"), "\(id)")
    }

    @Test(arguments: [
        ("/api/historical/vatican", "/api/historical/va"),
        ("/countries/vatican/history.csv", "/countries/va/history.csv"),
        ("/api/countries/vatican", "/api/countries/va"), ("/api/historical/kr,vatican", "/api/historical/kr,va"),
        ("/countries/vatican/vaccinations.csv", "/countries/va/vaccinations.csv"),
        ("/api/vaccine/coverage/countries/vatican", "/api/vaccine/coverage/countries/va"),
    ])
    func wordMatchesRedirectTemporarilyEverywhere(_ path: String, _ location: String) throws {
        let response = try client.get(path)
        #expect(response.status == .found, "\(path)")
        #expect(response.fields[.location] == location)
        #expect(try client.get("/api/historical/KOR").status == .movedPermanently)
    }

    @Test(arguments: ["kr%00", "kr%09", "kr%2F", "%2Fkr"])
    func controlCharactersAndEncodedSlashesAreNotFound(_ id: String) throws {
        let response = try client.get("/countries/\(id)")
        #expect(response.status == .notFound)
        #expect(!response.text.contains("\u{0}"))
    }

    @Test func wordsMatchingSeveralCountriesAre404WithThemAsSuggestions() throws {
        let response = try client.get("/countries/united")
        #expect(response.status == .notFound)
        #expect(response.text.contains("href=\"/countries/gb\""))
        #expect(response.text.contains("href=\"/countries/us\""))
    }
}

/// Entries whose figures or facts need care.
struct QuirkyEntryTests {
    let app: AppFixture
    var client: TestClient { app.client }

    init() throws { app = try AppFixture() }

    @Test func theChannelIslandsDoNotShowJerseyAloneButAreFoundByEitherIsland() throws {
        let page = try client.get("/countries/je")
        #expect(page.status == .ok)
        #expect(!page.text.contains("Saint Helier"))
        #expect(!page.text.contains("Bailiwick of Jersey"))
        let search = try client.get("/countries?q=guernsey")
        #expect(search.text.contains(">Channel Islands</span></a>"))
    }

    @Test func shipsWithoutAPopulationHaveNoPerMillionFigures() throws {
        let page = try client.get("/countries/diamond-princess")
        #expect(page.text.contains("<dt>Cases per million</dt>\n  <dd><span class=\"stat-value\">n/a</span>"))
        #expect(page.text.contains("<dt>Cases</dt>\n  <dd><span class=\"stat-value\">712</span>"))
    }
}

/// Times that no real data has must not crash or mislead (a page, `/healthz`).
struct ExtremeTimeTests {
    @Test(arguments: StoreKind.available, [Int64.min, -1, Int64.max])
    func anExtremeUpdatedTimeNeitherCrashesNorLooksFresh(_ store: StoreKind, _ updated: Int64) throws {
        let countries = [
            Country(
                updated: updated, country: "Timeland", countryInfo: CountryInfo(iso2: "TL", iso3: "TLS"),
                figures: [.cases: 1])
        ]
        let app = try AppFixture(
            store: store,
            prepare: { location in
                try storeSnapshot(
                    Snapshot(countries: countries, totals: WorldTotals(updated: updated), source: "test"), at: location)
            })
        let page = try app.client.get("/")
        #expect(page.status == .ok)
        #expect(page.text.contains("<strong>stale</strong>"))
        let health = try app.client.get("/healthz")
        #expect(health.status == .ok)
        #expect(health.text.contains("\"stale\":true"))
    }
}

/// Text from the URL shown on error pages is escaped (docs/architecture.md, "Templates").
struct ErrorPageEscapingTests {
    let app: AppFixture
    var client: TestClient { app.client }

    init() throws { app = try AppFixture() }

    @Test func anUnknownIDWithMarkupIsShownAsText() throws {
        let page = try client.get("/countries/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
        #expect(page.status == .notFound)
        #expect(!page.text.contains("<img src=x"))
        #expect(page.text.contains("&lt;img src=x onerror=alert(1)&gt;"))
    }

    @Test func anUnknownContinentWithMarkupIsShownAsText() throws {
        let page = try client.get("/countries?continent=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E")
        #expect(page.status == .badRequest)
        #expect(!page.text.contains("<script>alert(1)"))
        #expect(page.text.contains("“<bdi>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</bdi>”"))
    }
}
