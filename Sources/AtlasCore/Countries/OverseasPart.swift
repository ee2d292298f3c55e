/// A territory Natural Earth draws inside another country's feature but disease.sh reports on its own
/// (French Guiana in France's): split off, it no longer takes France's figure, link and map bounds.
struct OverseasPart: Sendable {
    /// The holder's ISO2, and the part's own ISO2 and disease.sh name.
    let owner: String
    let iso2: String
    let name: String
    /// A polygon of `owner` whose outer ring starts in here, in degrees, is the part.
    let longitudes: ClosedRange<Double>
    let latitudes: ClosedRange<Double>

    static let all = [
        OverseasPart(
            owner: "FR", iso2: "GF", name: "French Guiana", longitudes: -55...(-51), latitudes: 1.5...6.5)
    ]

    /// `shape` without its overseas parts, then each part as a shape of its own.
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
