import AtlasCore
import AtlasSource
import AtlasStore
import Foundation
import HTTPCore
import Mustache
import Routing

/// What `buildResponder` reports about its start-up, for the executable to print.
public struct StartupReport: Sendable {
    /// Set when the database was empty and the shipped snapshot was imported: its number of countries.
    public var importedShippedCountries: Int?
}

/// The built app: the responder to serve, what happened at start-up, and the database to close.
public struct AtlasApp: Sendable {
    /// Answers every request; hand it to the HTTP server or a `TestClient`.
    public let responder: Router
    /// What happened at start-up.
    public let report: StartupReport
    private let database: Database
    private let readConnections: ReadConnections

    init(responder: Router, report: StartupReport, database: Database, readConnections: ReadConnections) {
        self.responder = responder
        self.report = report
        self.database = database
        self.readConnections = readConnections
    }

    /// Closes the database cleanly (SQLite checkpoints the WAL into the main file when its last
    /// connection closes), once no request is running any more: after the server stopped.
    public func close() {
        readConnections.close()
        database.close()
    }
}

/// Builds the whole app as a `Responder`: opens (and migrates) the database, imports the shipped
/// snapshot into an empty database in one transaction, loads the country facts, parses every
/// template, and registers the routes. Shared by the executable and the tests (docs/architecture.md, "One builder for the executable and the tests").
///
/// - Parameter configuration: paths, source URL, staleness threshold and clock.
/// - Returns: the app: its router, what happened at start-up, and `close()` for shutdown.
/// - Throws: `AtlasStartupError` for a missing directory, template, unreadable shipped data (facts,
///   outlines) or an unusable tile URL, `StoreError`
///   when the database cannot be opened or migrated, `SourceError` when the shipped snapshot does not
///   decode, `TemplateError` (file, line, column) when a template is broken or missing.
public func buildResponder(_ configuration: AtlasConfiguration) throws -> AtlasApp {
    for (role, path) in [
        ("views", configuration.viewsDirectory), ("public", configuration.publicDirectory),
        ("data", configuration.dataDirectory),
        ("Leaflet", configuration.leafletDirectory),
    ] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw AtlasStartupError.missingDirectory(role: role, path: path)
        }
    }
    // The pages link these by name; without them the map would quietly be missing.
    for file in AssetLinks.leafletFiles {
        let path = configuration.leafletDirectory + "/" + file
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw AtlasStartupError.missingFile(role: "Leaflet", path: path)
        }
    }
    let publicFiles = StaticFiles(root: configuration.publicDirectory)
    let leafletFiles = StaticFiles(root: configuration.leafletDirectory, cacheControl: "public, max-age=86400")
    let assets = AssetLinks(publicFiles: publicFiles, leafletFiles: leafletFiles)
    let library = try TemplateLibrary(directory: configuration.viewsDirectory)
    let tiles = try TileSource(template: configuration.tileURL)
    let renderer = try PageRenderer(
        library: library, viewsDirectory: configuration.viewsDirectory, assets: assets.templateValue, tiles: tiles)
    let facts = try loadFacts(configuration.dataDirectory + "/countries-facts.json")
    let outlines = try loadOutlines(configuration.dataDirectory + "/geo/countries.geojson")

    let database = try Database.open(path: configuration.databasePath)
    let store = SQLiteCountryStore(database: database)
    var report = StartupReport(importedShippedCountries: nil)
    if try store.loadSnapshot() == nil {
        let shipped = try SnapshotDecoder.loadSnapshot(directory: configuration.dataDirectory + "/disease-sh")
        try store.replaceSnapshot(shipped)
        report.importedShippedCountries = shipped.countries.count
    }
    let cache = try SnapshotCache(
        store: store, facts: facts, checkInterval: configuration.reloadCheckInterval, now: configuration.now)

    let pageCache = PageCache(
        templateVersion: templateVersion(configuration.viewsDirectory, assets: assets), now: configuration.now)
    let profileStore = SQLiteProfileStore(database: database)
    let favoriteReads = ReadConnections(path: configuration.databasePath, fallback: profileStore)
    let pages = PageController(
        cache: cache, renderer: renderer, pages: pageCache, outlines: outlines, configuration: configuration,
        favoriteReads: favoriteReads)
    let profiles = ProfileController(pages: pages, store: profileStore, configuration: configuration)
    let api = APIController(cache: cache, pages: pageCache, configuration: configuration)

    var router = Router(
        logError: configuration.logError,
        errorPage: { request, error in
            // Machine clients (the JSON twins, load balancers' health checks) get JSON errors.
            let wantsJSON = request.target.path.hasPrefix("/api/") || request.target.path == "/healthz"
            return wantsJSON ? APIController.errorBody(error) : pages.errorPage(request, error)
        },
        // Bytes that never became a request (say, `?q=%ZZ` typed into the address bar) get the same
        // page as any other 4xx rather than a bare line of text.
        unparsablePage: { error in pages.errorPage(error) })
    router.get("/", pages.world)
    router.get("/countries", pages.countryList)
    router.get("/countries/:id", pages.countryDetail)
    router.post("/countries/:id/favorite", profiles.toggleFavorite)
    router.get("/profile", profiles.show)
    router.get("/profile/edit", profiles.edit)
    router.post("/profile/edit", profiles.submit)
    router.get("/api/all", api.all)
    router.get("/api/countries", api.countries)
    router.get("/api/countries/:id", api.country)
    router.get("/healthz", api.health)
    router.get("/static/*") { request, parameters in try publicFiles.response(for: parameters.rest, request: request) }
    router.get("/vendor/leaflet/*") { request, parameters in
        try leafletFiles.response(for: parameters.rest, request: request)
    }
    // The map's offline background: every country's outline, reduced at start (data/README.md). It is
    // kept in the page cache, so it is gzipped once and a returning map gets a 304 for its ETag.
    let outlinesLoadedAt = configuration.now()
    router.get("/geo/countries.geojson") { request, _ in
        pageCache.response(
            for: request, key: "/geo/countries.geojson", version: 0, loadedAt: outlinesLoadedAt, freshness: { nil }
        ) {
            var fields = Fields()
            fields[.contentType] = "application/geo+json"
            fields[.cacheControl] = "public, max-age=86400"
            return CacheablePage(status: .ok, fields: fields, content: SplicedContent(outlines.reducedGeoJSON))
        }
    }
    router.get("/favicon.ico") { request, _ in
        try publicFiles.response(for: ["icons", "favicon.ico"], request: request)
    }
    router.get("/robots.txt") { request, _ in try publicFiles.response(for: ["robots.txt"], request: request) }
    return AtlasApp(responder: router, report: report, database: database, readConnections: favoriteReads)
}

/// A hash of every file under `Views/` (names and contents) and of the asset links the pages
/// carry, part of each page's `ETag`.
private func templateVersion(_ directory: String, assets: AssetLinks) -> String {
    let files = (FileManager.default.subpaths(atPath: directory) ?? []).sorted()
    var text = assets.summary
    for file in files {
        guard let data = FileManager.default.contents(atPath: directory + "/" + file) else { continue }
        text += file + "\u{0}" + String(decoding: data, as: UTF8.self) + "\u{0}"
    }
    return String(PageCache.hash(text).prefix(8))
}

private func loadFacts(_ path: String) throws -> [String: CountryFacts] {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw AtlasStartupError.unreadableData(path: path, reason: "file missing or unreadable")
    }
    do {
        return try CountryFacts.decodeAll(data)
    } catch {
        throw AtlasStartupError.unreadableData(path: path, reason: "not the expected JSON object keyed by ISO2")
    }
}

private func loadOutlines(_ path: String) throws -> CountryOutlines {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw AtlasStartupError.unreadableData(path: path, reason: "file missing or unreadable")
    }
    do {
        return try CountryOutlines(naturalEarth: data)
    } catch {
        throw AtlasStartupError.unreadableData(path: path, reason: String(describing: error))
    }
}
