import AtlasCore
import HTTPCore
import Localization
import Routing

/// Every address the app answers, and its error policy.
enum Routes {
    /// The router of the whole app.
    static func router(site: SiteContext, stores: AtlasStores, assets: AssetLinks, shipped: ShippedData) -> Router {
        let outlines = shipped.outlines
        let pages = PageController(
            site: site, outlines: outlines, worldMap: shipped.worldMap, profiles: stores.profiles)
        let profiles = ProfileController(site: site, store: stores.profiles)
        let api = APIController(site: site)
        let history = HistoryController(site: site)
        let compare = CompareController(site: site)
        let vaccinations = VaccinationController(site: site)
        let errors = ErrorPages(site: site)
        let newVisitors = site.newVisitors
        var router = Router(
            logError: site.configuration.logError,
            errorPage: { request, error in errors.response(request, error) },
            // Bytes that never became a request (`?q=%ZZ` typed in) get the site's 4xx page, not a line of text.
            // …in the language of the address, as far as the parser read it (`/ko/…`); the API's JSON at
            // its JSON-only addresses, whose clients read no page.
            unparsablePage: { error, targetStart in
                let error = ErrorPages.httpError(for: error)
                return ResponseFormat.isNegotiated(path: targetStart)
                    ? errors.page(error, language: Language.split(targetStart).language) : errors.json(error)
            },
            translateError: { error in ErrorPages.httpError(for: error, newVisitors: newVisitors) })
        if site.configuration.maxFormAgeSeconds > 0 {
            router.formAge = FormAge(maxAgeSeconds: site.configuration.maxFormAgeSeconds, now: site.configuration.now)
        }
        // Where each handler runs (docs/architecture.md, "Where a request runs"): `replying` handlers hand
        // the page to a worker when it needs the database; the forms always write, so start on one.
        router.get("/", replying: pages.world(.en))
        router.get("/ko/", replying: pages.world(.ko))
        router.get("/countries", replying: pages.countryList(.en))
        router.get("/ko/countries", replying: pages.countryList(.ko))
        router.get("/countries/:id", replying: pages.countryDetail(.en))
        router.get("/ko/countries/:id", replying: pages.countryDetail(.ko))
        router.get("/history.csv", replying: site.showingHistories(history.worldCSV))
        router.get("/countries/:id/history.csv", replying: site.showingHistories(history.csv))
        router.get("/compare", replying: site.showingHistories(compare.page(.en)))
        router.get("/ko/compare", replying: site.showingHistories(compare.page(.ko)))
        router.get("/compare.csv", replying: site.showingHistories(compare.csv))
        router.get("/api/compare", replying: site.showingHistories(compare.json))
        router.post("/countries/:id/favorite", runsOn: .worker) {
            try profiles.toggleFavorite($0, $1, language: .en)
        }
        router.post("/ko/countries/:id/favorite", runsOn: .worker) {
            try profiles.toggleFavorite($0, $1, language: .ko)
        }
        router.get("/profile", replying: profiles.show(.en))
        router.get("/ko/profile", replying: profiles.show(.ko))
        router.get("/profile/edit", replying: profiles.edit(.en))
        router.get("/ko/profile/edit", replying: profiles.edit(.ko))
        router.post("/profile/edit", runsOn: .worker) { try profiles.submit($0, $1, language: .en) }
        router.post("/ko/profile/edit", runsOn: .worker) { try profiles.submit($0, $1, language: .ko) }
        router.get("/api/all", api.all)
        router.get("/api/countries", api.countries)
        router.get("/api/countries/:id", api.country)
        router.get("/api/historical/all", replying: site.showingHistories(history.world))
        router.get("/api/historical/:ids", replying: site.showingHistories(history.countries))
        router.get("/vaccinations.csv", replying: site.showingHistories(vaccinations.worldCSV))
        router.get("/countries/:id/vaccinations.csv", replying: site.showingHistories(vaccinations.csv))
        router.get("/api/vaccine/coverage", replying: site.showingHistories(vaccinations.world))
        router.get("/api/vaccine/coverage/countries/:id", replying: site.showingHistories(vaccinations.country))
        router.get("/healthz", api.health)
        addKoreanAddresses(to: &router)
        addFiles(to: &router, assets: assets, shipped: shipped, pageCache: site.pageCache)
        return router
    }

    /// `/ko`, a `301` to the Korean front page `/ko/` (every page has its Korean address beside its
    /// English one above). JSON, CSV, the API, flags and static files have no Korean address (a `404`).
    private static func addKoreanAddresses(to router: inout Router) {
        router.get("/ko") { request, _ in
            Response.redirect(to: "/ko/" + (request.target.query.map { "?" + $0 } ?? ""), status: .movedPermanently)
        }
    }

    /// The static files: `Public/` under `/static/`, Leaflet under `/vendor/leaflet/`, flags under
    /// `/flags/` (`kr.svg` names only), the map's outlines, the favicon and `robots.txt`.
    private static func addFiles(
        to router: inout Router, assets: AssetLinks, shipped: ShippedData, pageCache: PageCache
    ) {
        let outlines = shipped.outlines
        let publicFiles = assets.publicFiles
        let leafletFiles = assets.leafletFiles
        router.get("/static/*") { request, parameters in
            try publicFiles.response(for: parameters.rest, request: request)
        }
        router.get("/vendor/leaflet/*") { request, parameters in
            try leafletFiles.response(for: parameters.rest, request: request)
        }
        let flagFiles = assets.flagFiles
        router.get("/flags/*") { request, parameters in
            guard parameters.rest.count == 1, FlagImages.isFlagFileName(parameters.rest[0]) else {
                throw HTTPError(.notFound, "There is no flag at this address.")
            }
            return try flagFiles.response(for: parameters.rest, request: request)
        }
        // The map's offline background, reduced at start (data/README.md); in the page cache, so it is
        // gzipped once and revalidated by its ETag.
        let outlinesLoadedAt = shipped.outlinesModifiedAt
        router.get("/geo/countries.geojson") { request, _ in
            pageCache.response(
                for: request, key: "/geo/countries.geojson", version: 0, dataChangedAt: outlinesLoadedAt,
                freshness: { nil }
            ) {
                var fields = Fields()
                fields[.contentType] = "application/geo+json"
                CachePolicy.publicFor(seconds: CachePolicy.day).apply(to: &fields)
                return CacheablePage(status: .ok, fields: fields, content: SplicedContent(outlines.reducedGeoJSON))
            }
        }
        router.get("/favicon.ico") { request, _ in
            try publicFiles.response(for: ["icons", "favicon.ico"], request: request)
        }
        router.get("/robots.txt") { request, _ in try publicFiles.response(for: ["robots.txt"], request: request) }
    }
}
