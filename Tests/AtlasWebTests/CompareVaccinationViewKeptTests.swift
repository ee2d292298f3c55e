import Foundation
import HTTPCore
import Testing

@testable import AtlasWeb

/// Every way out of a compare page in a vaccination view keeps that view: its "Remove" links, its
/// downloads, its `400` page for a list with an unknown id, and the redirect from another spelling of
/// the list.
struct CompareVaccinationViewKeptTests {
    let app: AppFixture
    init() throws { app = try AppFixture() }

    @Test func removeLinksKeepTheVaccinationView() throws {
        let page = try app.client.get("/compare?countries=kr,jp,pt&metric=doses&per=total").text
        #expect(page.contains("href=\"/compare?countries=jp,pt&amp;metric=doses&amp;per=total\">Remove"), "\(page)")
        #expect(page.contains("href=\"/compare?countries=kr,pt&amp;metric=doses&amp;per=total\">Remove"))
        // The add form keeps it too.
        #expect(page.contains("<input type=\"hidden\" name=\"metric\" value=\"doses\">"))
        #expect(page.contains("<input type=\"hidden\" name=\"per\" value=\"total\">"))
    }

    @Test func downloadsOfAVaccinationViewAreOWIDs() throws {
        let page = try app.client.get("/compare?countries=kr,jp&metric=boosters&time=2021-10-01..latest").text
        #expect(
            page.contains("href=\"/compare.csv?countries=kr,jp&amp;metric=vaccinated&amp;time=2021-10-01..latest\""))
        #expect(page.contains("href=\"/api/compare?countries=kr,jp&amp;metric=boosters&amp;time=2021-10-01..latest\""))
    }

    @Test func theProblemPageKeepsTheVaccinationView() throws {
        let response = try app.client.get("/compare?countries=kr,japn&metric=vaccinated")
        #expect(response.status == .badRequest)
        // The suggestion (Japan) and the comparison of the rest (S. Korea alone) keep the metric.
        #expect(response.text.contains("href=\"/compare?countries=kr,jp&amp;metric=vaccinated\""), "\(response.text)")
        #expect(response.text.contains("href=\"/compare?countries=kr&amp;metric=vaccinated\""))
        #expect(response.text.contains("<input type=\"hidden\" name=\"metric\" value=\"vaccinated\">"))
    }

    @Test(arguments: [
        ("/compare?countries=KR,jp&metric=doses&per=million", "/compare?countries=kr,jp&metric=doses"),
        ("/compare?countries=kr,jp,kr&metric=Boosters&scale=log", "/compare?countries=kr,jp&metric=boosters&scale=log"),
        ("/compare.csv?countries=JP&metric=vaccinated", "/compare.csv?countries=jp&metric=vaccinated"),
    ])
    func anotherSpellingRedirectsKeepingTheVaccinationView(_ target: String, _ location: String) throws {
        let response = try app.client.get(target)
        #expect(response.status == .movedPermanently)
        #expect(response.fields["location"] == location)
    }

    /// Réunion is named once, in the notes: the chart's words do not add it to the countries that reported
    /// nothing in these days.
    @Test func anEntryWithoutRowsIsNotAlsoNotReported() throws {
        let page = try app.client.get("/compare?countries=kr,re&metric=vaccinated").text
        #expect(page.contains("Our World in Data has no row for Réunion, so it has no line."))
        #expect(!page.contains("Not reported in these days: Réunion"), "\(page)")
    }
}

/// The compare twins in a vaccination view hold what Our World in Data published, read from the file.
struct CompareVaccinationTwinsTests {
    let app: AppFixture
    init() throws { app = try AppFixture() }

