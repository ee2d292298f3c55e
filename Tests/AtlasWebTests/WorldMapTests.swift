import AtlasCharts
import AtlasCore
import Foundation
import HTTPCore
import Routing
import Testing

@testable import AtlasWeb

/// The front page's map as pages and links.
struct WorldMapPageTests {
    let app: AppFixture
    var client: TestClient { app.client }

    init() throws { app = try AppFixture() }

    @Test(arguments: [
        ("/", "pe", "Peru: 65,882 cases per million"),
        ("/?map=deaths", "pe", "Peru: 5,971 deaths per million"),
        ("/?map=tests", "kr", "S. Korea: 307,894 tests per million"),
        ("/?map=active", "kr", "S. Korea: 613 active per million"),
        ("/?map=DEATHS", "us", "USA: 2,348 deaths per million"),
    ])
    func eachCountryIsALinkNamedWithItsValue(_ target: String, _ id: String, _ name: String) throws {
        let page = try client.get(target)
        #expect(page.status == .ok)
        #expect(
            page.text.contains(
                "<a href=\"/countries/\(id)\" aria-label=\"\(name)\"><title>\(name)</title><path class=\"map-b"))
    }

    /// French Guiana is its own link with its own figure, not a piece of France.
    @Test func frenchGuianaIsItsOwnCountryOnTheMap() throws {
        let page = try client.get("/").text
        #expect(page.contains("<a href=\"/countries/gf\" aria-label=\"French Guiana: "))
        #expect(page.components(separatedBy: "<a href=\"/countries/fr\"").count == 2, "one France")
    }

    @Test func theMapHasATitleADescriptionALegendAndTheTableLink() throws {
        let page = try client.get("/?map=deaths").text
        #expect(page.contains("<svg class=\"world-map\" viewBox=\"0 0 1000 "))
        #expect(page.contains("<svg class=\"world-map\" viewBox=\"0 0 1000 "))
        // No role: an SVG is a graphics document, whose links stay links (role="img" would hide them).
        #expect(page.contains(" aria-labelledby=\"world-map-title\" aria-describedby=\"world-map-desc\">"))
        #expect(page.contains("<title id=\"world-map-title\">World map of COVID-19 deaths per million people</title>"))
        #expect(
            page.contains(
                "<desc id=\"world-map-desc\">Each country is shaded by its deaths per million people in 6 bands"))
        #expect(page.matches(of: try Regex("<li><span class=\"map-swatch map-b[0-5]\"></span>")).count == 6)
        #expect(page.contains("<li><span class=\"map-swatch map-nodata\"></span>No data</li>"))
        #expect(
            page.contains(
                "<a href=\"/countries?sort=deaths-per-million\">Every country by deaths per million, as a table</a>"))
        #expect(page.contains("<a href=\"/?map=deaths\" aria-current=\"true\">Deaths</a>"))
        #expect(page.contains("<a href=\"/\">Cases</a>"))
    }

    @Test func countriesWithoutAFigureAreHatchedAndNamedSoAndOutlinesWithoutAnEntryAreNoLinks() throws {
        let page = try client.get("/?map=tests").text
        // Western Sahara has an entry but reports no tests.
        #expect(
            page.contains(
                try Regex(
                    "aria-label=\"Western Sahara: no data\"><title>Western Sahara: no data</title><path class=\"map-nodata\""
                )))
        // North Korea's outline is drawn, hatched and named "no data", with no link.
        #expect(page.contains("<path role=\"img\" aria-label=\"North Korea: no data\" d=\"M"))
        #expect(page.contains("<title>North Korea: no data</title></path>"))
        #expect(!page.contains("<g class=\"map-nodata\" aria-hidden"))
        #expect(!page.contains("href=\"/countries/kp\""))
        let links = page.matches(of: try Regex("<a href=\"/countries/[a-z-]+\" aria-label=")).count
        #expect(links > 160, "\(links)")
    }

    /// Entries too small to outline at 1:110m are dots at their coordinates, links named with their value
    /// like the outlines: every entry with coordinates is on the map, once.
    @Test(arguments: ["cases", "deaths", "tests"])
    func everyEntryWithCoordinatesIsOnTheMapSmallOnesAsDots(_ figure: String) throws {
        let page = try client.get("/?map=\(figure)").text
        for (id, name) in [
            ("sg", "Singapore"), ("mt", "Malta"), ("bh", "Bahrain"), ("hk", "Hong Kong"), ("gp", "Guadeloupe"),
        ] {
            #expect(
                page.contains(
                    try Regex(
                        "<a href=\"/countries/\(id)\" aria-label=\"\(name): [0-9.,]+ \(figure) per million\">"
                            + "<title>[^<]*</title><circle class=\"map-dot map-b[0-5]\"")), "\(id)")
        }
        let api =
            try JSONSerialization.jsonObject(with: Data(try client.get("/api/countries").body)) as! [[String: Any]]
        let placed = api.filter { entry in
            let info = entry["countryInfo"] as? [String: Any]
            return info?["iso2"] is String
                && ((info?["lat"] as? Double ?? 0) != 0 || (info?["long"] as? Double ?? 0) != 0)
        }
        let links = page.matches(of: try Regex("<a href=\"/countries/[a-z-]+\" aria-label=")).count
        #expect(links == placed.count, "\(links) links for \(placed.count) entries with coordinates")
        #expect(!page.contains("href=\"/countries/diamond-princess\""), "a ship is at sea")
    }

    @Test func anUnknownFigureIsA400NamingTheChoices() throws {
        let response = try client.get("/?map=recovered&metric=deaths")
        #expect(response.status == .badRequest)
        #expect(response.text.contains("recovered"))
        for choice in ["cases", "deaths", "active", "tests"] { #expect(response.text.contains(choice)) }
        // The choices keep the chart's view.
        #expect(response.text.contains("href=\"/?metric=deaths&amp;map=tests\""))
    }

    @Test func chartLinksKeepTheMapAndMapLinksKeepTheChart() throws {
        let page = try client.get("/?metric=deaths&map=tests").text
        #expect(page.contains("href=\"/?metric=deaths\">Cases</a>"))
        #expect(page.contains("href=\"/?metric=deaths&amp;map=deaths\">Deaths</a>"))
        #expect(page.contains("&amp;map=tests"))
    }

    @Test func theWholePageGzipsUnder60KBAndIsCachedPerView() throws {
        let first = try client.get("/", fields: [.acceptEncoding: "gzip"])
        #expect(first.fields[.contentEncoding] == "gzip")
        #expect(first.body.count < 60_000, "\(first.body.count) bytes gzipped")
        let eTag = try #require(first.fields[.eTag])
        #expect(try client.get("/", fields: [.acceptEncoding: "gzip", .ifNoneMatch: eTag]).status == .notModified)
        let deaths = try client.get("/?map=deaths", fields: [.acceptEncoding: "gzip"])
        #expect(deaths.fields[.eTag] != eTag)
        #expect(deaths.body.count < 60_000)
    }
}

