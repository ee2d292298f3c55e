import AtlasCore
import AtlasSource
import Foundation
import HTTPCore
import Routing
import Testing

@testable import AtlasWeb

/// The History section as a visitor gets it: a chart drawn on the server, every view a URL, readable
/// without the picture, and every wrong parameter a page that says what would be right.
struct HistoryPageTests {
    let app: AppFixture
    init() throws { app = try AppFixture() }

    func page(_ target: String) throws -> String {
        let response = try app.client.get(target)
        #expect(response.status == .ok, "\(target): \(response.status)")
        return response.text
    }

    /// The SVG element of a page.
    func svg(_ page: String) throws -> String {
        let start = try #require(page.range(of: "<svg class=\"chart-svg\""))
        let end = try #require(page.range(of: "</svg>", range: start.upperBound..<page.endIndex))
        return String(page[start.lowerBound..<end.upperBound])
    }

    /// The data's first day has a total but no known new figure, for every metric alike: China's 547
    /// cases on 22 Jan 2020 are not "no cases".
    @Test(arguments: [("us", "in the USA"), ("gb", "in the UK"), ("ph", "in the Philippines"), ("kr", "in S. Korea")])
    func aNameReadsAsEnglishWritesItInsideASentence(_ id: String, _ words: String) throws {
        let page = try page("/countries/\(id)")
        #expect(try svg(page).contains("Daily new cases \(words), with the 7-day average"))
        #expect(page.contains("Learn more about COVID-19 \(words)<span"))
    }

    @Test func theFirstDaysNewFiguresAreUnknownNotZero() throws {
        let only = try page("/countries/cn?time=earliest..2020-01-22")
        #expect(!only.contains("reported no cases"))
        #expect(only.contains("22 Jan 2020 is the first day of JHU’s series, so its new cases are unknown"))
        #expect(only.contains("the total that day, 547, includes every day before it"))
        for metric in ["cases", "deaths"] {
            let svg = try svg(try page("/countries/cn?metric=\(metric)&time=earliest..2020-03-01"))
            #expect(svg.contains("per day from 23 Jan 2020"), "\(metric) starts on the second day")
        }
    }

    @Test func theDefaultChartIsDailyCasesAsBarsWithTheSevenDayAverage() throws {
        let page = try page("/countries/fr")
        let svg = try svg(page)
        #expect(svg.contains("role=\"img\" aria-labelledby=\"chart-title chart-desc\""))
        #expect(svg.contains("<title id=\"chart-title\">Daily new cases in France, with the 7-day average</title>"))
        #expect(svg.contains("<desc id=\"chart-desc\">Bars: new cases per day from 23 Jan 2020 to 13 Nov 2021."))
        #expect(svg.contains("class=\"chart-bars chart-cases\""))
        #expect(svg.contains("class=\"chart-bars chart-bars-negative\""), "France's correction of 20 May 2021")
        #expect(svg.contains("349,116"), "the description names the correction")
        #expect(!svg.contains(">-"), "labels write the minus sign, not a hyphen")
        #expect(svg.contains(">\u{2212}"))
        #expect(svg.contains("class=\"chart-line chart-cases\""))
        #expect(svg.utf8.count < 40_000, "the chart is \(svg.utf8.count) bytes")
        #expect(!svg.contains("style="), "the CSP forbids inline styles")
        // The summary in words, and the axis labels abbreviated.
        #expect(page.contains("<figcaption class=\"chart-summary\">The 7-day average peaked at "))
        #expect(svg.contains(">100K</text>") && svg.contains(">Jan 2021</text>"))
    }

    @Test func theDataIsAlsoATableOfWeeks() throws {
        let page = try page("/countries/kr")
        #expect(page.contains("<details class=\"chart-table\">"))
        #expect(page.contains("<th scope=\"col\">Week ending</th>"))
        // 662 days: 95 weeks, the last one ending on the last day.
        #expect(page.components(separatedBy: "<tr><th scope=\"row\"><time").count - 1 == 95)
        #expect(page.contains("<time datetime=\"2021-11-13\">13 Nov 2021</time>"))
    }

