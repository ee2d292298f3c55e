import AtlasCore
import Foundation
import HTTPCore
import Routing
import Testing

struct CountryListPageTests {
    let app: AppFixture
    var client: TestClient { app.client }

    init() throws { app = try AppFixture() }

    @Test func listsEveryEntryOfTheSnapshot() throws {
        let page = try client.get("/countries")
        #expect(page.status == .ok)
        #expect(page.count(of: "<th scope=\"row\">") == 224)
        #expect(page.text.contains("224 countries"))
        #expect(page.text.contains("href=\"/countries/diamond-princess\""))
    }

    @Test(arguments: [
        ("kor", "S. Korea"), ("Korea", "S. Korea"), ("cote", "Côte d&#39;Ivoire"), ("South+Africa", "South Africa"),
        ("Bosnia%20and%20Herzegovina", "Bosnia"), ("united+states", "USA"),
    ])
    func searchFindsCountriesByNameCodeOrAlias(_ q: String, _ expected: String) throws {
        let page = try client.get("/countries?q=\(q)")
        #expect(page.status == .ok)
        #expect(page.text.contains(expected), "q=\(q) did not list \(expected)")
        #expect(page.count(of: "<th scope=\"row\">") < 5)
    }

    @Test func anEncodedPlusStaysAPlusAndIsKeptInTheSearchBox() throws {
        let page = try client.get("/countries?q=a%2Bb")
        #expect(page.status == .ok)
        #expect(page.text.contains("value=\"a+b\""))
        #expect(page.text.contains("for “<bdi>a+b</bdi>”"))
    }

    @Test func continentButtonsFilterAndMarkTheCurrentOne() throws {
        let page = try client.get("/countries?continent=asia")
        #expect(page.count(of: "<th scope=\"row\">") == 49)
        #expect(page.text.contains("href=\"/countries?continent=asia\" aria-current=\"page\">Asia</a>"))
        #expect(page.text.contains("<h1>Countries in Asia</h1>"))
    }

    @Test func theSlashSpellingOfOceaniaLandsUnderOceania() throws {
        let page = try client.get("/countries?continent=Australia%2FOceania")
        #expect(page.status == .ok)
        #expect(page.count(of: "<th scope=\"row\">") == 14)
        #expect(page.text.contains("aria-current=\"page\">Oceania</a>"))
    }

    @Test func sortByCasesPutsTheLargestFirst() throws {
        let page = try client.get("/countries?sort=cases")
        let usa = try #require(page.text.range(of: ">USA</span></a>"))
        let india = try #require(page.text.range(of: ">India</span></a>"))
        #expect(usa.lowerBound < india.lowerBound)
        #expect(page.text.contains("<option value=\"cases\" selected>"))
    }

    @Test func searchContinentAndSortCombineAndButtonsKeepTheOthers() throws {
        let page = try client.get("/countries?q=an&continent=europe&sort=population")
        #expect(page.status == .ok)
        #expect(page.text.contains("value=\"an\""))
        #expect(page.text.contains("href=\"/countries?q=an&amp;continent=asia&amp;sort=population\""))
        #expect(page.text.contains("<input type=\"hidden\" name=\"continent\" value=\"europe\">"))
        #expect(!page.text.contains(">Japan</span></a>"))
    }

    @Test func anUnknownContinentIsA400ThatNamesItListsTheValidOnesAndKeepsTheSearch() throws {
        let page = try client.get("/countries?continent=mars&q=kor")
        #expect(page.status == .badRequest)
        #expect(page.text.contains("There is no continent called “<bdi>mars</bdi>”."))
        for slug in Continent.allCases.map(\.slug) { #expect(page.text.contains("<code>\(slug)</code>")) }
        #expect(page.text.contains("value=\"kor\""))
    }

    @Test func anUnknownSortIsA400ListingTheSorts() throws {
        let page = try client.get("/countries?sort=bogus")
        #expect(page.status == .badRequest)
        #expect(page.text.contains("“<bdi>bogus</bdi>”"))
        #expect(page.text.contains("<code>today-cases</code>"))
    }

    @Test func searchTextIsEscapedEverywhereItIsShown() throws {
        let page = try client.get("/countries?q=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E")
        #expect(!page.text.contains("<script>alert(1)"))
        #expect(page.text.contains("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
    }
}

struct SortableColumnTests {
    let app: AppFixture
    var client: TestClient { app.client }

