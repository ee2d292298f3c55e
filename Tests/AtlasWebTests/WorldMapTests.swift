import AtlasCore
import Foundation
import HTTPCore
import Routing
import Testing

@testable import AtlasWeb

/// The map's pure parts: projection, simplification, path data, bands.
struct WorldMapGeometryTests {
    @Test(arguments: [
        (0.0, 0.0, 0.0, 0.0), (180, 0, 2.7066, 0), (-180, 0, -2.7066, 0), (0, 90, 0, 1.3174), (0, -90, 0, -1.3174),
    ])
    func equalEarthPutsTheEquatorAndPolesWhereThePaperDoes(
        _ long: Double, _ lat: Double, _ x: Double, _ y: Double
    ) {
        let point = EqualEarth.project(long: long, lat: lat)
        #expect(abs(point.x - x) < 0.0005 && abs(point.y - y) < 0.0005, "\(point)")
    }

    @Test func equalEarthKeepsAreas() {
        // Two 10° × 10° cells, at the equator and at 60° N, cover areas in the ratio of their spherical
        // areas: (sin 70° − sin 60°) / (sin 10° − sin 0°).
        func area(_ south: Double) -> Double {
            let a = EqualEarth.project(long: 0, lat: south)
            let b = EqualEarth.project(long: 10, lat: south + 10)
            let c = EqualEarth.project(long: 10, lat: south)
            let d = EqualEarth.project(long: 0, lat: south + 10)
            return ((c.x - a.x) + (b.x - d.x)) / 2 * (b.y - c.y)
        }
        let expected = (sin(70 * Double.pi / 180) - sin(60 * Double.pi / 180)) / sin(10 * Double.pi / 180)
        #expect(abs(area(60) / area(0) - expected) < 0.01)
    }

    @Test(
        arguments: [
            // A straight line keeps only its ends.
            ([(0.0, 0.0), (1, 0.1), (2, -0.1), (3, 0)], 0.5, [(0.0, 0.0), (3, 0)]),
            // A bend beyond the tolerance stays.
            ([(0, 0), (1, 0.9), (2, 2), (3, 0.9), (4, 0)], 0.5, [(0, 0), (2, 2), (4, 0)]),
            // A closed ring (the ends coincide) keeps its farthest corners.
            ([(0, 0), (4, 0), (4, 4), (0, 4), (0, 0)], 0.5, [(0, 0), (4, 0), (4, 4), (0, 4), (0, 0)]),
            ([(0, 0), (1, 1)], 5, [(0, 0), (1, 1)]),
        ] as [([(Double, Double)], Double, [(Double, Double)])])
    func douglasPeuckerDropsWhatLiesWithinTheTolerance(
        _ line: [(Double, Double)], _ tolerance: Double, _ expected: [(Double, Double)]
    ) {
        let kept = PathSimplification.douglasPeucker(line, tolerance: tolerance)
        #expect(kept.map { [$0.0, $0.1] } == expected.map { [$0.0, $0.1] })
    }

    @Test(
        arguments: [
            ([(10, 10), (12, 10), (12, 13)], "M10 10l2 0 0 3z"),
            ([(10, 10), (8, 7), (9, 5)], "M10 10l-2-3 1-2z"),
            ([(0, 0), (0, 5), (-3, 5)], "M0 0l0 5-3 0z"),
            ([(5, 5)], "M5 5z"),
        ] as [([(Int, Int)], String)])
    func ringsAreRelativeStepsWithMinusSignsAsSeparators(_ ring: [(Int, Int)], _ path: String) {
        #expect(WorldMapGeometry.svgRing(ring) == path)
    }