    @Test func aWeekCutByTheRangeSaysHowManyDaysItCounts() throws {
        // 1–13 Nov: weeks ending 13 Nov (7 days) and 6 Nov (1–6 Nov: 6 of its days).
        let page = try page("/countries/kr?time=2021-11-01..latest")
        let json = try app.client.get("/api/historical/kr?lastdays=14")
        let cases = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.body)) as? [String: Any]).flatMap {
                ($0["timeline"] as? [String: [String: Int]])?["cases"]
            })
        let newInFirstWeek = try #require(cases["11/6/21"]) - (try #require(cases["10/31/21"]))
        #expect(
            page.contains(
                "<time datetime=\"2021-11-06\">6 Nov 2021</time> <span class=\"chart-partial\">(only 6 days)</span></th>"
                    + "<td>\(Formatting.grouped(Int64(newInFirstWeek)))</td>"), "\(newInFirstWeek)")
        #expect(page.contains("<time datetime=\"2021-11-13\">13 Nov 2021</time></th>"), "a whole week is not marked")
    }

    @Test func everyViewIsALinkOnTheCanonicalAddress() throws {
        let page = try page("/countries/kr?scale=log")
        for link in [
            "href=\"/countries/kr?metric=deaths&amp;scale=log\"",
            "href=\"/countries/kr?interval=cumulative&amp;scale=log\"",
            "href=\"/countries/kr\"", "href=\"/countries/kr?scale=log&amp;per=million\"",
            "href=\"/countries/kr?scale=log&amp;time=2020-11-14..latest\"",
            "href=\"/countries/kr?scale=log&amp;time=2021-08-16..latest\"",
        ] {
            #expect(page.contains(link), "missing \(link)")
        }
        #expect(page.contains("<a href=\"/countries/kr?scale=log\" aria-current=\"true\">Log</a>"))
        #expect(page.contains("<input type=\"hidden\" name=\"scale\" value=\"log\">"), "the date form keeps the view")
    }

    @Test(arguments: [
        ("/countries/kr?metric=deaths&interval=cumulative", "Total deaths in S. Korea"),
        ("/countries/kr?per=million", "Daily new cases per million people in S. Korea, with the 7-day average"),
        (
            "/countries/kr?metric=recovered&scale=log",
            "Daily new recoveries in S. Korea, with the 7-day average (log scale)"
        ),
        ("/?interval=cumulative", "Total cases in the world"),
    ])
    func theTitleSaysWhatIsShown(target: String, title: String) throws {
        #expect(try page(target).contains("<title id=\"chart-title\">\(title)</title>"))
    }

    @Test func aRangeShowsItsDaysOnly() throws {
        let page = try page("/countries/kr?time=2021-11-01..latest")
        #expect(page.contains("from 1 Nov 2021 to 13 Nov 2021"))
        #expect(page.contains(">1 Nov 2021</text>"))
        #expect(page.contains("<input type=\"date\" name=\"from\" value=\"2021-11-01\""))
    }

    @Test func theSevenDayAverageIsNotDrawnBeforeSevenDaysOfDataExist() throws {
        let page = try page("/countries/kr?time=2020-01-22..2020-01-27")
        let svg = try svg(page)
        #expect(svg.contains("class=\"chart-bars chart-cases\""))
        #expect(!svg.contains("class=\"chart-line"), "no line where there is no average")
        #expect(page.contains("There is no 7-day average yet"))
        #expect(page.contains("<td>–</td>"), "the weekly table has no average either")
    }

    @Test func theFirstDayOfTheDataIsNoDayOfNewCases() throws {
        // The world's series starts at 557 cases on 22 Jan 2020 (China's 548 among them): not 557 new.
        let page = try page("/?time=2020-01-22..2020-01-28")
        #expect(page.contains("Bars: new cases per day from 23 Jan 2020 to 28 Jan 2020."))
    }

    @Test(arguments: [
        ("/countries/kr?time=latest..latest", "from 13 Nov 2021 to 13 Nov 2021"),
        ("/countries/kr?time=earliest..earliest&interval=cumulative", "from 22 Jan 2020 to 22 Jan 2020"),
        ("/countries/kr?time=EARLIEST..LATEST&interval=cumulative", "from 22 Jan 2020 to 13 Nov 2021"),
    ])
    func aSingleDayOrKeywordsInCapitalsAreARange(target: String, days: String) throws {
        #expect(try page(target).contains(days))
    }

    @Test(arguments: ["/countries/kr?time=2019-01-01..2019-12-31", "/countries/kr?time=2021-12-01..latest"])
    func daysOutsideTheDataSayWhichDaysItHasAndTheCSVLinkStillLeadsToDays(target: String) throws {
        let page = try page(target)
        #expect(page.contains("JHU’s series for S. Korea runs from 22 Jan 2020 to 13 Nov 2021"))
        #expect(page.contains("asks for none of these days"))
        #expect(page.contains("<a href=\"/countries/kr/history.csv\" download>Download every day as CSV</a>"))
        #expect(try app.client.get("/countries/kr/history.csv").status == .ok)
    }

    @Test func theCSVLinkKeepsTheDaysShownAndOnlyThem() throws {
        let page = try page("/countries/kr?metric=deaths&scale=log&time=2021-01-01..latest")
        let link = "/countries/kr/history.csv?time=2021-01-01..latest"
        #expect(page.contains("<a href=\"\(link)\" download>Download these days as CSV</a>"))
        let csv = try app.client.get(link)
        #expect(csv.status == .ok)
        #expect(csv.text.hasPrefix("date,cases,deaths,recovered\n2021-01-01,"))
    }

    /// The front page's 400 for a chart value links to the valid views of the map the visitor had.
    @Test func aBadChartValueOnTheFrontPageKeepsTheMapInItsLinks() throws {
        let bad = try app.client.get("/?map=deaths&metric=vaccines")
        #expect(bad.status == .badRequest)
        #expect(bad.text.contains("href=\"/?metric=deaths&amp;map=deaths\""), "\(bad.text.prefix(3000))")
        #expect(!bad.text.contains("href=\"/?metric=deaths\""))
    }

    /// The peak is marked on a log scale as on a linear one: where its label would cover the latest
    /// value's, it moves beside or below its point instead of going.
    @Test(arguments: ["kr", "fr", "us", "in", "jp", "de", "br", "za"])
    func thePeakIsMarkedOnALogScaleToo(_ id: String) throws {
        for metric in ["cases", "deaths"] {
            let linear = try page("/countries/\(id)?metric=\(metric)")
            // A peak on the latest day has no marker of its own.
            guard linear.contains("peaked at") else { continue }
            let log = try svg(try page("/countries/\(id)?metric=\(metric)&scale=log"))
            #expect(try svg(linear).contains(">Peak "), "\(id) \(metric) linear")
            #expect(log.contains(">Peak "), "\(id) \(metric) log")
        }
    }

    /// France's −349,116 on 20 May 2021 took four fifths of the chart: the axis now fits the other days
    /// and the correction is drawn to its edge with its figure and date; the table keeps it.
    @Test func aCorrectionFarBeyondTheOtherDaysIsDrawnToTheAxisEdgeAndNamed() throws {
        let page = try page("/countries/fr?time=2021-01-01..2021-09-30")
        let svg = try svg(page)
        #expect(svg.contains("class=\"chart-label chart-beyond\""))
        #expect(svg.contains(">\u{2212}349,116 on 20 May 2021</text>"))
        #expect(svg.contains("Beyond the axis, drawn to its edge: \u{2212}349,116 on 20 May 2021."))
        #expect(!svg.contains(">\u{2212}300K<") && !svg.contains(">\u{2212}400K<"), "the axis fits the other days")
        // The linear view without the correction has no such label.
        let summer = try self.svg(try self.page("/countries/fr?time=2021-06-01..2021-09-30"))
        #expect(!summer.contains("chart-beyond"))
    }

    @Test func theCSVsErrorsSpeakOfTheCSV() throws {
        let bad = try app.client.get("/countries/kr/history.csv?time=yesterday")
        #expect(bad.status == .badRequest)
        #expect(bad.text.contains("The CSV cannot show time"), "\(bad.text.prefix(500))")
        let uncovered = try app.client.get("/countries/eh/history.csv")
        #expect(uncovered.status == .notFound)
        #expect(uncovered.text.contains("does not cover Western Sahara"))
        #expect(!uncovered.text.contains("range"), "no range was given")
        let outside = try app.client.get("/countries/kr/history.csv?time=2019-01-01..2019-12-31")
        #expect(outside.status == .notFound)
        #expect(outside.text.contains("asks for none of these days"))
    }

    @Test func theWorldHasACSVToo() throws {
        let page = try page("/")
        #expect(page.contains("<a href=\"/history.csv\" download>Download every day as CSV</a>"))
        let csv = try app.client.get("/history.csv")
        #expect(csv.status == .ok)
        #expect(csv.fields[.contentType] == "text/csv; charset=utf-8")
        #expect(csv.fields["Content-Disposition"] == "attachment; filename=\"world-history.csv\"")
        let lines = csv.text.split(separator: "\n")
        #expect(lines.count == 663)
        #expect(lines[1].hasPrefix("2020-01-22,557,17,"))
        #expect(try app.client.get("/history.csv?time=2021-11-01..latest").text.split(separator: "\n").count == 14)
    }

    @Test func theDateFormAnswersWithTheCanonicalAddress() throws {
        let response = try app.client.get("/countries/kr?scale=log&from=2021-01-01&to=")
        #expect(response.status == .found)
        #expect(response.fields[.location] == "/countries/kr?scale=log&time=2021-01-01..latest")
        let all = try app.client.get("/?from=&to=")
        #expect(all.fields[.location] == "/")
    }

    @Test(arguments: [
        // The form as the page fills it in, sent untouched: the preset's address, marked current.
        ("/countries/kr?from=2020-01-22&to=2021-11-13", "/countries/kr"),
        ("/countries/kr?scale=log&from=2020-11-14&to=2021-11-13", "/countries/kr?scale=log&time=2020-11-14..latest"),
        ("/?from=2019-06-01&to=2030-01-01", "/"),  // beyond the data on both sides: every day
        ("/countries/kr?from=2020-01-22&to=2021-06-30", "/countries/kr?time=earliest..2021-06-30"),
        // Dates the wrong way round are the days between them, not a 400.
        ("/countries/kr?from=2021-02-01&to=2021-01-01", "/countries/kr?time=2021-01-01..2021-02-01"),
        ("/compare?countries=kr,jp&from=2021-11-13&to=2020-01-22", "/compare?countries=kr,jp"),
    ])
    func theDateFormSentUntouchedLeadsToThePreset(target: String, location: String) throws {
        let response = try app.client.get(target)
        #expect(response.status == .found)
        #expect(response.fields[.location] == location)
    }

    @Test func theUntouchedFormsPresetIsMarkedCurrent() throws {
        let page = try page("/countries/kr?time=2020-11-14..latest")
        #expect(
            page.contains("<a href=\"/countries/kr?time=2020-11-14..latest\" aria-current=\"true\">Last 365 days</a>"))
    }

    @Test func theDateFormOnAnotherSpellingKeepsItsDates() throws {
        let moved = try app.client.get("/countries/KR?from=2021-01-01&to=2021-02-01&utm=x")
        #expect(moved.status == .movedPermanently)
        #expect(moved.fields[.location] == "/countries/kr?from=2021-01-01&to=2021-02-01")
        let form = try app.client.get(try #require(moved.fields[.location]))
        #expect(form.fields[.location] == "/countries/kr?time=2021-01-01..2021-02-01")
    }

    @Test(arguments: [
        ("/countries/kr?metric=colour", "metric"), ("/countries/kr?interval=weekly", "interval"),
        ("/countries/kr?scale=sqrt", "scale"), ("/countries/kr?per=capita", "per"),
        ("/countries/kr?time=2021-06-01..2021-01-01", "time"), ("/?time=yesterday", "time"),
    ])
    func aWrongValueIsA400ListingTheValidOnes(target: String, parameter: String) throws {
        let response = try app.client.get(target)
        #expect(response.status == .badRequest)
        #expect(response.text.contains("<p>Valid values for <code>\(parameter)</code>:</p>"))
        #expect(response.text.contains("The chart cannot show \(parameter) "))
    }

    @Test func anotherSpellingMovesWithTheChartsParametersAndOnlyThose() throws {
        let response = try app.client.get("/countries/KOR?metric=deaths&utm_source=x&time=2021-01-01..latest&q=1")
        #expect(response.status == .movedPermanently)
        #expect(response.fields[.location] == "/countries/kr?metric=deaths&time=2021-01-01..latest")
        let bad = try app.client.get("/countries/south-korea?scale=nonsense")
        #expect(bad.fields[.location] == "/countries/kr?scale=nonsense", "judged at the canonical address")
    }

    @Test func aPlaceJHUDoesNotCoverSaysSo() throws {
        let page = try page("/countries/eh")
        #expect(page.contains("JHU CSSE’s time series does not cover Western Sahara"))
        #expect(!page.contains("<svg class=\"chart-svg\""))
        #expect(try app.client.get("/countries/eh/history.csv").status == .notFound)
        #expect(try app.client.get("/api/historical/eh").text.contains("doesn't have any historical data"))
    }

    @Test func aShipHasNoPerMillionFigures() throws {
        let page = try page("/countries/diamond-princess?per=million")
        #expect(
            page.contains("The data has no population for the Diamond Princess, so there are no per-million figures."))
        #expect(!page.contains("<svg"))
    }

    @Test func recoveriesEndAtTheLastReportAndThePageSaysSo_B30() throws {
        let page = try page("/countries/us?metric=recovered")
        #expect(page.contains("JHU’s recovery figures for the USA end on 13 Dec 2020, so the line ends there."))
        #expect(page.contains("on the latest day, 13 Dec 2020"), "the line ends there, not in November 2021")
        #expect(page.contains("Bars: new recoveries per day from 23 Jan 2020 to 13 Dec 2020."), "nor do the bars")
        // One row: nothing about sums of rows.
        #expect(!page.contains("sums the rows"))
        #expect(!page.contains("several JHU rows"))
        #expect(!page.contains("JHU stopped reporting recoveries for"))
    }

    @Test(arguments: [
        // Canada: 16 province rows without recoveries and JHU's national row, the only one reporting them.
        (
            "/countries/ca?metric=recovered",
            "JHU’s recovery figures for Canada end on 4 Aug 2021, so the line ends there."
        ),
        (
            "/countries/kr?metric=recovered",
            "JHU’s recovery figures for S. Korea end on 4 Aug 2021, so the line ends there."
        ),
    ])
    func anEntryWithOneReportingRowSaysOnlyWhereItsFiguresEnd(target: String, note: String) throws {
        let page = try page(target)
        #expect(page.contains(note), "\(target)")
        #expect(!page.contains("sums the rows"), "\(target)")
    }

    @Test(arguments: [
        // The UK's own row stops first, after 12 Apr 2020; the line goes on to JHU's last day.
        (
            "/?metric=recovered",
            "JHU stopped reporting recoveries for the UK after 12 Apr 2020, ",
            "JHU’s recovery figures for the world end on 4 Aug 2021, so the line ends there."
        ),
        // New South Wales after 31 Jul 2020; the other seven states report to JHU’s last day.
        (
            "/countries/au?metric=recovered",
            "JHU stopped reporting recoveries for New South Wales after 31 Jul 2020; ",
            "JHU’s recovery figures for Australia end on 4 Aug 2021, so the line ends there."
        ),
        // China's provinces report to the end but for its row without a province.
        (
            "/countries/cn?metric=recovered",
            "JHU stopped reporting recoveries for the row “unknown” after 29 Jul 2021; ",
            "JHU’s recovery figures for China end on 4 Aug 2021, so the line ends there."
        ),
    ])
    func aSumOfRowsGoesOnPastAStoppedRowAndSaysWhichStoppedWhen_B30(
        target: String, stopped: String, end: String
    ) throws {
        let page = try page(target)
        let svg = try svg(page)
        #expect(page.contains(stopped), "\(target)")
        #expect(page.contains("from then on the line sums the rows that still report"), "\(target)")
        #expect(page.contains(end), "\(target)")
        #expect(svg.contains(" to 4 Aug 2021."), "\(target): the line goes on to JHU's last report")
    }

    @Test func theWorldNamesTheFirstRowsThatStoppedAndCountsTheRest() throws {
        let page = try page("/?metric=recovered")
        // Rows of several countries are named with their country; the rest are counted, not listed.
        let note = try #require(
            page.components(separatedBy: "JHU stopped reporting recoveries for the UK").dropFirst().first?
                .components(separatedBy: ".").first)
        #expect(note.contains(" more rows between "), "\(note)")
        #expect(note.contains(", for New South Wales (Australia) after 31 Jul 2020"), "\(note)")
        #expect(note.components(separatedBy: " after ").count - 1 == 3, "three rows named: \(note)")
    }

    /// A Korean page names the countries of the rows that stopped in Korean, and only the provinces
    /// keep JHU's English names.
    @Test(arguments: [
        ("/ko/?metric=recovered", ["영국(2020년 4월 12일 이후)", "세르비아(", "호주 New South Wales(2020년 7월 31일 이후)"]),
        ("/ko/countries/cn?metric=recovered", ["‘unknown’ 행(2021년 7월 29일 이후)"]),
        ("/ko/compare?countries=cn,au&metric=recovered", ["‘unknown’ 행(", "New South Wales(2020년 7월 31일 이후)"]),
    ])
    func aKoreanNoteNamesTheStoppedRowsInKorean(target: String, names: [String]) throws {
        let page = try page(target)
        // Each chart's note (the compare page has one per country), up to its first sentence's end.
        let notes = page.components(separatedBy: "JHU가 완치자 보고를 멈춘 행: ").dropFirst().compactMap {
            $0.components(separatedBy: ". ").first
        }
        #expect(!notes.isEmpty, "\(target)")
        let note = notes.joined(separator: " | ")
        for name in names { #expect(note.contains(name), "\(target): \(note)") }
        for english in ["the ", "UK", "Serbia", "Australia", "row"] {
            #expect(!note.contains(english), "\(target): \(note)")
        }
    }

    @Test func canadaHasJHUsRecoveries() throws {
        let page = try page("/countries/ca?metric=recovered&interval=cumulative")
        #expect(page.contains("The total was highest on the latest day, 4 Aug 2021: 1,405,971."), "JHU’s national row")
        #expect(!page.contains("no recovery figures"))
    }

    @Test func aPlaceWithoutAnyRecoveriesSaysSoOnceWithoutAnEmptyTable() throws {
        let page = try page("/countries/se?metric=recovered")
        #expect(page.contains("There are no recovery figures for Sweden in this history"))
        let messages =
            page.components(separatedBy: "class=\"chart-note\"").count - 1
            + page.components(separatedBy: "class=\"chart-message\"").count - 1
        #expect(messages == 1, "one message, not two")
        #expect(!page.contains("<details class=\"chart-table\">"), "no table of days not reported")
        #expect(!page.contains("<svg class=\"chart-svg\""))
    }

    @Test func theWorldPageHasTheWorldsHistory() throws {
        let page = try page("/")
        #expect(page.contains("<title id=\"chart-title\">Daily new cases in the world, with the 7-day average</title>"))
        #expect(page.contains("href=\"/?metric=deaths\""))
    }

    @Test func chartPagesAreCachedPerView() throws {
        let first = try app.client.get("/?metric=deaths", fields: [.acceptEncoding: "gzip"])
        let tag = try #require(first.fields[.eTag])
        let again = try app.client.get("/?metric=deaths", fields: [.ifNoneMatch: tag])
        #expect(again.status == .notModified)
        let other = try app.client.get("/?metric=cases", fields: [.ifNoneMatch: tag])
        #expect(other.status == .ok)
    }

    @Test func theJSONTwinsFollowDiseaseSh() throws {
        let one = try app.client.get("/api/historical/kr")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(one.body)) as? [String: Any])
        #expect(object["country"] as? String == "S. Korea")
        let timeline = try #require(object["timeline"] as? [String: [String: Int]])
        #expect(timeline["cases"]?.count == 30, "lastdays defaults to 30")
        #expect(timeline["cases"]?["11/13/21"] != nil)
        let two = try app.client.get("/api/historical/kr,fr?lastdays=2")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(two.body)) as? [[String: Any]])
        #expect(array.map { $0["country"] as? String } == ["S. Korea", "France"])
        let moved = try app.client.get("/api/historical/KOR,fr?lastdays=2")
        #expect(moved.status == .movedPermanently)
        #expect(moved.fields[.location] == "/api/historical/kr,fr?lastdays=2")
        let unknown = try app.client.get("/api/historical/kr,atlantis")
        #expect(unknown.status == .notFound)
        #expect(unknown.text == #"{"message":"Country not found or doesn't have any historical data: “atlantis”"}"#)
        let bad = try app.client.get("/api/historical/kr?lastdays=-3")
        #expect(bad.status == .badRequest)
        #expect(bad.fields[.contentType] == "application/json; charset=utf-8")
        // More days than any series holds is every day, not a number "neither whole nor from 1".
        let all = try app.client.get("/api/historical/kr?lastdays=all").text
        #expect(try app.client.get("/api/historical/kr?lastdays=99999999999999999999").text == all)
        #expect(try app.client.get("/api/historical/kr?lastdays=0002").text.contains("\"11/12/21\""))
    }
}

