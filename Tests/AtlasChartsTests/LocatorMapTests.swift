import AtlasCharts
import AtlasCore
import Foundation
import Testing

/// The country page's map without JavaScript: the country among its neighbours, far lands left out.
struct LocatorMapTests {
    /// Three square countries: A at 0–2° E, B beside it at 2–4° E, C across the world at 100° E.
    static let outlines: CountryOutlines = {
        func square(_ iso2: String, west: Double) -> String {
            let ring = [(west, 0.0), (west + 2, 0.0), (west + 2, 2.0), (west, 2.0), (west, 0.0)]
                .map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
            return #"{"type":"Feature","properties":{"ISO_A2":"\#(iso2)","NAME":"\#(iso2)"},"#
                + #""geometry":{"type":"Polygon","coordinates":[[\#(ring)]]}}"#
        }
        let json =
            #"{"type":"FeatureCollection","features":["#
            + [square("AA", west: 0), square("BB", west: 2), square("CC", west: 100)].joined(separator: ",") + "]}"
        return try! CountryOutlines(naturalEarth: Data(json.utf8))
    }()

    @Test func theCountryIsDrawnLastOverItsNeighboursAndFarLandsAreLeftOut() {
        let map = LocatorMap(
            outlines: Self.outlines, iso2: "AA", lat: 1, long: 1, bounds: Self.outlines.viewBounds["AA"])
        #expect(map.outlines.map(\.isSelected) == [false, true], "B, then A; C is out of view")
        #expect(abs(map.marker.x - Double(LocatorMap.width) / 2) < 1)
        #expect(abs(map.marker.y - Double(LocatorMap.height) / 2) < 1)
    }

    /// A country without an outline at this scale (Singapore) is shown by its marker among the lands
    /// within a few degrees.
    @Test func aCountryWithoutAnOutlineIsItsMarkerAmongTheLandsAround() {
        let map = LocatorMap(outlines: Self.outlines, iso2: "SG", lat: 1, long: 3.5, bounds: nil)
        #expect(map.outlines.count == 2)
        #expect(map.outlines.allSatisfy { !$0.isSelected })
        #expect((0...Double(LocatorMap.width)).contains(map.marker.x))
        #expect((0...Double(LocatorMap.height)).contains(map.marker.y))
    }
}