struct MapFigureWordsTests {
    @Test(arguments: [(5971.3, "5,971"), (613.02, "613"), (10, "10"), (2.5, "2.5"), (0.837, "0.84"), (0, "0")])
    func figuresAreRoundedAsEverywhereElse(_ value: Double, _ text: String) {
        #expect(MapBuckets.format(value) == text)
    }
}

/// The map's table equivalents: the country list sorted by the same figure, with its column.
struct MapTableTests {
    let app: AppFixture
    var client: TestClient { app.client }

    init() throws { app = try AppFixture() }

    @Test(arguments: [
        ("tests", "tests-per-million"), ("active", "active-per-million"), ("deaths", "deaths-per-million"),
    ])
    func eachFiguresMapLinksTheListSortedByIt(_ figure: String, _ sort: String) throws {
        let page = try client.get("/?map=\(figure)").text
        #expect(
            page.contains("<a href=\"/countries?sort=\(sort)\">Every country by \(figure) per million, as a table</a>"))
        let list = try client.get("/countries?sort=\(sort)")
        #expect(list.status == .ok)
        #expect(list.text.contains("<table class=\"country-table sorted-by-\(sort)\">"))
        #expect(list.text.contains("aria-sort=\"descending\"><a href=\"/countries?sort=\(sort)&amp;order=asc\">"))
    }

    @Test func theTestsTableShowsTheMapsFiguresLargestFirstAndUnknownLast() throws {
        let list = try client.get("/countries?sort=tests-per-million").text
        #expect(list.contains("<td class=\"num col-tests-per-million\">307,894</td>"), "S. Korea's, as on the map")
        let values = list.matches(of: try Regex("<td class=\"num col-tests-per-million\">([^<]*)</td>")).map {
            String($0.output[1].substring ?? "")
        }
        #expect(values.count == 224)
        // Largest first, then the unknown ones (no tests reported: Western Sahara; no population: the
        // cruise ships), never a 0 among the known.
        let known = values.prefix { $0 != "n/a" }.map { Double($0.replacingOccurrences(of: ",", with: ""))! }
        #expect(known == known.sorted(by: >))
        #expect(!known.contains(0))
        #expect(values.dropFirst(known.count).allSatisfy { $0 == "n/a" })
        let names = rowNames(try client.get("/countries?sort=tests-per-million"))
        for unknown in ["Western Sahara", "Diamond Princess", "MS Zaandam"] {
            #expect(names.firstIndex(of: unknown)! >= known.count, "\(unknown)")
        }
    }
}