/// The JSON twins' lists: every entry once, a bounded length, and a 404 that names the id it is about.
struct HistoryAPIListTests {
    /// An app on `store`.
    static func app(_ store: StoreKind = .sqlite) throws -> AppFixture { try AppFixture(store: store) }

    func countries(_ response: Response) throws -> [String] {
        let array = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]])
        return array.compactMap { $0["country"] as? String }
    }

    @Test(arguments: StoreKind.available)
    func anEntryNamedTwiceIsAnsweredOnceInTheOrderFirstNamed(_ store: StoreKind) throws {
        let app = try Self.app(store)
        let repeated = try app.client.get("/api/historical/us,kr,us,us,kr?lastdays=2")
        #expect(repeated.status == .ok)
        #expect(try countries(repeated) == ["USA", "S. Korea"])
        // One entry named twice is still a list: an array of one.
        #expect(try countries(try app.client.get("/api/historical/us,us")) == ["USA"])
        // Other spellings move to the canonical ones, then are answered once.
        let moved = try app.client.get("/api/historical/USA,us")
        #expect(moved.status == .movedPermanently)
        #expect(moved.fields[.location] == "/api/historical/us,us")
    }

    @Test func aListOfTheSameIDThousandsOfTimesIsRefusedNamingTheLimit() throws {
        let app = try Self.app()
        let ids = Array(repeating: "us", count: 2_700).joined(separator: ",")
        let response = try app.client.get("/api/historical/" + ids)
        #expect(response.status == .badRequest)
        #expect(response.body.count < 1_000)
        #expect(response.text.contains("at most 224 ids"), "\(response.text.prefix(300))")
        #expect(response.text.contains("2,700"), "\(response.text.prefix(300))")
    }

    @Test(arguments: [(224, StatusCode.ok), (225, StatusCode.badRequest)])
    func aListMayNameAsManyIDsAsThereAreEntries(count: Int, status: StatusCode) throws {
        let app = try Self.app()
        let ids = Array(repeating: "kr", count: count).joined(separator: ",")
        #expect(try app.client.get("/api/historical/" + ids + "?lastdays=1").status == status)
    }

    /// Western Sahara (eh) is an entry the store holds no series for.
    @Test(arguments: StoreKind.available, [("kr,eh", "“eh”"), ("kr,bogus", "“bogus”"), ("eh", "“eh”")])
    func aListWithAnIDThatFailsSaysWhichID(_ store: StoreKind, _ list: (ids: String, named: String)) throws {
        let app = try Self.app(store)
        let response = try app.client.get("/api/historical/" + list.ids)
        #expect(response.status == .notFound)
        #expect(response.text.contains("Country not found or doesn't have any historical data"))
        #expect(response.text.contains(list.named), "\(response.text)")
    }

    @Test func theWorldInCapitalsMovesLikeAnyOtherSpelling() throws {
        let app = try Self.app()
        let response = try app.client.get("/api/historical/ALL?lastdays=3")
        #expect(response.status == .movedPermanently)
        #expect(response.fields[.location] == "/api/historical/all?lastdays=3")
    }

    @Test(
        arguments: StoreKind.available,
        [
            ("re", ["reunion"]), ("je", ["channel islands", "guernsey", "jersey"]), ("hk", ["hong kong"]),
            ("kr", ["mainland"]),
        ])
    func aTerritoryListsItsJHUProvinces(_ store: StoreKind, _ place: (id: String, provinces: [String])) throws {
        let app = try Self.app(store)
        let response = try app.client.get("/api/historical/\(place.id)?lastdays=1")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(object["province"] as? [String] == place.provinces)
    }

    /// Canada, China and Australia sum 17, 32 and 8 JHU rows: the twin lists them as disease.sh does,
    /// read here from the shipped rows (a country's own row is `mainland`: Canada's national recovered
    /// row; Hong Kong and Macau are entries of their own).
    @Test(arguments: StoreKind.available, [("ca", "Canada", 17), ("cn", "China", 32), ("au", "Australia", 8)])
    func aSumOfRowsListsItsProvinces(_ store: StoreKind, _ place: (id: String, country: String, count: Int)) throws {
        let rows = try HistoricalDecoder.loadShipped(path: packageRoot + "/data/disease-sh/historical.json.gz")
        let expected = rows.filter { $0.country == place.country && HistoryMapping.ownEntries[$0.name] == nil }
            .map { $0.province ?? "mainland" }
        #expect(expected.count == place.count)
        let app = try Self.app(store)
        let response = try app.client.get("/api/historical/\(place.id)?lastdays=1")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(object["province"] as? [String] == expected)
    }

    @Test func lastdaysZeroSaysWhatTheRuleIs() throws {
        let app = try Self.app()
        let response = try app.client.get("/api/historical/kr?lastdays=0")
        #expect(response.status == .badRequest)
        #expect(response.text.contains(#""allowed":"all, a whole number from 1""#), "\(response.text)")
    }
}