    @Test func aRingThatRoundsToAPointBecomesASmallSquareAndRepeatsAreDropped() {
        #expect(
            WorldMapGeometry.path([[(5.1, 5.2), (5.2, 5.1), (5.0, 5.0), (5.1, 5.2)]], tolerance: 0.5)
                == "M4 4l2 0 0 2-2 0z")
        #expect(
            WorldMapGeometry.path([[(0, 0), (0.2, 0), (10, 0), (10, 10), (0, 0)]], tolerance: 0.5) == "M0 0l10 0 0 10z")
    }

    @Test func theShippedOutlinesBecomeAWorldOf177SmallPaths() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/data/geo/countries.geojson"))
        let geometry = WorldMapGeometry(outlines: try CountryOutlines(naturalEarth: data))
        #expect(geometry.width == 1000)
        #expect((400...480).contains(geometry.height), "\(geometry.height)")
        #expect(geometry.shapes.count == 177, "Natural Earth's 177 less Antarctica, French Guiana apart")
        #expect(!geometry.shapes.contains { $0.iso2 == "AQ" })
        #expect(geometry.shapes.allSatisfy { $0.path.hasPrefix("M") && $0.path.hasSuffix("z") })
        let bytes = geometry.shapes.map(\.path.utf8.count).reduce(0, +)
        #expect(bytes < 45_000, "\(bytes) bytes of path data")
        // Every coordinate lies in the view box.
        for shape in geometry.shapes {
            var x = 0
            var y = 0
            for ring in shape.path.split(separator: "M") {
                let numbers = ring.replacingOccurrences(of: "l", with: " ").replacingOccurrences(of: "z", with: "")
                    .replacingOccurrences(of: "-", with: " -").split(separator: " ").compactMap { Int($0) }
                x = numbers[0]
                y = numbers[1]
                for index in stride(from: 2, to: numbers.count - 1, by: 2) {
                    x += numbers[index]
                    y += numbers[index + 1]
                    #expect((0...geometry.width).contains(x) && (0...geometry.height).contains(y), "\(shape.name)")
                }
            }
        }
    }
}

struct MapBucketsTests {
    @Test(arguments: [
        (1187.4, 1200.0), (0.837, 0.84), (5, 5), (99.6, 100), (123_456, 120_000), (0, 0), (-3, 0),
    ])
    func edgesAreRoundedToTwoSignificantDigits(_ value: Double, _ nice: Double) {
        #expect(abs(MapBuckets.nice(value) - nice) < 1e-9, "\(MapBuckets.nice(value))")
    }

    @Test func sixBandsOfAboutEqualCountsWithRoundEdges() {
        let buckets = MapBuckets(values: (1...600).map(Double.init))
        #expect(buckets.thresholds == [100, 200, 300, 400, 500])
        #expect(buckets.count == 6)
        #expect(buckets.bucket(0) == 0 && buckets.bucket(99) == 0)
        #expect(buckets.bucket(100) == 1, "a value at an edge is in the band above it")
        #expect(buckets.bucket(450) == 4 && buckets.bucket(10_000) == 5)
        #expect(buckets.label(0) == "Under 100")
        #expect(buckets.label(2) == "200 to 300")
        #expect(buckets.label(5) == "500 and over")
    }

    @Test func edgesThatRoundTogetherMakeFewerBands() {
        let buckets = MapBuckets(values: [1, 1, 1, 1, 1, 1, 1, 2])
        #expect(buckets.thresholds == [1])
        #expect(MapBuckets(values: [7]).count == 1)
        #expect(MapBuckets(values: []).label(0) == "All")
    }
}

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
        // North Korea's outline is drawn, hatched, in the group screen readers skip, with no link.
        #expect(page.contains("<g class=\"map-nodata\" aria-hidden=\"true\"><path d=\"M"))
        #expect(!page.contains("href=\"/countries/kp\""))
        let links = page.matches(of: try Regex("<a href=\"/countries/[a-z-]+\" aria-label=")).count
        #expect(links > 160, "\(links)")
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
    func figuresAreWholeFromTenUpAndKeepTwoDecimalsBelow(_ value: Double, _ text: String) {
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
