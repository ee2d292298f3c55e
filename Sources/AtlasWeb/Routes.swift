import AtlasCore
import HTTPCore
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
        let errors = ErrorPages(site: site)
        let newVisitorRetryAfter = site.newVisitors.retryAfterSeconds
        var router = Router(
            logError: site.configuration.logError,
            errorPage: { request, error in errors.response(request, error) },
            // Bytes that never became a request (say, `?q=%ZZ` typed into the address bar) get the same
            // page as any other 4xx rather than a bare line of text.
            unparsablePage: { error in errors.page(error) },
            translateError: { error in ErrorPages.httpError(for: error, newVisitorRetryAfter: newVisitorRetryAfter) })
        router.get("/", pages.world)
        router.get("/countries", pages.countryList)
        router.get("/countries/:id", pages.countryDetail)
        router.get("/history.csv", history.worldCSV)
        router.get("/countries/:id/history.csv", history.csv)
        router.get("/compare", compare.page)
        router.get("/compare.csv", compare.csv)
        router.get("/api/compare", compare.json)
        // A form always reaches the profile store: to a worker at once (`blocks`), not parsed and
        // checked on the loop up to the store and then again. The profile pages stay on the loop for a
        // first visit (no rows to read); for a returning visitor they reach the store right after
        // reading the cookie, so running again costs little.
        router.post("/countries/:id/favorite", blocks: true, profiles.toggleFavorite)
        router.get("/profile", profiles.show)
        router.get("/profile/edit", profiles.edit)
        router.post("/profile/edit", blocks: true, profiles.submit)
        router.get("/api/all", api.all)
        router.get("/api/countries", api.countries)
        router.get("/api/countries/:id", api.country)
        router.get("/api/historical/all", history.world)
        router.get("/api/historical/:ids", history.countries)
        router.get("/healthz", api.health)
        addFiles(to: &router, assets: assets, shipped: shipped, pageCache: site.pageCache)
        return router
    }

    /// The static files: `Public/` under `/static/`, Leaflet under `/vendor/leaflet/`, flags under
    /// `/flags/` (`kr.svg`, and no other name), the map's outlines,
    /// the favicon and `robots.txt` at the addresses browsers and crawlers ask for.
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
        // The map's offline background: every country's outline, reduced at start (data/README.md). It is
        // kept in the page cache, so it is gzipped once and a returning map gets a 304 for its ETag.
        let outlinesLoadedAt = shipped.outlinesModifiedAt
        router.get("/geo/countries.geojson") { request, _ in
            pageCache.response(
                for: request, key: "/geo/countries.geojson", version: 0, dataChangedAt: outlinesLoadedAt,
                freshness: { nil }
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
    }
}