    init() throws { app = try AppFixture() }

    @Test func columnHeadersLinkToTheirSortKeepingTheFilters() throws {
        let page = try client.get("/countries?q=an&continent=europe")
        #expect(page.text.contains("<a href=\"/countries?q=an&amp;continent=europe&amp;sort=cases\">Cases</a>"))
        #expect(
            page.text.contains(
                "<a href=\"/countries?q=an&amp;continent=europe&amp;sort=today-cases\">New on 14 Nov 2021</a>"))
    }

    @Test func theCurrentSortColumnIsMarkedForScreenReaders() throws {
        // The current column's link turns the order around (SortOrderTests).
        let page = try client.get("/countries?sort=deaths")
        #expect(
            page.text.contains(
                "aria-sort=\"descending\"><a href=\"/countries?sort=deaths&amp;order=asc\">Deaths</a>"))
        #expect(page.count(of: "aria-sort=") == 1)
        #expect(
            try client.get("/countries").text.contains(
                "aria-sort=\"ascending\"><a href=\"/countries?order=desc\">Country</a>"))
    }
}

struct SearchInputTests {
    let app: AppFixture
    var client: TestClient { app.client }

    init() throws { app = try AppFixture() }

    @Test func aFlagEmojiFindsItsCountry() throws {
        let page = try client.get("/countries?q=%F0%9F%87%B0%F0%9F%87%B7")  // 🇰🇷
        #expect(page.count(of: "<th scope=\"row\">") == 1)
        #expect(page.text.contains(">S. Korea</span></a>"))
    }

    @Test func textWithoutLettersOrDigitsMatchesNothing() throws {
        let page = try client.get("/countries?q=%F0%9F%A6%A0")  // 🦠
        #expect(page.count(of: "<th scope=\"row\">") == 0)
        #expect(page.text.contains("No countries for “<bdi>🦠</bdi>”"))
    }

    @Test func controlCharactersNeverReachThePage() throws {
        let page = try client.get("/countries?q=ko%00r%07ea")
        #expect(!page.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(page.text.contains("value=\"korea\""))
    }

    @Test func theLinksOfA400KeepTheOtherFilters() throws {
        let page = try client.get("/countries?q=korea&continent=asia&sort=bogus")
        #expect(page.status == .badRequest)
        #expect(page.text.contains("href=\"/countries?q=korea&amp;continent=asia&amp;sort=cases\""))
    }
}

/// What keeps the list usable on a phone and after an empty result.
struct ListUsabilityTests {
    let app: AppFixture
    var client: TestClient { app.client }

    init() throws { app = try AppFixture() }

    @Test func theTableNamesItsSortSoPhonesKeepThatColumn() throws {
        #expect(
            try client.get("/countries?sort=deaths").text.contains("<table class=\"country-table sorted-by-deaths\">"))
        let css = try client.get("/static/css/atlas.css").text
        #expect(css.contains(".sorted-by-deaths .col-deaths { display: table-cell; }"))
    }

    @Test func anEmptyResultInOneContinentOffersTheSameSearchEverywhere() throws {
        let page = try client.get("/countries?q=korea&continent=europe")
        #expect(page.text.contains("<a href=\"/countries?q=korea\">Search all continents for “<bdi>korea</bdi>”</a>"))
    }

    @Test func theSearchBoxHasAVisibleLabel() throws {
        let page = try client.get("/countries")
        #expect(page.text.contains("<label for=\"list-q\">Search countries</label>"))
    }
}

/// The list in both directions (`order=asc|desc`, each sort in its own direction by default) and with
/// per-million columns, sortable like the others.
struct SortOrderTests {
    let app: AppFixture
    var client: TestClient { app.client }

    init() throws { app = try AppFixture() }

