import Formats
import Foundation

/// Country outlines from Natural Earth's Admin-0 GeoJSON (RFC 7946; longitude, latitude in degrees):
/// a reduced copy for the map's offline background, and each country's map bounds.
public struct CountryOutlines: Sendable {
    /// A latitude/longitude rectangle in degrees (south ≤ north, west ≤ east).
    public struct Bounds: Sendable, Equatable {
        public var south: Double
        public var west: Double
        public var north: Double
        public var east: Double

        /// The edges in degrees of latitude (south, north) and longitude (west, east).
        public init(south: Double, west: Double, north: Double, east: Double) {
            self.south = south
            self.west = west
            self.north = north
            self.east = east
        }

        /// The smallest rectangle holding both.
        public func union(_ other: Bounds) -> Bounds {
            Bounds(
                south: min(south, other.south), west: min(west, other.west), north: max(north, other.north),
                east: max(east, other.east))
        }

        /// The rectangle grown to hold a point (degrees latitude, longitude).
        public func including(lat: Double, long: Double) -> Bounds {
            union(Bounds(south: lat, west: long, north: lat, east: long))
        }

        /// The larger of the latitude and longitude gaps in degrees; 0 when they touch or overlap.
        func gap(to other: Bounds) -> Double {
            let latitudeGap = max(0, max(other.south - north, south - other.north))
            let longitudeGap = max(0, max(other.west - east, west - other.east))
            return max(latitudeGap, longitudeGap)
        }
    }

    /// Why a file is not usable as outlines.
    public enum DecodeError: Error, CustomStringConvertible {
        /// The top level is not a GeoJSON `FeatureCollection` with a `features` array.
        case notAFeatureCollection
        /// A feature's geometry is not a Polygon or MultiPolygon of `[longitude, latitude]` positions.
        case unexpectedGeometry(feature: Int)

        public var description: String {
            switch self {
            case .notAFeatureCollection: return "not a GeoJSON FeatureCollection"
            case .unexpectedGeometry(let feature): return "feature \(feature) is not a Polygon or MultiPolygon"
            }
        }
    }

    /// Parts within this many degrees of a country's main part are in its view (Corsica), farther ones are
    /// not (French Guiana).
    static let nearbyPartDegrees = 8.0

    /// The reduced FeatureCollection, UTF-8: only `iso2` and `name` properties, positions rounded to 0.01°
    /// (about 1 km, finer than the 1:110m source), repeats dropped.
    public let reducedGeoJSON: [UInt8]
    /// Map bounds by upper-case ISO2: the main part and the parts near it.
    public let viewBounds: [String: Bounds]
    /// Every feature as read, for maps drawn on the server.
    public let shapes: [Shape]

    /// One feature: its code, its name and its polygons at the file's full precision.
    public struct Shape: Sendable {
        /// Upper-case ISO2, `nil` where Natural Earth has none (N. Cyprus).
        public let iso2: String?
        /// Natural Earth's `NAME`.
        public let name: String
        /// The polygons: rings (outer first) of (longitude, latitude) in degrees.
        public let polygons: [Polygon]
    }

