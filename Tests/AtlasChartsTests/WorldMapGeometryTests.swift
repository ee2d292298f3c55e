import AtlasCore
import Foundation
import Testing

@testable import AtlasCharts

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
    }

    @Test func edgesThatRoundTogetherMakeFewerBands() {
        let buckets = MapBuckets(values: [1, 1, 1, 1, 1, 1, 1, 2])
        #expect(buckets.thresholds == [1])
        #expect(MapBuckets(values: [7]).count == 1)
    }
}

/// The repository's root, for the shipped data (`data/geo/`).
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()
