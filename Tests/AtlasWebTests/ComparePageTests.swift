import AtlasCharts
import AtlasCore
import Foundation
import HTTPCore
import Routing
import Testing

@testable import AtlasWeb

/// `/compare`: every URL rule (the canonical list, the redirects to it, the 400s and the limit of 8),
/// the chart and the table, the ways to it without JavaScript, and its CSV and JSON twins checked
/// against `/api/historical`.
struct ComparePageTests {
    let app: AppFixture
    init() throws { app = try AppFixture() }

    func page(_ target: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let response = try app.client.get(target)
        #expect(response.status == .ok, "\(target): \(response.status)", sourceLocation: sourceLocation)
        return response.text
    }

    func json(_ target: String) throws -> Any {
        let response = try app.client.get(target)
        #expect(response.status == .ok, "\(target): \(response.status)")
        return try JSONSerialization.jsonObject(with: Data(response.body))
    }

    @Test func theCanonicalListIsOneChartWithALinePerCountryInTheOrderGiven() throws {
        let page = try page("/compare?countries=kr,jp,us")
        #expect(page.contains("<h1 id=\"compare-heading\">Compare S. Korea, Japan and USA</h1>"))
        #expect(page.contains("<title>Compare S. Korea, Japan and USA — Covid Atlas</title>"))
        #expect(
            page.contains(
                "<title id=\"chart-title\">Daily new cases per million people (7-day average): S. Korea, Japan and USA</title>"
            ))
        #expect(page.components(separatedBy: "<g class=\"chart-series ").count - 1 == 3)
        let order = ["data-country=\"kr\"", "data-country=\"jp\"", "data-country=\"us\""].map {
            page.range(of: $0)?.lowerBound
        }
        #expect(order.allSatisfy { $0 != nil } && order[0]! < order[1]! && order[1]! < order[2]!)
        for name in ["S. Korea", "Japan", "USA"] {
            // Named once per font the page draws names at: a desktop's, close to the line, and a phone's.
            #expect(page.contains("class=\"chart-label chart-series-label chart-axis-wide\""))
            #expect(page.contains("class=\"chart-label chart-series-label chart-axis-narrow\""))
            #expect(page.components(separatedBy: ">\(name)</text>").count == 3)
        }
        // Per million is the default view: the control marks it and the canonical links leave it out.
        #expect(page.contains("href=\"/compare?countries=kr,jp,us\" aria-current=\"true\">Per million</a>"))
        #expect(page.contains("href=\"/compare?countries=kr,jp,us&amp;per=total\">Total</a>"))
        #expect(page.contains("href=\"/compare?countries=kr,jp,us&amp;metric=deaths\">Deaths</a>"))
        #expect(!page.contains("style="), "the CSP forbids inline styles")
    }

    /// North Korea is not in the data: named so, never offered as its namesake, typed or in the list.
    @Test(arguments: ["/compare?countries=kr,north-korea", "/compare?countries=fr&add=north+korea"])
    func aCountryTheDataLacksIsNamedAsSuchNotAsItsNamesake(_ target: String) throws {
        let response = try app.client.get(target)
        #expect(response.status == .badRequest)
        #expect(response.text.contains("North Korea is not in the data"))
        #expect(!response.text.contains("did you mean"))
    }

    /// France's −349,116 on 20 May 2021 pulled its average to −652 per million for a week and the axis
    /// to −1K: the axis now fits the other days, and that week runs along its edge, named there.
    @Test func aCorrectionsWeekRunsAlongTheAxisEdgeInsteadOfStretchingIt() throws {
        let page = try app.client.get("/compare?countries=fr,de,it").text
        #expect(page.contains("<text class=\"chart-label chart-beyond\""))
        #expect(page.contains(">France \u{2212}652 on 26 May 2021</text>"))
        #expect(page.contains("Beyond the axis, drawn to its edge: France \u{2212}652 on 26 May 2021."))
        #expect(!page.contains(">\u{2212}1K</text>") && !page.contains(">\u{2212}600</text>"))
        // Totals have no such week.
        #expect(!(try app.client.get("/compare?countries=fr,de,it&interval=cumulative").text.contains("chart-beyond")))
    }

    /// The world is no entry: the 400 points to the worldwide page instead of a namesake.
    @Test(arguments: ["/compare?countries=world,kr", "/compare?countries=kr&add=Worldwide"])
    func theWorldInAComparisonPointsToTheWorldwidePage(_ target: String) throws {
        let response = try app.client.get(target)
        #expect(response.status == .badRequest)
        #expect(
            response.text.contains(
                "the worldwide figures are not a country’s: they have <a href=\"/\">their own page</a>"))
        #expect(!response.text.contains("did you mean"))
    }

    /// Recoveries end where JHU stopped reporting them: each country's note says when, as its page does.
    @Test func theRecoveredChartSaysWhereEachCountrysFiguresEnd() throws {
        let page = try page("/compare?countries=kr,us&metric=recovered")
        #expect(page.contains("JHU’s recovery figures for the USA end on 13 Dec 2020"))
    }

    /// A typo in the add form comes back in a form to correct it, beside the countries that were fine.
    @Test func whatWasTypedComesBackInAFormToCorrect() throws {
        let response = try app.client.get("/compare?countries=kr&add=Japn&metric=deaths")
        #expect(response.status == .badRequest)
        #expect(
            response.text.contains(
                "<input id=\"compare-add\" name=\"add\" type=\"text\" dir=\"auto\" autocomplete=\"off\" value=\"Japn\">"
            ))
        #expect(response.text.contains("<input type=\"hidden\" name=\"countries\" value=\"kr\">"))
        #expect(response.text.contains("<input type=\"hidden\" name=\"metric\" value=\"deaths\">"))
    }

    /// Western Sahara reports no tests: unknown (n/a, null), as the list and the map say, not 0.
    @Test func noTestsReportedIsUnknownNotZero() throws {
        let page = try page("/compare?countries=eh,kr")
        #expect(page.contains("<td class=\"num col-tests\">n/a</td>"))
        let json = try app.client.get("/api/compare?countries=eh").text
        #expect(json.contains("\"testsPerOneMillion\":null"), "\(json.prefix(300))")
    }

    /// Compare is in the main navigation: the current page on its form, the section on a comparison.
    @Test func theMainNavigationLeadsToCompare() throws {
        #expect(try page("/").contains("<li><a href=\"/compare\">Compare</a></li>"))
        #expect(try page("/compare").contains("<a href=\"/compare\" aria-current=\"page\">Compare</a>"))
        #expect(
            try page("/compare?countries=kr,jp").contains("<a href=\"/compare\" aria-current=\"true\">Compare</a>"))
    }

    @Test func theLatestFiguresStandSideBySideEachWithItsFlagLinkAndRemoveLink() throws {
        let page = try page("/compare?countries=kr,jp,us&metric=deaths")
        #expect(
            page.contains(
                "<a href=\"/countries/kr\">" + FlagPageTests.flag("/flags/kr.svg") + "<span>S. Korea</span></a>")
        )
        for heading in ["Cases per million", "Deaths per million"] {
            #expect(page.contains("<th scope=\"col\" class=\"num\">\(heading)</th>"))
        }
        // The ones a phone leaves out.
        #expect(page.contains("<th scope=\"col\" class=\"num col-cases\">Cases</th>"))
        #expect(page.contains("<th scope=\"col\" class=\"num col-deaths\">Deaths</th>"))
        #expect(page.contains("<th scope=\"col\" class=\"num col-tests\">Tests per million</th>"))
        #expect(page.contains("<th scope=\"col\" class=\"num col-population\">Population</th>"))
        // S. Korea's row, from the snapshot.
        let kr = try #require(
            (try json("/api/compare?countries=kr") as? [String: Any]).flatMap {
                ($0["countries"] as? [[String: Any]])?.first
            })
        let cases = try #require((kr["latest"] as? [String: Any])?["cases"] as? Int64)
        let population = try #require(kr["population"] as? Int64)
        #expect(page.contains("<td class=\"num col-cases\">\(Formatting.grouped(cases))</td>"))
        #expect(page.contains("<td class=\"num col-population\">\(Formatting.grouped(population))</td>"))
        // Removing one keeps the view and the others' order; removing the last leaves the empty page.
        #expect(
            page.contains(
                "href=\"/compare?countries=jp,us&amp;metric=deaths\">Remove<span class=\"visually-hidden\"> S. Korea</span>"
            ))
        let single = try self.page("/compare?countries=kr")
        #expect(single.contains("class=\"compare-remove\" href=\"/compare\""))
    }

    @Test(arguments: [
        ("/compare?countries=KOR,JP", "/compare?countries=kr,jp"),
        ("/compare?countries=south-korea,jpn,USA", "/compare?countries=kr,jp,us"),
        ("/compare?countries=kr,kr,jp,KR", "/compare?countries=kr,jp"),
        ("/compare?countries=kr,,jp,", "/compare?countries=kr,jp"),
        ("/compare?countries=%20kr,jp", "/compare?countries=kr,jp"),
        ("/compare?countries=kr&countries=jp", "/compare?countries=kr,jp"),
        // Other parameters kept, default values left out as the history pages' links do.
        ("/compare?countries=KR,jp&metric=deaths&per=million", "/compare?countries=kr,jp&metric=deaths"),
        (
            "/compare?countries=KR&per=total&time=2021-01-01..latest",
            "/compare?countries=kr&per=total&time=2021-01-01..latest"
        ),
        // A value the chart cannot show is kept as given: the new address says what is wrong with it.
        ("/compare?countries=KR&metric=bogus", "/compare?countries=kr&metric=bogus"),
    ])
    func otherSpellingsMovePermanentlyToTheCanonicalList(target: String, location: String) throws {
        let response = try app.client.get(target)
        #expect(response.status == .movedPermanently)
        #expect(response.fields[.location] == location)
    }

    @Test(arguments: [
        // The country list's checkboxes.
        ("/compare?country=kr&country=JP&country=us", "/compare?countries=kr,jp,us"),
        ("/compare?country=kr&country=kr", "/compare?countries=kr"),
        // The country page's form: a name or a code typed beside the country.
        ("/compare?countries=kr&add=japan", "/compare?countries=kr,jp"),
        ("/compare?countries=kr&add=Japan%2C+USA", "/compare?countries=kr,jp,us"),
        ("/compare?countries=kr&add=deu&metric=deaths", "/compare?countries=kr,de&metric=deaths"),
        ("/compare?countries=kr&add=", "/compare?countries=kr"),
        ("/compare?add=korea", "/compare?countries=kr"),
        ("/compare?countries=", "/compare"),
    ])
    func formsLeadToTheCanonicalListWithASeeOther(target: String, location: String) throws {
        let response = try app.client.get(target)
        #expect(response.status == .seeOther)
        #expect(response.fields[.location] == location)
        if location != "/compare" { #expect(try app.client.get(location).status == .ok) }
    }

    @Test func wordsThatMatchOneCountryMoveTemporarilyAsOnCountryPages() throws {
        let response = try app.client.get("/compare?countries=kr,vatican")
        #expect(response.status == .found)
        #expect(response.fields[.location] == "/compare?countries=kr,va")
    }

    @Test func anUnknownIdIsA400ThatNamesItSuggestsAndLinksTheRest() throws {
        let response = try app.client.get("/compare?countries=kr,japn,us")
        #expect(response.status == .badRequest)
        let page = response.text
        #expect(page.contains("No country has this id:"))
        #expect(page.contains("“<bdi>japn</bdi>”"))
        #expect(page.contains("href=\"/compare?countries=kr,us,jp\""), "the suggestion is a comparison")
        #expect(page.contains("<a href=\"/compare?countries=kr,us\">Compare S. Korea and USA</a>"))
    }

    /// One unknown entry repeated thousands of times (an 8 KB address) is one unknown entry: resolved,
    /// and named on the page, once.
    @Test func anUnknownIdRepeatedIsNamedOnce() throws {
        let list = ["kr"] + Array(repeating: "japn", count: 2_000) + ["JAPN"]
        let response = try app.client.get("/compare?countries=" + list.joined(separator: ","))
        #expect(response.status == .badRequest)
        #expect(response.text.components(separatedBy: "<bdi>japn</bdi>").count == 2)
        #expect(response.text.contains("No country has this id:"))
    }

    @Test func unknownIdsAreEchoedSafely() throws {
        let response = try app.client.get("/compare?countries=%3Cscript%3E,%E2%80%AEaidni,zz")
        #expect(response.status == .badRequest)
        let page = response.text
        #expect(page.contains("No country has these ids:"))
        #expect(page.contains("<bdi>&lt;script&gt;</bdi>"))
        #expect(!page.contains("<script>"))
        #expect(page.contains("<bdi>[U+202E]aidni</bdi>"))
        // (The page's own address in each language is still named: `hreflang` and the language switch.)
        #expect(!page.contains("<a href=\"/compare?countries="), "no id was fine: no comparison to offer")
    }

    @Test func eightCountriesAreFineANinthIsA400LinkingTheFirstEight() throws {
        let eight = "kr,jp,us,fr,de,it,es,gb"
        #expect(try page("/compare?countries=" + eight).components(separatedBy: "<g class=\"chart-series ").count == 9)
        let response = try app.client.get("/compare?countries=\(eight),br")
        #expect(response.status == .badRequest)
        #expect(response.text.contains("A comparison shows at most 8 countries; this list names 9."))
        #expect(response.text.contains("href=\"/compare?countries=\(eight)\""))
        // Duplicates do not count: the same country twice is one.
        #expect(try app.client.get("/compare?countries=\(eight),KR").status == .movedPermanently)
        // A list far over the limit is refused before any id is looked up.
        let long = (0..<100).map { "zz\($0)" }.joined(separator: ",")
        let refused = try app.client.get("/compare?countries=" + long)
        #expect(refused.status == .badRequest)
        #expect(refused.text.contains("this list names 100."))
        let repeated = Array(repeating: "kr", count: 100).joined(separator: ",")
        #expect(try app.client.get("/compare?countries=" + repeated).fields[.location] == "/compare?countries=kr")
    }

    @Test func checkboxesBeyondEightAreA400Too() throws {
        let fields = ["kr", "jp", "us", "fr", "de", "it", "es", "gb", "br"].map { "country=" + $0 }
        let response = try app.client.get("/compare?" + fields.joined(separator: "&"))
        #expect(response.status == .badRequest)
    }

    @Test func noCountriesIsAPageToPickThem() throws {
        let page = try page("/compare")
        #expect(page.contains("<h1 id=\"compare-heading\">Compare countries</h1>"))
        #expect(page.contains("<form class=\"compare-form\" method=\"get\" action=\"/compare\">"))
        #expect(page.contains("name=\"add\""))
        #expect(page.contains("href=\"/compare?countries=kr,jp,us\">S. Korea, Japan and USA</a>"))
        #expect(page.contains("href=\"/countries\""))
    }

    @Test(arguments: ["/compare?countries=kr,jp&metric=bogus", "/compare?countries=kr&time=latest..earliest"])
    func aBadChartParameterIsA400ListingTheValidOnes(target: String) throws {
        let response = try app.client.get(target)
        #expect(response.status == .badRequest)
        #expect(response.text.contains("Valid values for"))
    }

    @Test func theDateFormLeadsToTheCanonicalTime() throws {
        let response = try app.client.get("/compare?countries=kr,jp&from=2021-01-01&to=")
        #expect(response.status == .found)
        #expect(response.fields[.location] == "/compare?countries=kr,jp&time=2021-01-01..latest")
        let page = try page("/compare?countries=kr,jp&time=2021-01-01..latest")
        #expect(page.contains("<input type=\"hidden\" name=\"countries\" value=\"kr,jp\">"))
        #expect(page.contains("One line per country from 1 Jan 2021 to 13 Nov 2021."))
    }

    @Test func aCountryWithoutASeriesOrPopulationIsNamedNotDrawn() throws {
        let page = try page("/compare?countries=kr,diamond-princess")
        #expect(page.components(separatedBy: "<g class=\"chart-series ").count - 1 == 1)
        #expect(page.contains("Diamond Princess"))
        #expect(
            page.contains("The data has no population for the Diamond Princess, so there are no per-million figures."))
    }

    @Test func pagesAreCachedPerDataVersion() throws {
        let first = try app.client.get("/compare?countries=kr,jp")
        let tag = try #require(first.fields[.eTag])
        var fields = Fields()
        fields[.ifNoneMatch] = tag
        #expect(try app.client.get("/compare?countries=kr,jp", fields: fields).status == .notModified)
    }

    // MARK: Reaching it without JavaScript

    @Test func theCountryPageHasACompareForm() throws {
        let page = try page("/countries/kr")
        #expect(page.contains("<form class=\"compare-form\" method=\"get\" action=\"/compare\">"))
        #expect(page.contains("<input type=\"hidden\" name=\"countries\" value=\"kr\">"))
        #expect(page.contains("<label for=\"compare-add\">Compare S. Korea with</label>"))
    }

    @Test func theCountryListRowsHaveCheckboxesAndACompareSelectedButton() throws {
        let page = try page("/countries")
        #expect(
            page.contains(
                "<th scope=\"row\"><span class=\"row-head\"><input class=\"compare-check\" type=\"checkbox\" name=\"country\" value=\"kr\" form=\"compare-selected\" aria-label=\"Select S. Korea to compare\">"
            ))
        #expect(
            page.contains(
                "<form id=\"compare-selected\" class=\"compare-select\" method=\"get\" action=\"/compare\"><button type=\"submit\">Compare selected</button>"
            ))
    }

    @Test(arguments: StoreKind.available)
    func theProfileComparesTheStarredCountries(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        for id in ["jp", "kr"] {
            let page = try visitor.get("/countries/\(id)")
            _ = try visitor.post("/countries/\(id)/favorite", [("csrf_token", page.hiddenValue("csrf_token") ?? "")])
        }
        let profile = try visitor.get("/profile").text
        #expect(profile.contains("<a class=\"button\" href=\"/compare?countries="))
        #expect(profile.contains("Compare my starred countries</a>"))
        #expect(profile.contains("kr") && profile.contains("jp"))
    }

    // MARK: The data twins

    @Test func theJSONLineIsTheHistoryAPIsCountsCumulativeOrAsA7DayAverage() throws {
        let historical = try #require(try json("/api/historical/kr,jp?lastdays=all") as? [[String: Any]])
        let compared = try #require(
            try json("/api/compare?countries=kr,jp&interval=cumulative&per=total") as? [String: Any])
        let countries = try #require(compared["countries"] as? [[String: Any]])
        #expect(countries.map { $0["id"] as? String } == ["kr", "jp"])
        for (history, country) in zip(historical, countries) {
            let cases = try #require((history["timeline"] as? [String: [String: Int]])?["cases"])
            let line = try #require(country["line"] as? [String: Double])
            #expect(line.count == cases.count)
            for (jhuDate, count) in cases {
                let parts = jhuDate.split(separator: "/").map { Int($0)! }
                let iso = String(format: "20%02d-%02d-%02d", parts[2], parts[0], parts[1])
                #expect(line[iso] == Double(count), "\(iso)")
            }
        }
        // The default view: the 7-day average of daily cases per million.
        let daily = try #require(try json("/api/compare?countries=kr") as? [String: Any])
        let kr = try #require((daily["countries"] as? [[String: Any]])?.first)
        #expect(daily["per"] as? String == "million" && daily["interval"] as? String == "daily")
        let population = try #require(kr["population"] as? Double)
        let cases = try #require(
            ((historical[0]["timeline"] as? [String: [String: Int]])?["cases"]))
        let last = try #require(cases["11/13/21"])
        let weekBefore = try #require(cases["11/6/21"])
        let average = Double(last - weekBefore) / 7 * 1_000_000 / population
        let line = try #require(kr["line"] as? [String: Any])
        let value = try #require(line["2021-11-13"] as? Double)
        #expect(abs(value - average) < 1e-6)
        #expect(line["2020-01-22"] is NSNull, "no average before seven days of changes")
    }

    @Test func theCSVHasARowPerDayAndAColumnPerCountryAndMetric() throws {
        let response = try app.client.get("/compare.csv?countries=kr,jp&time=2021-11-01..latest")
        #expect(response.status == .ok)
        #expect(response.fields[.contentType] == "text/csv; charset=utf-8")
        let lines = response.text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "date,kr_cases,kr_deaths,kr_recovered,jp_cases,jp_deaths,jp_recovered")
        #expect(lines.count == 1 + 13)
        #expect(lines[1].hasPrefix("2021-11-01,"))
        let historical = try #require(try json("/api/historical/kr,jp?lastdays=1") as? [[String: Any]])
        let values = historical.map { ($0["timeline"] as? [String: [String: Int]])?["cases"]?["11/13/21"] }
        let last = lines[13].split(separator: ",", omittingEmptySubsequences: false)
        #expect(last[0] == "2021-11-13")
        #expect(Int(last[1]) == values[0] && Int(last[4]) == values[1])
        // The page links the days it shows.
        #expect(
            try page("/compare?countries=kr,jp&metric=deaths&time=2021-11-01..latest").contains(
                "href=\"/compare.csv?countries=kr,jp&amp;time=2021-11-01..latest\""))
    }

    @Test(arguments: [
        ("/compare.csv?countries=KR,jp", "/compare.csv?countries=kr,jp"),
        ("/api/compare?countries=KR,jp&per=million", "/api/compare?countries=kr,jp"),
    ])
    func theTwinsRedirectAsThePageDoes(target: String, location: String) throws {
        let response = try app.client.get(target)
        #expect(response.status == .movedPermanently)
        #expect(response.fields[.location] == location)
    }

    @Test(arguments: [
        ("/api/compare?countries=kr,zz", "There is no country with the id “zz”."),
        ("/api/compare", "Name the countries to compare"),
        ("/api/compare?countries=kr,jp,us,fr,de,it,es,gb,br", "at most 8 countries"),
        // The CSV's errors are pages, as a country's history.csv's are (ResponseFormat).
        ("/compare.csv?countries=zz", "There is no country with the id “<bdi>zz</bdi>”."),
    ])
    func theTwinsSayWhatIsWrongWithA400(target: String, words: String) throws {
        let response = try app.client.get(target)
        #expect(response.status == .badRequest)
        #expect(response.text.contains(words))
        if target.hasPrefix("/api/") { #expect(response.fields[.contentType]?.hasPrefix("application/json") == true) }
    }
}
