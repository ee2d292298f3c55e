/// A territory that Natural Earth's Admin-0 outlines draw inside another country's feature but that
/// disease.sh reports as an entry of its own: French Guiana, one of France's polygons at 1:110m. Drawn
/// as France, it took France's figure and link on the world map, and stretched France's map bounds
/// to South America.
struct OverseasPart: Sendable {
    /// The feature's ISO2 that holds the part, and the part's own ISO2 and name (disease.sh's).
    let owner: String
    let iso2: String
    let name: String
    /// Where the part lies, in degrees: a polygon of `owner` whose outer ring starts inside is it.
    let longitudes: ClosedRange<Double>
    let latitudes: ClosedRange<Double>

    static let all = [
        OverseasPart(
            owner: "FR", iso2: "GF", name: "French Guiana", longitudes: -55...(-51), latitudes: 1.5...6.5)
    ]

    /// `shape` without its overseas parts, then each part as a shape of its own (none when `shape`
    /// holds no such part).
    static func split(_ shape: CountryOutlines.Shape) -> [CountryOutlines.Shape] {
        let parts = all.filter { $0.owner == shape.iso2 }
        guard !parts.isEmpty else { return [shape] }
        var rest = shape.polygons
        var split: [CountryOutlines.Shape] = []
        for part in parts {
            func isInside(_ polygon: CountryOutlines.Polygon) -> Bool {
                guard let start = polygon.first?.first else { return false }
                return part.longitudes.contains(start.0) && part.latitudes.contains(start.1)
            }
            let inside = rest.filter(isInside)
            guard !inside.isEmpty else { continue }
            rest.removeAll(where: isInside)
            split.append(CountryOutlines.Shape(iso2: part.iso2, name: part.name, polygons: inside))
        }
        return [CountryOutlines.Shape(iso2: shape.iso2, name: shape.name, polygons: rest)] + split
    }
}
