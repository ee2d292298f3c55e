import AtlasCore
import AtlasStore
import HTTPCore
import Localization
import Routing

/// What every controller shares: the configuration, the current data, the renderer, the page cache,
/// and the layout every page is rendered into (with its freshness line). A class: every controller
/// holds it, and each route's handler captures its controller, which as a struct holding this one was
/// copied out of the closure on every request, retaining and releasing each reference here.
final class SiteContext: Sendable {
    let configuration: AtlasConfiguration
    /// The current snapshot's catalog, reloaded when the store holds a newer one.
    let snapshots: SnapshotCache
    let renderer: PageRenderer
    /// Pages that do not depend on the visitor, rendered once per data and template version.
    let pageCache: PageCache
    /// Pages rendered for a returning visitor's state (`cachedVisitorPage`), apart from `pageCache` so
    /// that many visitors' states never push the shared pages out.
    let visitorPages: PageCache
    /// The entries' and the world's time series, read one at a time when a page is rendered.
    let histories: HistoryCache
    /// Our World in Data's vaccinations, read whole once per data version.
    let vaccinations: VaccinationCache
    /// Signs session cookies, and keeps what follows from those verified lately.
    let sessions: KnownSessions
    let newVisitors: NewVisitorLimit
    /// Whether the database answered the last check (for `/healthz`).
    let health: DatabaseHealth
    /// Returning visitors recorded as seen today, so a read records the visit once a day.
    let recentVisits: RecentVisits
    /// The flags the `--flags` folder has, for the pages' `flag` values.
    let flags: FlagImages
    /// Every language's words (`Catalogs/`), read at start.
    let languages: PageLanguages
    /// Whether a visitor's rows are read on the event loop (`Stores.readsInProcess`: SQLite) rather
    /// than on a worker (PostgreSQL, a round trip per read).
    let readsVisitorRowsOnLoop: Bool

    init(
        configuration: AtlasConfiguration, snapshots: SnapshotCache, renderer: PageRenderer, pageCache: PageCache,
        visitorPages: PageCache, histories: HistoryCache, vaccinations: VaccinationCache, sessions: KnownSessions,
        newVisitors: NewVisitorLimit, health: DatabaseHealth, recentVisits: RecentVisits, flags: FlagImages,
        languages: PageLanguages, readsVisitorRowsOnLoop: Bool = false
    ) {
        self.configuration = configuration
        self.snapshots = snapshots
        self.renderer = renderer
        self.pageCache = pageCache
        self.visitorPages = visitorPages
        self.histories = histories
        self.vaccinations = vaccinations
        self.sessions = sessions
        self.newVisitors = newVisitors
        self.health = health
        self.recentVisits = recentVisits
        self.flags = flags
        self.languages = languages
        self.readsVisitorRowsOnLoop = readsVisitorRowsOnLoop
    }

    /// The data's freshness line as of now.
    func freshness(_ current: SnapshotCache.Current) -> Freshness {
        Freshness(
            updated: current.catalog.dataUpdated, now: configuration.now(),
            staleAfterSeconds: configuration.staleAfterSeconds)
    }

    /// The layout for a page: its title, where it sits in the navigation, and the freshness line of
    /// `current` (the data as of now when `nil`), in `language`.
    /// - Parameter englishTarget: the page's address as the English page has it, for a page that exists
    ///   in every language (its `hreflang` alternates and the language switch); `nil` for one that
    ///   exists in English only so far.
    func layout(
        _ title: String, _ section: LayoutContext.Section, _ current: SnapshotCache.Current? = nil,
        language: Language = .en, englishTarget: String? = nil
    ) -> LayoutContext {
        LayoutContext(
            title: title, section: section, freshness: freshness(current ?? snapshots.current()),
            words: languages[language], englishTarget: englishTarget)
    }

    /// Whether a page runs on a worker (docs/architecture.md, "Where a request runs"): when it reads the
    /// visitor's rows from a database across the network, writes the visitor's visit (once a day), or
    /// shows time series not all in memory yet; else on the event loop. Handlers ask before the page
    /// starts, so nothing runs twice, and build the worker's closure only when it is needed (the loop's
    /// path allocates none).
    /// - Parameter readsRowsOf: the visitor whose rows the page reads and whose visit it records; `nil`
    ///   or a new visitor when it reads none.
    func runsOnWorker(
        _ current: SnapshotCache.Current, showsHistories: Bool = true, readsRowsOf visitor: Visitor? = nil
    ) -> Bool {
        readsRowsOnWorker(visitor)
            || (showsHistories
                && !(histories.isComplete(at: current.version) && vaccinations.isComplete(at: current.version)))
    }

