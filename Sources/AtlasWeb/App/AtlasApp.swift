import AtlasCore
import AtlasRefresh
import AtlasSource
import AtlasStore
import Localization
import Mustache
import Routing

/// What the app reports about its start-up, for the executable to print.
public struct StartupReport: Sendable {
    /// What was stored when the database lacked the shipped snapshot or history; `nil` when nothing was.
    public var importedShippedData: RefreshReport?

    /// How many countries the imported shipped snapshot had; `nil` when none was imported.
    public var importedShippedCountries: Int? {
        guard let report = importedShippedData, report.previous == nil else { return nil }
        return report.current.countries.count
    }
}

/// The running app: the responder to serve, what happened at start-up, the stores, and the thread that
/// watches the database. Built the same way by the executable and by the tests (docs/architecture.md,
/// "One builder for the executable and the tests").
public final class AtlasApp: Sendable {
    /// Answers every request; hand it to the HTTP server or a `TestClient`.
    public let responder: Router
    /// What happened at start-up.
    public let report: StartupReport
    /// The stores as opened (for tests).
    let stores: Stores
    private let atlasStores: AtlasStores
    /// What the watcher thread runs (`checkSharedState()`); its `health` is what `/healthz` reports.
    let checks: SharedStateChecks
    private let watcher: DataWatcher?
    private let refresher: BackgroundRefresher?

    private init(
        responder: Router, report: StartupReport, stores: AtlasStores, checks: SharedStateChecks, watcher: DataWatcher?,
        refresher: BackgroundRefresher?
    ) {
        self.responder = responder
        self.report = report
        self.atlasStores = stores
        self.stores = stores.stores
        self.checks = checks
        self.watcher = watcher
        self.refresher = refresher
    }

    /// Builds the app: checks the folders, loads the shipped data and every template, opens and migrates
    /// the store (importing the shipped data where missing), registers the routes, and starts the database
    /// watcher (none when `reloadCheckInterval` is 0: tests call `checkSharedState()`) and, with a
    /// `refreshInterval`, the background refresh.
    /// - Throws: `AtlasStartupError` for a missing folder or file, unusable templates (`.unusableViews`,
    ///   with the template error's file, line and column) or catalogs, unreadable shipped data or an
    ///   unusable tile URL; `StoreError` when the database cannot be opened, reached or migrated;
    ///   `SourceError` when the shipped snapshot does not decode.
    public static func build(_ configuration: AtlasConfiguration) throws -> AtlasApp {
        let assets = try StartupChecks.verify(configuration)
        let shipped = try ShippedData.load(from: configuration.dataDirectory)
        let languages = PageLanguages(
            try loadCatalogs(configuration.catalogsDirectory), koreanFactNames: shipped.koreanFactNames)
        let tiles = try TileSource(template: configuration.tileURL)
        let renderer: PageRenderer
        do {
            renderer = try PageRenderer(viewsDirectory: configuration.viewsDirectory, assets: assets, tiles: tiles)
        } catch let error as TemplateError {
            throw AtlasStartupError.unusableViews(reason: String(describing: error))
        }
        let stores = try AtlasStores.open(configuration)
        do {
            let imported = try stores.importShippedDataWaitingForOthers(
                from: configuration.dataDirectory, now: configuration.now())
            // One read of the vaccinations per data version, for the catalog's shares and the pages alike.
            let vaccinations = VaccinationCache(store: stores.stores.vaccinations)
            let snapshots = try SnapshotCache(
                store: stores.stores.countries, facts: shipped.facts, otherNames: shipped.otherNames,
                koreanNames: shipped.koreanNames, vaccinations: vaccinations)
            let health = DatabaseHealth(now: configuration.now())
            let histories = HistoryCache(store: stores.stores.histories)
            let site = SiteContext(
                configuration: configuration, snapshots: snapshots, renderer: renderer,
                pageCache: PageCache(templateVersion: renderer.templateVersion, now: configuration.now),
                visitorPages: PageCache(
                    templateVersion: renderer.templateVersion, byteLimit: 4 << 20, entryLimit: 256,
                    now: configuration.now),
                histories: histories, vaccinations: vaccinations,
                sessions: KnownSessions(signer: try stores.sessionSigner()),
                newVisitors: NewVisitorLimit(perMinute: configuration.newVisitorsPerMinute), health: health,
                recentVisits: RecentVisits(), flags: assets.flags, languages: languages,
                readsVisitorRowsOnLoop: stores.stores.readsInProcess)
            let router = Routes.router(site: site, stores: stores, assets: assets, shipped: shipped)
            let checks = SharedStateChecks(
                snapshots: snapshots, histories: histories, vaccinations: vaccinations, health: health,
                profiles: stores.stores.profiles,
                now: configuration.now,
                log: configuration.logError)
            var watcher: DataWatcher?
            if configuration.reloadCheckInterval > 0 {
                watcher = DataWatcher(interval: configuration.reloadCheckInterval) { checks.run() }
                watcher?.start()
            }
            var refresher: BackgroundRefresher?
            if configuration.refreshInterval > 0 {
                let client = DiseaseShClient(
                    baseURL: configuration.sourceURL, limits: configuration.fetchLimits,
                    userAgent: LiveRefresh.userAgent)
                let vaccinationsClient = configuration.vaccinationsURL.map {
                    VaccinationsClient(url: $0, limits: configuration.fetchLimits, userAgent: LiveRefresh.userAgent)
                }
                refresher = BackgroundRefresher(
                    stores: stores.stores, client: client, vaccinations: vaccinationsClient,
                    interval: configuration.refreshInterval,
                    log: configuration.logInfo, logFailure: { configuration.logError("covid-atlas: " + $0) },
                    now: configuration.now)
                refresher?.start()
            }
            return AtlasApp(
                responder: router, report: StartupReport(importedShippedData: imported), stores: stores,
                checks: checks, watcher: watcher, refresher: refresher)
        } catch {
            stores.close()
            throw error
        }
    }

    /// The word catalogs of `directory`, checked against each other.
    /// - Throws: `AtlasStartupError.unreadableData` naming the folder and the first problem, so a
    ///   server with an incomplete catalog never starts, like one with a broken template.
    private static func loadCatalogs(_ directory: String) throws -> Catalogs {
        do {
            return try Catalogs.load(directory: directory)
        } catch {
            throw AtlasStartupError.unusableCatalogs(path: directory, reason: String(describing: error))
        }
    }

    /// One round of what the watcher thread does every `reloadCheckInterval`: reload data another
    /// process stored, record whether the database answered, prune forgotten profiles when due.
    public func checkSharedState() {
        checks.run()
    }

    /// Stops the refresh and the watcher and closes the store (SQLite checkpoints the WAL on its last
    /// close); call once no request runs, after the server stopped.
    public func close() {
        refresher?.stop()
        // The watcher may be reading series: its connection must be back before the store closes.
        checks.stop()
        watcher?.stop(waitingAtMost: 10)
        atlasStores.close()
    }
}