    @Test func theListHasPerMillionColumns() throws {
        let page = try client.get("/countries?q=korea")
        #expect(page.text.contains("<a href=\"/countries?q=korea&amp;sort=cases-per-million\">Cases per million</a>"))
        #expect(page.text.contains("<a href=\"/countries?q=korea&amp;sort=deaths-per-million\">Deaths per million</a>"))
        // S. Korea's figures as the shipped snapshot has them (casesPerOneMillion 7,704, deathsPerOneMillion 60).
        #expect(page.text.contains("<td class=\"num col-cases-per-million\">7,704</td>"))
        #expect(page.text.contains("<td class=\"num col-deaths-per-million\">60</td>"))
        let ship = try client.get("/countries?q=diamond")
        #expect(ship.text.contains("<td class=\"num col-cases-per-million\">n/a</td>"), "no population, no ratio")
    }

    /// The form's "Usual order" is an empty `order`: the browser is sent on to the address a link to the
    /// same view has.
    @Test(arguments: [
        (
            "/countries?q=land&continent=europe&sort=population&order=",
            "/countries?q=land&continent=europe&sort=population"
        ),
        ("/countries?q=&sort=name&order=", "/countries"),
        ("/countries?continent=asia&sort=cases&order=", "/countries?continent=asia&sort=cases"),
    ])
    func theFormsUsualOrderLeadsToTheListsOwnAddress(_ submitted: String, _ canonical: String) throws {
        let response = try client.get(submitted)
        #expect(response.status == .found)
        #expect(response.fields[.location] == canonical)
        #expect(try client.get(canonical).status == .ok)
    }

    @Test func perMillionSortsPutTheLargestFirstAndUnknownLast() throws {
        let names = rowNames(try client.get("/countries?sort=deaths-per-million"))
        #expect(names.first == "Peru")
        #expect(names.suffix(2).sorted() == ["Diamond Princess", "MS Zaandam"])
    }

    @Test func everyOrderRunsBothWays() throws {
        let byCases = rowNames(try client.get("/countries?sort=cases"))
        let byCasesUp = rowNames(try client.get("/countries?sort=cases&order=asc"))
        #expect(byCases.first == "USA")
        #expect(byCasesUp.last == "USA")
        #expect(byCasesUp.first != "USA")
        let zToA = rowNames(try client.get("/countries?order=desc"))
        #expect(zToA.first == "Zimbabwe")
        #expect(zToA == rowNames(try client.get("/countries")).reversed())
        #expect(try client.get("/countries?order=desc").text.contains("sorted by Name, Z–A"))
        #expect(try client.get("/countries?sort=cases&order=asc").text.contains("sorted by Cases, smallest first"))
    }

    @Test func theCurrentColumnTurnsTheOrderAroundAndAnotherStartsInItsOwn() throws {
        let page = try client.get("/countries?sort=cases&order=asc")
        #expect(page.text.contains("aria-sort=\"ascending\"><a href=\"/countries?sort=cases\">Cases</a>"))
        #expect(page.text.contains("<a href=\"/countries?sort=deaths\">Deaths</a>"))
        #expect(page.text.contains("<a href=\"/countries\">Country</a>"))
        #expect(page.text.contains("<option value=\"asc\" selected>"))
    }

    @Test func theSortsOwnDirectionIsLeftOutOfTheAddress() throws {
        let page = try client.get("/countries?sort=cases&order=desc")
        #expect(
            page.text.contains("aria-sort=\"descending\"><a href=\"/countries?sort=cases&amp;order=asc\">Cases</a>"))
        #expect(page.text.contains("<option value=\"\" selected>"))
    }

    @Test func anUnknownOrderIsA400ListingBoth() throws {
        let page = try client.get("/countries?q=korea&sort=cases&order=up")
        #expect(page.status == .badRequest)
        #expect(page.text.contains("The list cannot be ordered “<bdi>up</bdi>”: order is asc or desc."))
        #expect(page.text.contains("href=\"/countries?q=korea&amp;sort=cases&amp;order=asc\""))
        #expect(page.text.contains("value=\"korea\""))
    }

    @Test func theJSONTwinFollowsTheOrderToo() throws {
        let response = try client.get("/api/countries?sort=cases&order=asc")
        let countries = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]])
        #expect(countries.last?["country"] as? String == "USA")
    }
}
