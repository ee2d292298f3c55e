import AtlasCore

/// The world map's outlines, drawn once at start: Equal Earth projected, scaled to a `width`-unit view
/// box, simplified (Douglas–Peucker), rounded to whole units, each an SVG path of relative moves.
/// Antarctica is left out: no figures, and a fifth of the height.
public struct WorldMapGeometry: Sendable {
    /// One country's outline.
    public struct Shape: Sendable, Equatable {
        /// Upper-case ISO 3166-1 alpha-2, `nil` where Natural Earth has none.
        public let iso2: String?
        /// Natural Earth's name, for outlines the data has no entry for.
        public let name: String
        /// The SVG path data (`M12 34l5-6…z`), in view box units.
        public let path: String
    }

    /// The view box's width and height, in units.
    public let width: Int
    public let height: Int
    public let shapes: [Shape]
    /// The projection's west edge and north edge (Equal Earth units) and view box units per unit.
    private let west: Double
    private let north: Double
    private let scale: Double

    /// Codes left off the map.
    public static let leftOut: Set<String> = ["AQ"]

    /// - Parameters:
    ///   - outlines: the shipped outlines.
    ///   - width: the view box's width: at 1,000 a unit is about a pixel at the page's widest.
    ///   - tolerance: Douglas–Peucker's, in units; half a unit keeps every visible bend.
    public init(outlines: CountryOutlines, width: Int = 1000, tolerance: Double = 0.5) {
        let kept = outlines.shapes.filter { !WorldMapGeometry.leftOut.contains($0.iso2 ?? "") }
        let projected = kept.map { shape in
            shape.polygons.map { polygon in
                polygon.map { ring in ring.map { EqualEarth.project(long: $0.0, lat: $0.1) } }
            }
        }
        let points = projected.joined().joined().joined()
        let (west, east) = (EqualEarth.project(long: -180, lat: 0).x, EqualEarth.project(long: 180, lat: 0).x)
        let north = points.map(\.y).max() ?? 1
        let south = points.map(\.y).min() ?? -1
        let scale = Double(width) / (east - west)
        (self.west, self.north, self.scale) = (west, north, scale)
        self.width = width
        height = Int(((north - south) * scale).rounded(.up))
        shapes = zip(kept, projected).map { shape, polygons in
            let rings = polygons.flatMap { $0 }.map { ring in
                ring.map { ((($0.x - west) * scale), ((north - $0.y) * scale)) }
            }
            return Shape(iso2: shape.iso2, name: shape.name, path: WorldMapGeometry.path(rings, tolerance: tolerance))
        }
    }

    /// Where a place (degrees: longitude east, latitude north) falls in the view box, in units from its
    /// top left: the dot of an entry too small for an outline at this scale (Singapore, Malta).
    public func point(long: Double, lat: Double) -> (x: Double, y: Double) {
        let projected = EqualEarth.project(long: long, lat: lat)
        return ((projected.x - west) * scale, (north - projected.y) * scale)
    }

    /// Rings as path data in view box units, each simplified and rounded, repeats dropped; rings below a
    /// triangle go, unless all do (then the largest stays, or a 2-unit square for a point).
    public static func path(_ rings: [[(Double, Double)]], tolerance: Double) -> String {
        func rounded(_ ring: [(Double, Double)]) -> [(Int, Int)] {
            var result: [(Int, Int)] = []
            for point in ring {
                let p = (Int(point.0.rounded()), Int(point.1.rounded()))
                if let last = result.last, last == p { continue }
                result.append(p)
            }
            if result.count > 1, let first = result.first, let last = result.last, first == last { result.removeLast() }
            return result
        }
        var kept = rings.map { rounded(PathSimplification.douglasPeucker($0, tolerance: tolerance)) }
            .filter { $0.count >= 3 }
        if kept.isEmpty, let largest = rings.max(by: { $0.count < $1.count }) {
            let ring = rounded(largest)
            if ring.count >= 3 {
                kept = [ring]
            } else if let point = ring.first {
                kept = [
                    [
                        (point.0 - 1, point.1 - 1), (point.0 + 1, point.1 - 1), (point.0 + 1, point.1 + 1),
                        (point.0 - 1, point.1 + 1),
                    ]
                ]
            }
        }
        return kept.map(svgRing).joined()
    }

    /// `M x y` then relative `l` steps and `z`: `[(10,10),(12,10),(12,13)]` → `M10 10l2 0 0 3z`.
    public static func svgRing(_ ring: [(Int, Int)]) -> String {
        guard let first = ring.first else { return "" }
        var text = "M\(first.0) \(first.1)"
        guard ring.count > 1 else { return text + "z" }
        text += "l"
        var previous = first
        for (index, point) in ring.dropFirst().enumerated() {
            let dx = point.0 - previous.0
            let dy = point.1 - previous.1
            // A minus sign separates numbers by itself; only a non-negative one needs a space.
            if index > 0 && dx >= 0 { text += " " }
            text += String(dx)
            if dy >= 0 { text += " " }
            text += String(dy)
            previous = point
        }
        return text + "z"
    }
}
