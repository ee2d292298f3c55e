import Foundation
import Testing

@testable import AtlasCore

/// Natural Earth outlines: joined by ISO code, reduced for serving, and framed for a country's map.
struct CountryOutlinesTests {
    /// The shipped Natural Earth file (data/geo/countries.geojson), found from this file's path.
    let shipped: CountryOutlines

    init() throws {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/", !FileManager.default.fileExists(atPath: url.path + "/Package.swift") {
            url.deleteLastPathComponent()
        }
        let data = try Data(contentsOf: url.appendingPathComponent("data/geo/countries.geojson"))
        shipped = try CountryOutlines(naturalEarth: data)
    }

    @Test(arguments: ["FR", "NO", "XK"])
    func countriesWhoseISOA2IsMinus99AreFoundByTheirISOA2EH(_ iso2: String) {
        #expect(shipped.viewBounds[iso2] != nil)
    }

    @Test func outlinesWithoutAnyCodeAreKeptForTheWorldButHaveNoBounds() throws {
        #expect(shipped.viewBounds["-9"] == nil)
        let reduced = try #require(
            try JSONSerialization.jsonObject(with: Data(shipped.reducedGeoJSON)) as? [String: Any])
        let features = try #require(reduced["features"] as? [[String: Any]])
        #expect(features.count == 178, "Natural Earth's 177, French Guiana apart from France")
        let names = features.compactMap { ($0["properties"] as? [String: Any])?["name"] as? String }
        #expect(names.contains("N. Cyprus") && names.contains("Somaliland"))
    }

    @Test func theServedCopyIsASmallFractionOfTheFile() {
        #expect(shipped.reducedGeoJSON.count < 1_100_647 / 5)
        #expect(
            String(decoding: shipped.reducedGeoJSON.prefix(200), as: UTF8.self).contains(
                "[[[[180,-16.07],[180,-16.56],[179.36,-16.8]"))
    }

    @Test func franceIsFramedWithCorsicaButWithoutFrenchGuiana() throws {
        let france = try #require(shipped.viewBounds["FR"])
        #expect(france.west > -6 && france.east > 9 && france.east < 10)
        #expect(france.south < 42 && france.south > 41)
    }

    /// Natural Earth draws French Guiana as one of France's polygons; disease.sh has an entry for it.
    @Test func frenchGuianaIsAShapeOfItsOwnNotPartOfFrance() throws {
        let guiana = try #require(shipped.shapes.first { $0.iso2 == "GF" })
        #expect(guiana.name == "French Guiana")
        #expect(guiana.polygons.allSatisfy { ($0.first?.first?.0 ?? 0) < -50 })
        let france = try #require(shipped.shapes.first { $0.iso2 == "FR" })
        #expect(france.polygons.allSatisfy { ($0.first?.first?.0 ?? -100) > -10 }, "France keeps Europe only")
        let bounds = try #require(shipped.viewBounds["GF"])
        #expect(bounds.west > -56 && bounds.east < -50)
    }

    @Test func russiaIsNotStretchedAcrossTheAntimeridian() throws {
        let russia = try #require(shipped.viewBounds["RU"])
        #expect(russia.west > 19 && russia.east <= 180)
    }

    @Test func aFileThatIsNotAFeatureCollectionIsRefused() {
        #expect(throws: CountryOutlines.DecodeError.self) {
            try CountryOutlines(naturalEarth: Data(#"{"type":"Feature"}"#.utf8))
        }
        #expect(throws: CountryOutlines.DecodeError.self) {
            try CountryOutlines(
                naturalEarth: Data(#"{"type":"FeatureCollection","features":[{"geometry":{"type":"Point"}}]}"#.utf8))
        }
    }
}
