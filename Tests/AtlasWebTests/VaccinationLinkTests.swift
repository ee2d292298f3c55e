import Testing

/// A history view's `metric` and a vaccination one share the parameter: a link to a vaccination view
/// from a history view replaces the history's metric and keeps the rest, never sends both.
struct VaccinationLinkTests {
    @Test(arguments: [
        ("/countries/kr?metric=deaths&scale=log", "/countries/kr?metric=doses&amp;scale=log"),
        ("/?metric=deaths&scale=log", "/?metric=doses&amp;scale=log"),
        ("/compare?countries=kr,jp&metric=deaths&scale=log", "/compare?countries=kr,jp&amp;metric=doses&amp;scale=log"),
    ])
    func aVaccinationLinkReplacesTheHistorysMetric(_ page: String, _ expected: String) throws {
        let app = try AppFixture()
        let text = try app.client.get(page).text
        #expect(text.contains("href=\"\(expected)\""), "\(page)")
        #expect(!text.contains("metric=doses&amp;metric="), "\(page)")
        #expect(!text.contains("metric=vaccinated&amp;metric="), "\(page)")
    }
}

/// The two charts of a page and the front page's map share its address: changing one keeps the others.
struct VaccinationViewKeptTests {
    let app: AppFixture
    init() throws { app = try AppFixture() }

    func links(_ target: String) throws -> Set<String> {
        let text = try app.client.get(target).text
        return Set(
            text.components(separatedBy: "href=\"").dropFirst().map {
                String($0.prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
            })
    }

    @Test func theMapsFiguresKeepTheVaccinationChartAndItsLinksKeepTheMap() throws {
        let links = try links("/?metric=doses&map=deaths")
        for figure in ["tests", "vaccinated", "doses"] {
            #expect(links.contains("/?metric=doses&map=\(figure)"), "\(figure)")
        }
        #expect(links.contains("/?metric=doses"), "the map's Cases, its default")
        #expect(links.contains("/?metric=boosters&map=deaths"))
        #expect(links.contains("/?metric=doses&interval=cumulative&map=deaths"))
        #expect(!links.contains { $0.hasPrefix("/?metric=boosters") && !$0.contains("map=deaths") })
    }

    @Test func theHistorysLinksKeepTheVaccinationMetricUnlessTheyChangeTheHistorysOwn() throws {
        let links = try links("/countries/kr?metric=doses")
        // Scale, count, interval and days are the two charts' own; a history metric replaces doses.
        #expect(links.contains("/countries/kr?metric=doses&scale=log"))
        #expect(links.contains("/countries/kr?metric=deaths"))
        #expect(!links.contains { $0.hasPrefix("/countries/kr?time=") }, "a day link that drops doses")
        #expect(!links.contains { $0.hasPrefix("/countries/kr?scale=") })
    }

    /// The vaccination chart has its own days, OWID's: Korea's first report is 26 Feb 2021, its last
    /// 8 Nov 2021 (under a year, so no "Last 365 days", which would show what All shows).
    @Test func theVaccinationChartHasItsOwnDaysControl() throws {
        let page = try app.client.get("/countries/kr?metric=doses").text
        let section = page.components(separatedBy: "aria-label=\"Vaccination chart views\"").dropFirst().first ?? ""
        #expect(section.contains("id=\"vaccination-control-days\">Days</span>"), "\(section)")
        #expect(section.contains("href=\"/countries/kr?metric=doses&amp;time=2021-08-11..latest\">Last 90 days</a>"))
        #expect(section.contains("href=\"/countries/kr?metric=doses\" aria-current=\"true\">All</a>"))
        #expect(!section.components(separatedBy: "</nav>")[0].contains("Last 365 days"))
        #expect(section.contains("min=\"2021-02-26\" max=\"2021-11-08\""))
        #expect(section.contains("<input type=\"hidden\" name=\"metric\" value=\"doses\">"))
        #expect(section.contains("<input type=\"hidden\" name=\"form\" value=\"vaccination\">"))
        // Sent, it shows those days in both charts and keeps doses; its untouched end, OWID's last day,
        // is the latest (not 8 Nov for the History chart, whose days run to 13 Nov).
        let response = try app.client.get("/countries/kr?metric=doses&form=vaccination&from=2021-06-01&to=2021-11-08")
        #expect(response.status == .found)
        #expect(response.fields["location"] == "/countries/kr?metric=doses&time=2021-06-01..latest")
        // History's form ends on JHU's last day: 8 Nov is a day of its own there.
        let history = try app.client.get("/countries/kr?metric=doses&from=2021-06-01&to=2021-11-08")
        #expect(history.fields["location"] == "/countries/kr?metric=doses&time=2021-06-01..2021-11-08")
    }

    @Test func theFrontPagesVaccinationDaysKeepTheMap() throws {
        let page = try app.client.get("/?metric=vaccinated&map=doses").text
        let section = page.components(separatedBy: "aria-label=\"Vaccination chart views\"").dropFirst().first ?? ""
        #expect(
            section.contains("href=\"/?metric=vaccinated&amp;time=2021-08-11..latest&amp;map=doses\">Last 90 days</a>"))
        #expect(section.contains("<input type=\"hidden\" name=\"map\" value=\"doses\">"))
    }

    /// Another spelling of the country keeps the form's `form=vaccination`, so its sides are still
    /// clamped to the Vaccination chart's days after the `301`.
    @Test func anotherSpellingKeepsWhichFormWasSent() throws {
        let moved = try app.client.get("/countries/KOR?form=vaccination&from=2021-02-26&to=2021-11-08")
        #expect(moved.status == .movedPermanently)
        #expect(moved.fields["location"] == "/countries/kr?from=2021-02-26&to=2021-11-08&form=vaccination")
        let landed = try app.client.get(moved.fields["location"]!)
        #expect(landed.fields["location"] == "/countries/kr")
    }

    /// Sides sent the wrong way round are swapped, keywords as dates.
    @Test(arguments: [
        ("from=latest&to=earliest", "/countries/kr"),
        ("from=latest&to=2021-06-01", "/countries/kr?time=2021-06-01..latest"),
        ("from=2021-06-01&to=earliest", "/countries/kr?time=earliest..2021-06-01"),
    ])
    func sidesTheWrongWayRoundAreSwapped(_ query: String, _ location: String) throws {
        let response = try app.client.get("/countries/kr?form=vaccination&" + query)
        #expect(response.status == .found)
        #expect(response.fields["location"] == location)
        #expect(try app.client.get(location).status == .ok)
    }
}
