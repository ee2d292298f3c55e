import AtlasWeb
import Foundation
import Testing

struct StartupTests {
    /// A copy of Views/ in a temp folder, altered by `change`.
    func viewsCopy(_ change: (String) throws -> Void) throws -> String {
        let copy = NSTemporaryDirectory() + "views-\(UUID().uuidString)"
        // Copy the resolved folder: copying a symbolic link would let `change` edit the real Views/.
        let source = URL(fileURLWithPath: packageRoot + "/Views").resolvingSymlinksInPath().path
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        try change(copy)
        return copy
    }

    @Test func aMissingTemplateStopsStartWithItsName() throws {
        let views = try viewsCopy { try FileManager.default.removeItem(atPath: $0 + "/countries/show.mustache") }
        defer { try? FileManager.default.removeItem(atPath: views) }
        let error = #expect(throws: AtlasStartupError.self) { try AppFixture(viewsDirectory: views) }
        #expect(error.map { String(describing: $0) } == "the template \(views)/countries/show.mustache is missing")
    }

    @Test func aBrokenTemplateStopsStartWithFileAndLine() throws {
        let views = try viewsCopy { path in
            try "<h1>{{title}}</h1>\n{{#stats}}\n<p>never closed</p>\n".write(
                toFile: path + "/world.mustache", atomically: true, encoding: .utf8)
        }
        defer { try? FileManager.default.removeItem(atPath: views) }
        let error = #expect(throws: (any Error).self) { try AppFixture(viewsDirectory: views) }
        let text = String(describing: error)
        #expect(text.contains("world.mustache"))
        #expect(text.contains(":2:"))
    }

    @Test(arguments: StoreKind.available)
    func theFirstStartImportsTheShippedSnapshotAndTheSecondDoesNot(_ store: StoreKind) throws {
        let first = try AppFixture(store: store, startsEmpty: true)
        #expect(first.app.report.importedShippedCountries == 224)
        let second = try AtlasApp.build(first.configuration)
        defer { second.close() }
        #expect(second.report.importedShippedCountries == nil)
    }

    @Test func aMissingViewsDirectoryIsNamed() throws {
        let error = #expect(throws: AtlasStartupError.self) { try AppFixture(viewsDirectory: "/nonexistent/Views") }
        #expect(String(describing: error).contains("/nonexistent/Views"))
    }

    @Test func aMissingLeafletDirectoryIsNamedWithTheFix() throws {
        let directory = NSTemporaryDirectory() + "atlas-start-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let configuration = AtlasConfiguration(
            database: .sqlite(path: directory + "/a.sqlite"), viewsDirectory: packageRoot + "/Views",
            catalogsDirectory: packageRoot + "/Catalogs",
            publicDirectory: packageRoot + "/Public", leafletDirectory: "/nonexistent/leaflet",
            dataDirectory: packageRoot + "/data")
        let error = #expect(throws: AtlasStartupError.self) { try AtlasApp.build(configuration) }
        #expect(
            String(describing: error).contains("/nonexistent/leaflet does not exist; install Debian's libjs-leaflet"))
    }

    @Test func aLeafletDirectoryWithoutLeafletsFilesIsRefusedWithTheFix() throws {
        let directory = NSTemporaryDirectory() + "atlas-start-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let configuration = AtlasConfiguration(
            database: .sqlite(path: directory + "/a.sqlite"), viewsDirectory: packageRoot + "/Views",
            catalogsDirectory: packageRoot + "/Catalogs",
            publicDirectory: packageRoot + "/Public", leafletDirectory: directory,
            dataDirectory: packageRoot + "/data")
        let error = #expect(throws: AtlasStartupError.self) { try AtlasApp.build(configuration) }
        #expect(
            error?.description
                == "\(directory)/leaflet.css is missing, so this is not a Leaflet directory; "
                + "install Debian's libjs-leaflet (script/bootstrap) or pass --leaflet DIR")
    }
}
