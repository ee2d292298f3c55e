import AtlasCore
import Foundation
import Testing

/// Every continent's name is in both word catalogs, and the English one is the name pages show now.
struct ContinentCatalogKeyTests {
    static func catalog(_ tag: String) throws -> [String: String] {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let data = try #require(FileManager.default.contents(atPath: url.path + "/Catalogs/\(tag).json"))
        return try JSONDecoder().decode([String: String].self, from: data)
    }

    @Test(arguments: Continent.allCases)
    func aContinentIsNamedInBothCatalogs(_ continent: Continent) throws {
        #expect(try Self.catalog("en")[continent.catalogKey] == continent.displayName)
        let korean = try #require(try Self.catalog("ko")[continent.catalogKey])
        #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) })
    }

    @Test func everyContinentHasItsOwnKey() {
        #expect(Set(Continent.allCases.map(\.catalogKey)).count == Continent.allCases.count)
    }
}