    /// `handler` as a route's handler that shows time series: given the data as of the request, and run
    /// where `runsOnWorker` decides. A build of several series (tens of milliseconds and more) leaves the
    /// loop itself (`EventLoopThread.leave()`), so it never holds up the cached pages and `/healthz`.
    func showingHistories(
        _ handler: @escaping @Sendable (Request, RouteParameters, SnapshotCache.Current) throws -> Response
    ) -> ReplyingHandler {
        { [self] request, parameters in
            let current = snapshots.current()
            guard !runsOnWorker(current) else {
                return .onWorker { try handler(request, parameters, current) }
            }
            return .response(try handler(request, parameters, current))
        }
    }

    /// A page from the page cache, with the freshness line of `current`: `key` is its canonical address,
    /// `fill` gives its holes' bytes for this request, the rest as in `PageCache.response`.
    /// - Throws: what `render` throws.
    func cachedPage(
        _ request: Request, key: String, _ current: SnapshotCache.Current,
        fill: (String) -> [UInt8] = { _ in [] }, fragmentTag: String? = nil, extraFields: Fields = Fields(),
        render: () throws -> CacheablePage
    ) throws -> Response {
        try pageCache.response(
            for: request, key: key, version: current.version, dataChangedAt: current.dataChangedAt,
            freshness: { freshness(current).ageLine }, fill: fill, fragmentTag: fragmentTag, extraFields: extraFields,
            render: render)
    }

    /// A page that shows a returning visitor's rows, from `visitorPages`: `state` names everything of
    /// theirs the page shows (`VisitorState`), so two visitors in the same state share one rendering
    /// and any change of state is another entry with another `ETag`; their own parts (a CSRF token) are
    /// holes filled by `fill`. It is served `private` and without `Last-Modified` (`fragmentTag` is
    /// always given), so no conditional request answers `304` across a change of state.
    /// - Parameters:
    ///   - key: the page's address, e.g. `/profile`; `state` is appended to it.
    ///   - fragmentTag: changes whenever `fill`'s bytes would (the first digits of the visitor's token).
    /// - Throws: what `render` throws.
    func cachedVisitorPage(
        _ request: Request, key: String, state: VisitorState, _ current: SnapshotCache.Current,
        fill: (String) -> [UInt8] = { _ in [] }, fragmentTag: String, extraFields: Fields = Fields(),
        render: () throws -> CacheablePage
    ) throws -> Response {
        try visitorPages.response(
            for: request, key: key + "#" + state.key, version: current.version, dataChangedAt: current.dataChangedAt,
            freshness: { freshness(current).ageLine }, fill: fill, fragmentTag: fragmentTag, extraFields: extraFields,
            render: render)
    }

    /// A JSON body that depends only on the data version, from the page cache.
    func cachedJSON(
        _ request: Request, key: String, _ current: SnapshotCache.Current, write: (inout JSONWriter) -> Void
    ) -> Response {
        pageCache.response(
            for: request, key: key, version: current.version, dataChangedAt: current.dataChangedAt, freshness: { nil }
        ) {
            var writer = JSONWriter()
            write(&writer)
            let response = JSONResponse.make(writer.output)
            return CacheablePage(
                status: response.status, fields: response.fields, content: SplicedContent(response.body))
        }
    }

    /// Whether the request came over HTTPS (only a trusted proxy can say: `ProxyTrust.isHTTPS`).
    func isSecure(_ request: Request) -> Bool {
        configuration.proxyTrust.isHTTPS(request)
    }

    /// Whether reading `visitor`'s rows (and recording their visit) needs a worker.
    private func readsRowsOnWorker(_ visitor: Visitor?) -> Bool {
        guard let visitor, !visitor.isNew else { return false }
        return !readsVisitorRowsOnLoop
            || !recentVisits.wasRecorded(visitor.sessionHash, now: configuration.now())
    }

    /// Records a returning visitor's visit (`ProfileStore.touch`) on their first request of the day
    /// in this process, so pruning keeps the profiles of visitors who only read.
    /// - Throws: `StoreError`.
    func recordVisit(_ visitor: Visitor, in store: any ProfileStore) throws {
        let now = configuration.now()
        guard !visitor.isNew, recentVisits.isFirstToday(visitor.sessionHash, now: now) else { return }
        try store.touch(visitor.sessionHash, now: now)
    }

    /// The visitor's write context: their rows' key, now, and the per-address limit asked before
    /// their first row is created.
    func writing(as visitor: Visitor, _ request: Request) -> VisitorContext {
        let address = ClientAddress.limitKey(configuration.proxyTrust.clientAddress(request))
        let limit = newVisitors
        return VisitorContext(
            sessionHash: visitor.sessionHash, now: configuration.now(), admitsNewVisitor: { limit.admit(address) })
    }
}