    /// Reads a Natural Earth Admin-0 FeatureCollection; ISO2 is `ISO_A2_EH`, else `ISO_A2`, none for
    /// `-99`.
    /// - Throws: `DecodeError.notAFeatureCollection`, or `.unexpectedGeometry` naming the first feature
    ///   whose geometry cannot be read.
    public init(naturalEarth data: Data) throws {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            root["type"] as? String == "FeatureCollection", let features = root["features"] as? [[String: Any]]
        else { throw DecodeError.notAFeatureCollection }
        var output = #"{"type":"FeatureCollection","features":["#
        var bounds: [String: Bounds] = [:]
        var shapes: [Shape] = []
        for (index, feature) in features.enumerated() {
            let properties = feature["properties"] as? [String: Any] ?? [:]
            let polygons = try CountryOutlines.polygons(of: feature["geometry"], feature: index)
            let iso2 = [properties["ISO_A2_EH"], properties["ISO_A2"]].lazy.compactMap { $0 as? String }
                .first { $0.count == 2 && $0 != "-99" }?.uppercased()
            let whole = Shape(iso2: iso2, name: properties["NAME"] as? String ?? "", polygons: polygons)
            for shape in OverseasPart.split(whole) {
                if let iso2 = shape.iso2, let view = CountryOutlines.viewBounds(of: shape.polygons) {
                    bounds[iso2] = view
                }
                shapes.append(shape)
                if shapes.count > 1 { output += "," }
                output += #"{"type":"Feature","properties":{"#
                if let iso2 = shape.iso2 { output += #""iso2":"\#(iso2)","# }
                output += #""name":"# + JSONText.quoted(shape.name) + "},"
                output += #""geometry":{"type":"MultiPolygon","coordinates":["#
                output += shape.polygons.compactMap(CountryOutlines.reducedPolygon).joined(separator: ",")
                output += "]}}"
            }
        }
        output += "]}"
        reducedGeoJSON = Array(output.utf8)
        viewBounds = bounds
        self.shapes = shapes
    }

    /// A polygon's rings (outer first), each of (longitude, latitude).
    public typealias Polygon = [[(Double, Double)]]

    private static func polygons(of geometry: Any?, feature: Int) throws -> [Polygon] {
        guard let geometry = geometry as? [String: Any], let type = geometry["type"] as? String else {
            throw DecodeError.unexpectedGeometry(feature: feature)
        }
        func ring(_ value: Any) throws -> [(Double, Double)] {
            guard let positions = value as? [[Double]], positions.allSatisfy({ $0.count >= 2 }) else {
                throw DecodeError.unexpectedGeometry(feature: feature)
            }
            return positions.map { ($0[0], $0[1]) }
        }
        func polygon(_ value: Any) throws -> Polygon {
            guard let rings = value as? [Any], !rings.isEmpty else {
                throw DecodeError.unexpectedGeometry(feature: feature)
            }
            return try rings.map(ring)
        }
        switch (type, geometry["coordinates"]) {
        case ("Polygon", let coordinates?): return [try polygon(coordinates)]
        case ("MultiPolygon", let coordinates as [Any]): return try coordinates.map(polygon)
        default: throw DecodeError.unexpectedGeometry(feature: feature)
        }
    }

    /// The largest part's bounds (by outer-ring area), grown by every part within `nearbyPartDegrees`.
    static func viewBounds(of polygons: [Polygon]) -> Bounds? {
        var parts: [(bounds: Bounds, area: Double)] = polygons.compactMap { polygon in
            guard let outer = polygon.first, let first = outer.first else { return nil }
            var box = Bounds(south: first.1, west: first.0, north: first.1, east: first.0)
            var twiceArea = 0.0
            for (index, point) in outer.enumerated() {
                box = box.including(lat: point.1, long: point.0)
                let next = outer[(index + 1) % outer.count]
                twiceArea += point.0 * next.1 - next.0 * point.1
            }
            return (box, abs(twiceArea) / 2)
        }
        guard let largest = parts.indices.max(by: { parts[$0].area < parts[$1].area }) else { return nil }
        var view = parts.remove(at: largest).bounds
        while let near = parts.firstIndex(where: { $0.bounds.gap(to: view) <= nearbyPartDegrees }) {
            view = view.union(parts.remove(at: near).bounds)
        }
        return view
    }

    /// The polygon's coordinates at 0.01°; nil when its outer ring vanishes in rounding.
    private static func reducedPolygon(_ polygon: Polygon) -> String? {
        let rings = polygon.map { ring -> String? in
            var positions: [String] = []
            var previous = ""
            for (long, lat) in ring {
                let position = "[\(rounded(long)),\(rounded(lat))]"
                if position != previous { positions.append(position) }
                previous = position
            }
            // A ring needs four positions (RFC 7946 §3.1.6).
            return positions.count >= 4 ? "[" + positions.joined(separator: ",") + "]" : nil
        }
        guard let outer = rings.first, let outer else { return nil }
        return "[" + ([outer] + rings.dropFirst().compactMap { $0 }).joined(separator: ",") + "]"
    }

    private static func rounded(_ degrees: Double) -> String {
        let value = (degrees * 100).rounded() / 100
        return value == value.rounded() ? String(Int(value)) : String(value)
    }
}
