import AtlasCharts
import AtlasCore
import AtlasSource
import Foundation
import Mustache
import Testing

@testable import AtlasWeb

/// Where countries land on the front page's map and which band each is shaded. The expected places
/// come from latitudes and longitudes, never from the map's code: disease.sh's point for each country
/// (`countryInfo` in data/disease-sh/countries.json) and what anyone knows of where countries lie. The
/// expected bands come from each country's figure in the same file and the edges the legend shows. A
/// map mirrored either way, or a country shaded by another's figure, fails here.
struct WorldMapPlacementTests {
    /// The shipped outlines and the map drawn from them, read once.
    static let shipped = Result<(outlines: CountryOutlines, map: WorldMapGeometry), any Error> {
        let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/data/geo/countries.geojson"))
        let outlines = try CountryOutlines(naturalEarth: data)
        return (outlines, WorldMapGeometry(outlines: outlines))
    }

    typealias Point = (x: Double, y: Double)

    /// The rings of a path as the map writes it (`M x y l dx dy … z`, whole units), as absolute points.
    static func rings(_ path: String) -> [[Point]] {
        path.split(separator: "M").map { ring in
            let numbers = ring.replacingOccurrences(of: "l", with: " ").replacingOccurrences(of: "z", with: "")
                .replacingOccurrences(of: "-", with: " -").split(separator: " ").compactMap { Double($0) }
            guard numbers.count >= 2 else { return [] }
            var point = (x: numbers[0], y: numbers[1])
            var points = [point]
            for index in stride(from: 2, to: numbers.count - 1, by: 2) {
                point = (point.x + numbers[index], point.y + numbers[index + 1])
                points.append(point)
            }
            return points
        }
    }