    /// Korea reports daily, Portugal stops on 1 Nov 2021, Japan has no boosters, Réunion has no row.
    @Test func theCSVHoldsOWIDsCellsAsPublished() throws {
        let owid = try OWIDFile.shipped.get()
        let response = try app.client.get("/compare.csv?countries=kr,pt,jp,re&metric=vaccinated")
        #expect(response.status == .ok)
        #expect(response.fields["content-type"] == "text/csv; charset=utf-8")
        let lines = response.text.split(separator: "\n").map(String.init)
        let header = lines[0].components(separatedBy: ",")
        let columns = [
            "total_vaccinations", "total_boosters", "daily_vaccinations", "total_vaccinations_per_hundred",
            "people_fully_vaccinated_per_hundred", "total_boosters_per_hundred", "daily_vaccinations_per_million",
        ]
        #expect(header.count == 1 + 4 * columns.count)
        #expect(header.contains("pt_people_fully_vaccinated_per_hundred"))
        #expect(header.contains("re_total_boosters"))
        var rows: [String: [String]] = [:]
        for line in lines.dropFirst() {
            let fields = line.components(separatedBy: ",")
            rows[fields[0]] = fields
        }
        for (id, isoCode) in [("kr", "KOR"), ("pt", "PRT"), ("jp", "JPN")] {
            for column in columns {
                let index = header.firstIndex(of: "\(id)_\(column)")!
                let published = owid.reported(column, of: isoCode)
                let served = rows.compactMap { date, fields in fields[index].isEmpty ? nil : (date, fields[index]) }
                #expect(
                    served.sorted { $0.0 < $1.0 }.map { "\($0.0) \($0.1)" }
                        == published.map { "\($0.date) \($0.value)" },
                    "\(id) \(column)")
            }
        }
        // Réunion's columns are empty on every day, and Portugal has nothing after its last report.
        let reunion = header.indices.filter { header[$0].hasPrefix("re_") }
        #expect(rows.values.allSatisfy { fields in reunion.allSatisfy { fields[$0].isEmpty } })
        #expect(rows["2021-11-08"].map { $0[header.firstIndex(of: "pt_total_vaccinations")!] } == "")
    }

    @Test func theJSONLineIsTheChartsFigureOnReportedDaysOnly() throws {
        let owid = try OWIDFile.shipped.get()
        let text = try app.client.get("/api/compare?countries=pt,kr,re&metric=vaccinated").text
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["metric"] as? String == "vaccinated")
        let countries = try #require(json["countries"] as? [[String: Any]])
        let portugal = try #require(countries.first)
        let line = try #require(portugal["line"] as? [String: Any])
        let reported = owid.reported("people_fully_vaccinated_per_hundred", of: "PRT")
        for (date, value) in reported {
            #expect((line[date] as? Double) == Double(value), "\(date)")
        }
        let unreported = line.filter { $0.value is NSNull }.count
        #expect(line.count - unreported == reported.count)
        #expect(line["2021-11-08"] is NSNull, "Portugal's last report is 1 Nov: no value carried forward")
        let latest = try #require(portugal["latest"] as? [String: Any])
        #expect(latest["peopleFullyVaccinatedPerHundred"] as? Double == Double(reported.last!.value))
        #expect(countries[2]["line"] == nil, "Réunion has no row: no line")
    }

    @Test func anUnknownMetricInATwinIsA400NamingTheCSV() throws {
        let response = try app.client.get("/compare.csv?countries=kr,jp&metric=boosterz")
        #expect(response.status == .badRequest)
        #expect(response.text.contains("The CSV cannot show metric"), "\(response.text)")
    }
}

/// What a fresh pair of eyes found in the vaccination views: choices that lost the view, empty views
/// that said too little, figures with a binary remainder.
struct VaccinationViewEdgesTests {
    let app: AppFixture
    init() throws { app = try AppFixture() }

    @Test(arguments: [
        (
            "/countries/kr?scale=bad&metric=doses&interval=cumulative",
            "/countries/kr?metric=doses&amp;interval=cumulative&amp;scale=log"
        ),
        ("/?time=bad&metric=doses&map=vaccinated", "/?metric=doses&amp;map=vaccinated"),
        ("/compare?countries=kr,jp&metric=doses&scale=bad", "/compare?countries=kr,jp&amp;metric=doses&amp;scale=log"),
    ])
    func aBadChartValuesChoicesKeepTheVaccinationMetric(_ target: String, _ choice: String) throws {
        let response = try app.client.get(target)
        #expect(response.status == .badRequest)
        #expect(response.text.contains("href=\"\(choice)\""), "\(response.text)")
    }

