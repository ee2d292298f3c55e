import AtlasCore
import Foundation

/// A small map of one country among its neighbours, drawn on the server from the shipped outlines: what
/// the country page shows without JavaScript, before Leaflet replaces it. Equirectangular, longitudes
/// scaled by the cosine of the middle latitude so shapes keep their proportions near the view; the
/// view box is `width` × `height` units, the country's view bounds (or a few degrees around its
/// centre) padded and widened to that aspect.
public struct LocatorMap: Sendable, Equatable {
    /// One outline in the view: the country's own, or a neighbour's.
    public struct Outline: Sendable, Equatable {
        /// SVG path data in view box units.
        public let path: String
        /// Whether it is the country's own.
        public let isSelected: Bool
    }

    /// The view box, in units.
    public static let width = 480
    public static let height = 288
    /// The degrees shown around a centre without outline bounds (Singapore, Malta).
    public static let smallestSpanDegrees = 6.0

    /// The outlines within the view, neighbours first so the country is drawn over them.
    public let outlines: [Outline]
    /// The country's centre in view box units.
    public let marker: (x: Double, y: Double)

    public static func == (a: LocatorMap, b: LocatorMap) -> Bool {
        a.outlines == b.outlines && a.marker == b.marker
    }

    /// - Parameters:
    ///   - iso2: the country's upper-case ISO2, for its own outline; `nil` for none.
    ///   - lat, long: its centre, degrees.
    ///   - bounds: its view bounds (`CountryOutlines.viewBounds`), `nil` for a country without outline.
    public init(outlines: CountryOutlines, iso2: String?, lat: Double, long: Double, bounds: CountryOutlines.Bounds?) {
        let half = LocatorMap.smallestSpanDegrees / 2
        var view =
            bounds?.including(lat: lat, long: long)
            ?? CountryOutlines.Bounds(south: lat - half, west: long - half, north: lat + half, east: long + half)
        // A margin for the neighbours, and never narrower than the smallest span.
        let latPad = max((view.north - view.south) * 0.3, half - (view.north - view.south) / 2)
        let longPad = max((view.east - view.west) * 0.3, half - (view.east - view.west) / 2)
        view = CountryOutlines.Bounds(
            south: max(-89, view.south - latPad), west: view.west - longPad, north: min(89, view.north + latPad),
            east: view.east + longPad)
        let cosine = max(0.2, cos((view.north + view.south) / 2 * .pi / 180))
        // Widen the shorter side so the view fills the box's aspect.
        var spanX = (view.east - view.west) * cosine
        var spanY = view.north - view.south
        let aspect = Double(LocatorMap.width) / Double(LocatorMap.height)
        if spanX / spanY < aspect { spanX = spanY * aspect } else { spanY = spanX / aspect }
        let centreX = (view.west + view.east) / 2 * cosine
        let centreY = (view.north + view.south) / 2
        let scale = Double(LocatorMap.width) / spanX
        let left = centreX - spanX / 2
        let top = centreY + spanY / 2
        func project(_ point: (Double, Double)) -> (Double, Double) {
            ((point.0 * cosine - left) * scale, (top - point.1) * scale)
        }
        let visible = (west: left / cosine, east: (left + spanX) / cosine, south: top - spanY, north: top)
        var neighbours: [Outline] = []
        var own: [Outline] = []
        for shape in outlines.shapes {
            // Only polygons that reach into the view; a continent's far side is left out.
            let rings = shape.polygons.filter { polygon in
                guard let outer = polygon.first else { return false }
                return outer.contains { $0.0 >= visible.west - 5 && $0.0 <= visible.east + 5 }
                    && outer.contains { $0.1 >= visible.south - 5 && $0.1 <= visible.north + 5 }
            }.flatMap { $0 }.map { $0.map(project) }
            guard !rings.isEmpty else { continue }
            let path = WorldMapGeometry.path(rings, tolerance: 0.6)
            guard !path.isEmpty else { continue }
            if iso2 != nil && shape.iso2 == iso2 {
                own.append(Outline(path: path, isSelected: true))
            } else {
                neighbours.append(Outline(path: path, isSelected: false))
            }
        }
        self.outlines = neighbours + own
        marker = project((long, lat))
    }
}