/// A build of several series takes tens of milliseconds (every entry: tenths of a second): it never runs
/// on the event loop, where it would hold up the cached pages and `/healthz`. The loop serves it once a
/// worker built it, from the cache; one series is built on the loop.
struct SeriesBuildsOffTheLoopTests {
    let app: AppFixture
    init() throws { app = try AppFixture() }

    func request(_ target: String) throws -> Request {
        Request(method: .get, target: try RequestTarget(parsing: target), fields: [.host: "test.local"])
    }

    static let ids = ["kr", "jp", "us", "fr", "de", "it", "es", "gb"]

    static let builds: [String] = [
        "/api/historical/" + ids.joined(separator: ",") + "?lastdays=all",
        "/api/historical/kr,jp",
        "/compare?countries=" + ids.joined(separator: ","),
        "/ko/compare?countries=kr,jp",
        "/compare.csv?countries=kr,jp,us",
        "/api/compare?countries=kr,jp",
    ]

    @Test(arguments: builds)
    func aBuildOfSeveralSeriesRunsOnAWorkerAndIsThenServedFromTheLoop(_ target: String) throws {
        // Every series in memory, as the data watcher leaves them: only then do pages run on the loop.
        app.app.checkSharedState()
        guard case .onWorker(let work) = app.app.responder.answer(try request(target)) else {
            Issue.record("\(target) was built on the event loop")
            return
        }
        let first = work()
        #expect(first.status == .ok)
        guard case .response(let again) = app.app.responder.answer(try request(target)) else {
            Issue.record("a repeat of \(target) went to a worker")
            return
        }
        #expect(again.status == .ok)
        #expect(again.fields[.eTag] == first.fields[.eTag], "the repeat is the cached answer")
        #expect(again.body == first.body)
    }

    @Test(arguments: ["/api/historical/kr?lastdays=all", "/api/historical/kr", "/compare", "/compare?countries=kr"])
    func oneSeriesOrNoneIsBuiltOnTheLoop(_ target: String) throws {
        app.app.checkSharedState()
        guard case .response(let response) = app.app.responder.answer(try request(target)) else {
            Issue.record("\(target) went to a worker")
            return
        }
        #expect(response.status == .ok)
    }
}
