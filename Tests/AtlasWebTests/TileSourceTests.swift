import AtlasWeb
import Foundation
import HTTPCore
import Routing
import Testing

/// The map's tile URL (`serve --tile-url`): checked at start, followed by the map pages' CSP.
struct TileSourceTests {
    @Test(arguments: [
        ("https://tile.openstreetmap.org/{z}/{x}/{y}.png", "https://tile.openstreetmap.org"),
        ("https://{s}.tile.example.org/{z}/{x}/{y}.png", "https://*.tile.example.org"),
        ("http://127.0.0.1:8099/tiles/{z}/{x}/{y}.png?key=1", "http://127.0.0.1:8099"),
    ])
    func theCSPSourceIsTheTileHost(template: String, source: String) throws {
        #expect(try TileSource(template: template).cspSource == source)
    }

    @Test(arguments: [
        ("tile.openstreetmap.org/{z}/{x}/{y}.png", "it must start with http:// or https://"),
        ("https://tile.openstreetmap.org/{z}/{x}.png", "it must contain {y}"),
        ("https:///{z}/{x}/{y}.png", "it must name a host"),
        ("https://{z}.example.org/{z}/{x}/{y}.png", "only {s}. may stand in the host"),
    ])
    func anUnusableTemplateStopsStartWithTheReason(template: String, reason: String) {
        let error = #expect(throws: AtlasStartupError.self) { try TileSource(template: template) }
        #expect(error.map { String(describing: $0) } == "the tile URL \(template) is not usable: \(reason)")
    }

    @Test func mapPagesAllowImagesFromTheConfiguredHostAndHandItToTheMap() throws {
        let directory = NSTemporaryDirectory() + "atlas-tiles-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let template = "https://{s}.tiles.example.net/osm/{z}/{x}/{y}.png"
        let app = try AtlasApp.build(
            AtlasConfiguration(
                database: .sqlite(path: directory + "/a.sqlite"), viewsDirectory: packageRoot + "/Views",
                catalogsDirectory: packageRoot + "/Catalogs",
                publicDirectory: packageRoot + "/Public", dataDirectory: packageRoot + "/data", tileURL: template))
        defer { app.close() }
        let client = TestClient(app.responder)
        let page = try client.get("/countries/it")
        #expect(
            page.fields[.contentSecurityPolicy]?.contains("img-src 'self' data: https://*.tiles.example.net;") == true)
        #expect(page.text.contains(#"data-tile-url="\#(template)""#))
        let world = try client.get("/")
        #expect(world.fields[.contentSecurityPolicy]?.contains("img-src 'self' data:;") == true)
    }
}