    /// Japan reported no booster by 8 Nov 2021: the section says so, with only the Show links.
    @Test func aFigureNeverReportedSaysSoWithOnlyTheShowLinks() throws {
        let page = try app.client.get("/countries/jp?metric=boosters").text
        let section = page.components(separatedBy: "aria-label=\"Vaccination chart views\"").dropFirst().first ?? ""
        #expect(
            section.contains("Our World in Data has published no booster figures for Japan (its other figures run from")
        )
        #expect(!section.components(separatedBy: "</nav>")[0].contains("Per million"))
        #expect(!section.contains("the chart shows the running total"))
        #expect(!section.contains("name=\"form\" value=\"vaccination\""))
    }

    @Test func daysOutsideOWIDsAreNamed() throws {
        let page = try app.client.get("/countries/kr?metric=doses&time=2020-03-01..2020-06-01").text
        #expect(
            page.contains(
                "Our World in Data’s dose figures for S. Korea run from 27 Feb 2021 to 8 Nov 2021; time "
                    + "“2020-03-01..2020-06-01” asks for none of these days."), "\(page)")
    }

    @Test func aComparisonsTitleNamesOnlyTheEntriesOWIDHasRowsFor() throws {
        let page = try app.client.get("/compare?countries=kr,re,jp&metric=boosters").text
        #expect(page.contains("Booster doses given per million people: S. Korea and Japan</title>"), "\(page)")
    }

    /// Per million from OWID's per-hundred figures (two decimals) times 10,000: whole numbers.
    @Test func perMillionFiguresHaveNoBinaryRemainder() throws {
        let text = try app.client.get("/api/compare?countries=kr,jp,pt,de,us&metric=doses&interval=cumulative").text
        #expect(
            text.contains("\"2021-10-29\":1520800,") || text.contains("\"2021-10-29\":1520800}"), "\(text.prefix(400))")
        #expect(!text.contains("00000000"))
        #expect(!text.contains("99999999"))
    }

    /// A date form sent with a side that is no day is answered with a 400 saying which side, quoting it,
    /// and linking back to the view as it was, not redirected to a `time` the visitor never typed.
    @Test(arguments: [
        (
            "/countries/kr?metric=deaths&from=2021-02-30&to=", "From is not a day: “<bdi>2021-02-30</bdi>”",
            "/countries/kr?metric=deaths"
        ),
        (
            "/compare?countries=kr,jp&metric=doses&from=abc", "From is not a day: “<bdi>abc</bdi>”",
            "/compare?countries=kr,jp&amp;metric=doses"
        ),
        ("/?from=2021-01-01&to=%3Cb%3Ex&map=deaths", "To is not a day: “<bdi>&lt;b&gt;x</bdi>”", "/?map=deaths"),
    ])
    func aDateFormSideThatIsNoDayIsA400NamingIt(_ target: String, _ words: String, _ back: String) throws {
        let response = try app.client.get(target)
        #expect(response.status == .badRequest)
        #expect(response.text.contains(words), "\(response.text)")
        #expect(response.text.contains("href=\"\(back)\""), "\(response.text)")
    }

    @Test func aSuggestionForAMistypedIdKeepsTheView() throws {
        let response = try app.client.get("/countries/korae?metric=doses&interval=cumulative")
        #expect(response.status == .notFound)
        #expect(
            response.text.contains("href=\"/countries/kr?metric=doses&amp;interval=cumulative\""), "\(response.text)")
    }

    /// Removing the last country leaves the page without countries in the same view: its add form and
    /// its examples keep it.
    @Test func thePageWithoutCountriesKeepsTheView() throws {
        let page = try app.client.get("/compare?countries=kr&metric=doses&interval=cumulative").text
        #expect(page.contains("href=\"/compare?metric=doses&amp;interval=cumulative\">Remove"), "\(page)")
        let empty = try app.client.get("/compare?metric=doses&interval=cumulative")
        #expect(empty.status == .ok)
        #expect(empty.text.contains("<input type=\"hidden\" name=\"metric\" value=\"doses\">"))
        #expect(empty.text.contains("<input type=\"hidden\" name=\"interval\" value=\"cumulative\">"))
        #expect(empty.text.contains("href=\"/compare?countries=kr,jp,us&amp;metric=doses&amp;interval=cumulative\""))
        // The plain page is unchanged, and cached apart.
        let plain = try app.client.get("/compare").text
        #expect(!plain.contains("name=\"metric\""))
        #expect(plain.contains("href=\"/compare?countries=kr,jp,us\""))
    }

    /// A comparison of entries Our World in Data has no row for offers no days of JHU's, no form and
    /// no CSV (which would be a `404`); its JSON stays.
    @Test func entriesWithoutRowsOfferNoDaysAndNoCSV() throws {
        let page = try app.client.get("/compare?countries=re,eh&metric=doses&interval=cumulative&scale=log").text
        #expect(!page.contains("chart-control-days"), "no empty Days control")
        #expect(!page.contains("Last 365 days"))
        #expect(!page.contains("Last 90 days"))
        #expect(!page.contains("name=\"from\""))
        #expect(!page.contains("Download as CSV"))
        #expect(
            page.contains(
                "href=\"/api/compare?countries=re,eh&amp;metric=doses&amp;interval=cumulative&amp;scale=log\""))
        #expect(page.contains("Our World in Data has no row for Réunion"))
        #expect(
            try app.client.get("/api/compare?countries=re,eh&metric=doses&interval=cumulative&scale=log").status == .ok)
    }

    /// With no figure to draw, the sentence names the countries that have rows, one or many.
    @Test func nothingToDrawNamesTheCountries() throws {
        let page = try app.client.get("/compare?countries=pt&metric=boosters").text
        #expect(page.contains("Our World in Data reported no booster figures for Portugal in these days."), "\(page)")
    }
}