    /// Whether `point` is inside the rings (even–odd: a hole is outside).
    static func contains(_ rings: [[Point]], _ point: Point) -> Bool {
        var inside = false
        for ring in rings {
            for (a, b) in zip(ring, ring.dropFirst() + ring.prefix(1)) where (a.y > point.y) != (b.y > point.y) {
                if point.x < a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x) { inside.toggle() }
            }
        }
        return inside
    }

    /// A ring's area (shoelace, unsigned) and centroid.
    static func areaAndCentroid(_ ring: [Point]) -> (area: Double, centroid: Point) {
        var twiceArea = 0.0
        var (x, y) = (0.0, 0.0)
        for (a, b) in zip(ring, ring.dropFirst() + ring.prefix(1)) {
            let cross = a.x * b.y - b.x * a.y
            twiceArea += cross
            x += (a.x + b.x) * cross
            y += (a.y + b.y) * cross
        }
        guard twiceArea != 0 else { return (0, ring.first ?? (0, 0)) }
        return (abs(twiceArea) / 2, (x / (3 * twiceArea), y / (3 * twiceArea)))
    }

    /// The centroid of a country's largest part: mainland Norway, not Svalbard; Honshu, not Okinawa.
    static func mainCentroid(_ iso2: String) throws -> Point {
        let shape = try shape(iso2)
        let largest = try #require(rings(shape.path).map(areaAndCentroid).max { $0.area < $1.area })
        return largest.centroid
    }

    /// The smallest and largest x and y of a path.
    static func bounds(_ rings: [[Point]]) -> (west: Double, east: Double, north: Double, south: Double) {
        let points = rings.joined()
        return (
            points.map(\.x).min() ?? .nan, points.map(\.x).max() ?? .nan, points.map(\.y).min() ?? .nan,
            points.map(\.y).max() ?? .nan
        )
    }

    static func shape(_ iso2: String) throws -> WorldMapGeometry.Shape {
        let shapes = try shipped.get().map.shapes.filter { $0.iso2 == iso2 }
        try #require(shapes.count == 1, "one outline for \(iso2)")
        return shapes[0]
    }

    /// Where a latitude and longitude should land in the view box: Equal Earth's x from −180° at the
    /// left edge (0) to 180° at the right (the width), y down from the northernmost land (at 0) at the
    /// same scale (north is up).
    static func expectedPoint(lat: Double, long: Double) throws -> Point {
        let (outlines, map) = try shipped.get()
        let northernmost =
            outlines.shapes.filter { $0.iso2 != "AQ" }.flatMap { $0.polygons.joined().joined() }.map(\.1).max() ?? 90
        let edge = EqualEarth.project(long: 180, lat: 0).x
        let scale = Double(map.width) / (2 * edge)
        let point = EqualEarth.project(long: long, lat: lat)
        return ((point.x + edge) * scale, (EqualEarth.project(long: 0, lat: northernmost).y - point.y) * scale)
    }

    // MARK: Places

    /// disease.sh's point (latitude, longitude) of countries all round the world, each more than two
    /// units inside its outline on the map (more than the simplification and the rounding move a
    /// border).
    static let wellInside: [(String, Double, Double)] = [
        ("US", 38, -97), ("MX", 23, -102), ("CO", 4, -72), ("PE", -10, -76), ("BR", -10, -55), ("AR", -34, -64),
        ("GB", 54, -2), ("FR", 46, 2), ("ES", 40, -4), ("NO", 62, 10), ("SE", 62, 15), ("TR", 39, 35),
        ("DZ", 28, 3), ("NG", 10, 8), ("EG", 27, 30), ("CD", 0, 25), ("ZA", -29, 24), ("SA", 25, 45),
        ("IR", 32, 53), ("KZ", 48, 68), ("IN", 20, 77), ("RU", 60, 100), ("MN", 46, 105), ("CN", 35, 105),
        ("JP", 36, 138), ("AU", -27, 133),
    ]

    @Test(arguments: wellInside)
    func eachCountrysPointLiesInsideItsOwnOutlineAndNoOther(iso2: String, lat: Double, long: Double) throws {
        let point = try Self.expectedPoint(lat: lat, long: long)
        #expect(Self.contains(Self.rings(try Self.shape(iso2).path), point), "\(iso2) at \(point)")
        let others = try Self.shipped.get().map.shapes.filter {
            $0.iso2 != iso2 && Self.contains(Self.rings($0.path), point)
        }
        #expect(others.isEmpty, "\(iso2)'s point is in \(others.map(\.name))")
    }

    /// Narrow countries and points on a coast: the point lies within the outline's box, give or take two units.
    @Test(arguments: [
        ("KR", 37.0, 127.5), ("CL", -30, -71), ("NZ", -41, 174), ("CA", 60, -95), ("ID", -5, 120),
    ])
    func aNarrowCountrysPointLiesWithinItsOutlinesBox(iso2: String, lat: Double, long: Double) throws {
        let point = try Self.expectedPoint(lat: lat, long: long)
        let box = Self.bounds(Self.rings(try Self.shape(iso2).path))
        #expect(box.west - 2 <= point.x && point.x <= box.east + 2, "\(iso2) at \(point), box \(box)")
        #expect(box.north - 2 <= point.y && point.y <= box.south + 2, "\(iso2) at \(point), box \(box)")
    }

    enum Direction: String, CaseIterable, Sendable { case east, west, north, south }

    /// Facts of geography, from no data at all.
    @Test(arguments: [
        ("KR", Direction.east, "CN"), ("CL", .west, "AR"), ("AU", .south, "JP"), ("NO", .north, "ES"),
        ("BR", .east, "PE"), ("EG", .north, "ZA"), ("US", .west, "FR"), ("RU", .north, "IN"),
    ])
    func countriesLieWhereTheyDoOnTheGlobe(country: String, direction: Direction, other: String) throws {
        // SVG's x grows east and its y grows south.
        let (a, b) = (try Self.mainCentroid(country), try Self.mainCentroid(other))
        switch direction {
        case .east: #expect(a.x > b.x, "\(country) \(a) is not east of \(other) \(b)")
        case .west: #expect(a.x < b.x, "\(country) \(a) is not west of \(other) \(b)")
        case .north: #expect(a.y < b.y, "\(country) \(a) is not north of \(other) \(b)")
        case .south: #expect(a.y > b.y, "\(country) \(a) is not south of \(other) \(b)")
        }
    }

    @Test func theNorthernmostLandIsAtTheTopAndTheSouthernmostAtTheBottom() throws {
        // Greenland's north coast (83.6° N) is the map's top; Tierra del Fuego's Chilean tip (55.6° S), with
        // Antarctica left out, its bottom.
        let map = try Self.shipped.get().map
        let greenland = Self.bounds(Self.rings(try Self.shape("GL").path))
        let chile = Self.bounds(Self.rings(try Self.shape("CL").path))
        #expect(greenland.north == 0, "\(greenland)")
        #expect(abs(chile.south - Double(map.height)) <= 1, "\(chile) against \(map.height)")
        for shape in map.shapes {
            let box = Self.bounds(Self.rings(shape.path))
            #expect(box.north >= greenland.north && box.south <= chile.south, "\(shape.name)")
        }
    }

    // MARK: Links and bands

    /// One entry of the shipped snapshot as read here from its JSON (not with the app's decoder).
    struct Record: Sendable {
        let name: String
        let iso2: String?
        let iso3: String?
        let lat: Double?
        let long: Double?
        /// The figures by their API names.
        let figures: [String: Double]
    }

    static let records = Result<[Record], any Error> {
        let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/data/disease-sh/countries.json"))
        guard let objects = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw CocoaError(.coderReadCorrupt)
        }
        return objects.map { object in
            let info = object["countryInfo"] as? [String: Any] ?? [:]
            return Record(
                name: object["country"] as? String ?? "", iso2: info["iso2"] as? String, iso3: info["iso3"] as? String,
                lat: (info["lat"] as? NSNumber)?.doubleValue, long: (info["long"] as? NSNumber)?.doubleValue,
                figures: object.compactMapValues { ($0 as? NSNumber)?.doubleValue })
        }
    }

    /// The shipped countries as a catalog.
    static func catalog() throws -> CountryCatalog {
        let countries = try records.get().map { record in
            var country = Country(
                country: record.name,
                countryInfo: CountryInfo(iso2: record.iso2, iso3: record.iso3, lat: record.lat, long: record.long))
            for figure in Figure.perCountry {
                guard let value = record.figures[figure.rawValue] else { continue }
                if figure.isRatio { country[ratio: figure] = value } else { country[figure] = Int64(value) }
            }
            return country
        }
        return CountryCatalog(
            snapshot: Snapshot(countries: countries, totals: WorldTotals(), source: "test"), facts: [:],
            vaccinations: try VaccinationDecoder.load(path: packageRoot + "/data/owid/vaccinations.csv"))
    }

    /// The figure the map should show for the entry of `iso2`: per million people, as upstream sends it; none
    /// without a population, and no tests figure where no tests are reported.
    static func figure(_ figure: MapFigure, iso2: String) throws -> Double? {
        let record = try #require(try records.get().first { $0.iso2 == iso2 }, "\(iso2)")
        let figures = record.figures
        // Our World in Data's last report of the entry's ISO3, read from the file; the Channel Islands
        // (Jersey's ISO3) deliberately have none (data/README.md).
        func latest(_ column: String) throws -> Double? {
            guard iso2 != "JE", let iso3 = record.iso3 else { return nil }
            return try OWIDFile.shipped.get().latest(column, of: iso3).flatMap { Double($0.value) }
        }
        switch figure {
        case .vaccinated: return try latest("people_fully_vaccinated_per_hundred")
        case .doses: return try latest("total_vaccinations_per_hundred")
        default: break
        }
        guard (figures["population"] ?? 0) > 0 else { return nil }
        switch figure {
        case .cases: return figures["casesPerOneMillion"]
        case .deaths: return figures["deathsPerOneMillion"]
        case .active: return figures["activePerOneMillion"]
        case .tests: return (figures["tests"] ?? 0) > 0 ? figures["testsPerOneMillion"] : nil
        case .vaccinated, .doses: return nil
        }
    }

    /// The map's countries (`href`, `label`, `band`, `path`) and its legend's labels.
    static func drawn(_ figure: MapFigure) throws -> (countries: [[String: String]], legend: [String]) {
        let map = WorldMap(
            geometry: try shipped.get().map, catalog: try catalog(), figure: figure, words: try PageWordsTests.english()
        ) { _ in "/" }
        guard case .object(let value) = map.templateValue, case .array(let countries)? = value["countries"],
            case .array(let legend)? = value["legend"]
        else {
            Issue.record("no countries or legend")
            return ([], [])
        }
        func strings(_ value: TemplateValue) -> [String: String] {
            guard case .object(let object) = value else { return [:] }
            return object.compactMapValues { value in
                guard case .string(let text) = value else { return nil }
                return text
            }
        }
        return (countries.map(strings), legend.compactMap { strings($0)["label"] })
    }

    @Test func eachCountrysLinkIsDrawnWhereTheCountryLies() throws {
        let countries = try Self.drawn(.cases).countries
        for (iso2, lat, long) in Self.wellInside {
            let link = try #require(countries.first { $0["href"] == "/countries/" + iso2.lowercased() }, "\(iso2)")
            let point = try Self.expectedPoint(lat: lat, long: long)
            #expect(Self.contains(Self.rings(link["path"] ?? ""), point), "\(iso2)'s link is drawn elsewhere")
        }
    }

    @Test(arguments: MapFigure.allCases)
    func eachCountryIsShadedInTheLegendsBandForItsFigure(figure: MapFigure) throws {
        let (countries, legend) = try Self.drawn(figure)
        // "Under 1,200", "1,200 to 5,400", …, "54,000 and over": each band's lower edge starts its label.
        #expect(legend.count == 6, "\(legend)")
        try #require(legend.first?.hasPrefix("Under ") == true && legend.last?.hasSuffix(" and over") == true)
        let edges = legend.dropFirst().map { label in
            Double(label.prefix { $0 != " " }.replacingOccurrences(of: ",", with: "")) ?? .nan
        }
        #expect(edges == edges.sorted() && !edges.contains { $0.isNaN }, "\(legend)")
        #expect(countries.count > 160)
        var shaded: [(value: Double, band: Int)] = []
        for country in countries {
            let id = try #require(country["href"]?.split(separator: "/").last.map(String.init))
            let value = try Self.figure(figure, iso2: id.uppercased())
            guard let value else {
                #expect(country["band"] == "map-nodata", "\(id) has no \(figure)")
                continue
            }
            // A value at an edge is in the band above it.
            let band = edges.filter { $0 <= value }.count
            #expect(country["band"] == "map-b\(band)", "\(id): \(value) \(figure), edges \(edges)")
            shaded.append((value, band))
        }
        // The lightest band holds the smallest figure, the darkest the largest.
        #expect(shaded.min { $0.value < $1.value }?.band == 0)
        #expect(shaded.max { $0.value < $1.value }?.band == 5)
    }
}
