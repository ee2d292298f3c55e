import AtlasCore
import AtlasSource
import AtlasStore
import Routing

/// What the app reports about its start-up, for the executable to print.
public struct StartupReport: Sendable {
    /// Set when the database lacked the shipped snapshot or history and they were imported: what was
    /// stored.
    public var importedShippedData: RefreshReport?

    /// How many countries the imported shipped snapshot had; `nil` when none was imported.
    public var importedShippedCountries: Int? {
        guard let report = importedShippedData, report.previous == nil else { return nil }
        return report.current.countries.count
    }
}

/// The running app: the responder to serve, what happened at start-up, and the store to close.
/// Built the same way by the executable and by the tests (docs/architecture.md, "One builder for the
/// executable and the tests").
public struct AtlasApp: Sendable {
    /// Answers every request; hand it to the HTTP server or a `TestClient`.
    public let responder: Router
    /// What happened at start-up.
    public let report: StartupReport
    private let stores: AtlasStores

    /// Builds the app from `configuration`, in this order: checks the configured folders
    /// (`StartupChecks`), loads the shipped data and parses every template (`ShippedData`,
    /// `PageRenderer`), opens and migrates the store and imports the shipped snapshot into an empty
    /// one (`AtlasStores`), then registers the routes (`Routes`).
    /// - Throws: `AtlasStartupError` for a missing folder or file, unreadable shipped data or an unusable
    ///   tile URL; `StoreError` when the database cannot be opened or migrated; `SourceError` when the
    ///   shipped snapshot does not decode; `TemplateError` (file, line, column) for a broken template.
    public static func build(_ configuration: AtlasConfiguration) throws -> AtlasApp {
        let assets = try StartupChecks.verify(configuration)
        let shipped = try ShippedData.load(from: configuration.dataDirectory)
        let renderer = try PageRenderer(
            viewsDirectory: configuration.viewsDirectory, assets: assets,
            tiles: try TileSource(template: configuration.tileURL))
        let stores = try AtlasStores.open(configuration)
        do {
            let imported = try stores.importShippedDataWhereMissing(
                from: configuration.dataDirectory, now: configuration.now())
            let site = SiteContext(
                configuration: configuration,
                snapshots: try SnapshotCache(
                    store: stores.countries, facts: shipped.facts, otherNames: shipped.otherNames,
                    checkInterval: configuration.reloadCheckInterval,
                    now: configuration.now),
                renderer: renderer,
                pageCache: PageCache(templateVersion: renderer.templateVersion, now: configuration.now),
                histories: stores.histories)
            let router = Routes.router(site: site, stores: stores, assets: assets, outlines: shipped.outlines)
            return AtlasApp(
                responder: router, report: StartupReport(importedShippedData: imported), stores: stores)
        } catch {
            stores.close()
            throw error
        }
    }

    /// Closes the store cleanly (SQLite checkpoints the WAL into the main file when its last
    /// connection closes), once no request is running any more: after the server stopped.
    public func close() {
        stores.close()
    }
}
