import AtlasCore
import AtlasRefresh
import AtlasSource
import AtlasStore
import Clocks
import Routing

/// Everything `AtlasApp.build` needs; the executable fills it from the command line, tests from temp paths.
public struct AtlasConfiguration: Sendable {
    /// Where the data and the visitors' profiles live: a SQLite file (created when missing) or a
    /// PostgreSQL database that several processes share (`--database`).
    public var database: StoreLocation
    /// How long the store waits for locks and connections, and how many it keeps.
    public var storeOptions = StoreOptions()
    /// How long a start waits for a database that cannot be reached (a PostgreSQL server down or
    /// still starting), in seconds, retrying with a back-off of 0.5 s doubling to 5 s; past it the start
    /// fails with `StoreError.unavailable`. 0: fail at once. Default 60 (`--database-wait`).
    public var databaseWaitSeconds = Defaults.databaseWaitSeconds
    /// The folder of Mustache templates (`Views/`), all parsed at start.
    public var viewsDirectory: String
    /// The folder served under `/static/` (`Public/`).
    public var publicDirectory: String
    /// The folder of word catalogs, one `<tag>.json` per language (`Catalogs/`), read and checked
    /// against each other at start (docs/i18n.md).
    public var catalogsDirectory: String
    /// Debian's `libjs-leaflet` folder, served under `/vendor/leaflet/`.
    public var leafletDirectory: String
    /// Debian's `iso-flags-svg` folder of 4:3 flags (`kr.svg`), served under `/flags/`.
    public var flagsDirectory: String
    /// The shipped data folder (data/README.md): the disease.sh responses under `disease-sh/`, and the
    /// facts, names and outlines `ShippedData` reads.
    public var dataDirectory: String
    /// The map's tile URL template for Leaflet (`{z}`, `{x}`, `{y}`, optional `{s}`); pages' CSP
    /// allows images from its host.
    public var tileURL: String
    /// The disease.sh base URL that refreshes fetch from (default `https://disease.sh`).
    public var sourceURL: String
    /// Data older than this many seconds (by its own `updated` time) is labelled stale on every page.
    public var staleAfterSeconds: Int64
    /// Our World in Data's `vaccinations.csv` URL that background refreshes fetch with the rest; `nil`, the
    /// default here, fetches none (`serve --vaccinations-source` defaults to OWID's own URL).
    public var vaccinationsURL: String?
    /// Seconds between background refreshes from `sourceURL` (`BackgroundRefresher`); 0, the default,
    /// never refreshes.
    public var refreshInterval: Double = 0
    /// The bounds of each background fetch.
    public var fetchLimits = FetchLimits()
    /// Receives one line per background refresh that stored something or found nothing new.
    public var logInfo: @Sendable (String) -> Void = { _ in }
    /// Seconds between reads of the stored data version, on a thread of its own, to pick up data another
    /// process stored and to know whether the database answers (`/healthz`).
    public var reloadCheckInterval: Double
    /// Whether to believe `X-Forwarded-Proto: https` from a TLS-terminating proxy, making the session
    /// cookie `Secure` (`--trust-forwarded-proto`). Off by default: without one any client could send it.
    public var trustForwardedProto = false
    /// Whether the client's address is the last `X-Forwarded-For` entry (the proxy's) rather than the TCP
    /// peer, for the new-visitor limit (`--trust-forwarded-for`). Off by default, likewise.
    public var trustForwardedFor = false
    /// Whether to compare a form's `Origin` with `X-Forwarded-Host` rather than `Host`, for a proxy
    /// that passes its own `Host` upstream (`--trust-forwarded-host`). Off by default.
    public var trustForwardedHost = false
    /// The three `trustForwarded…` settings as the one rule that reads `X-Forwarded-*`.
    public var proxyTrust: ProxyTrust {
        var trust = ProxyTrust()
        trust.forwardedFor = trustForwardedFor
        trust.forwardedHost = trustForwardedHost
        trust.forwardedProto = trustForwardedProto
        return trust
    }
    /// How many new visitors (a first stored row: a star, an edit) one client address may create per
    /// minute, in each process; beyond it they get a `429` page with `Retry-After`. 0 means no limit.
    public var newVisitorsPerMinute = Defaults.newVisitorsPerMinute
    /// The oldest a form (a POST) may be when its handler is about to run, by the proxy's
    /// `X-Request-Start`, in seconds; older ones get a `503` and are not applied (`FormAge`). Below the
    /// proxy's read timeout for forms, so a form the proxy gave up on is never applied later. 0: no limit.
    /// Default 30 (`--max-form-age`; deploy/nginx.conf waits 60 s for a form).
    public var maxFormAgeSeconds = Defaults.maxFormAgeSeconds
    /// The current time in milliseconds since the epoch; injected so tests control staleness.
    public var now: @Sendable () -> Int64
    /// One line per unexpected error (a `500`): method, path and error. It runs on an event loop, so it
    /// must not block.
    public var logError: @Sendable (String) -> Void

    /// The settings' defaults (`Defaults`), which are those of `covid-atlas serve` run from the
    /// repository root.
    public init(
        database: StoreLocation = .sqlite(path: Defaults.databasePath),
        viewsDirectory: String = Defaults.viewsDirectory, catalogsDirectory: String = Defaults.catalogsDirectory,
        publicDirectory: String = Defaults.publicDirectory, leafletDirectory: String = Defaults.leafletDirectory,
        flagsDirectory: String = Defaults.flagsDirectory,
        dataDirectory: String = Defaults.dataDirectory, tileURL: String = Defaults.tileURL,
        sourceURL: String = Defaults.sourceURL, staleAfterSeconds: Int64 = Defaults.staleAfterSeconds,
        reloadCheckInterval: Double = Defaults.reloadCheckInterval,
        now: @escaping @Sendable () -> Int64 = AtlasConfiguration.systemNow,
        logError: @escaping @Sendable (String) -> Void = Router.standardErrorLog
    ) {
        self.database = database
        self.viewsDirectory = viewsDirectory
        self.catalogsDirectory = catalogsDirectory
        self.publicDirectory = publicDirectory
        self.leafletDirectory = leafletDirectory
        self.flagsDirectory = flagsDirectory
        self.dataDirectory = dataDirectory
        self.tileURL = tileURL
        self.sourceURL = sourceURL
        self.staleAfterSeconds = staleAfterSeconds
        self.reloadCheckInterval = reloadCheckInterval
        self.now = now
        self.logError = logError
    }

    /// Wall-clock time in ms since the epoch.
    public static let systemNow: @Sendable () -> Int64 = { WallClock.millisecondsSinceEpoch() }

    /// Every setting's default, written only here; `covid-atlas --help` shows them.
    public enum Defaults {
        /// The most connections a process opens to the database (`--database-connections`).
        public static let databaseConnections = StoreOptions().maxConnections
        /// How long a start waits for its database, in seconds: a PostgreSQL server that reboots, or
        /// starts beside the app (Compose), is back well within a minute.
        public static let databaseWaitSeconds: Double = 60
        /// The oldest a form may be, in seconds: half deploy/nginx.conf's 60 s read timeout for forms.
        public static let maxFormAgeSeconds: Double = 30
        /// The SQLite file, relative to the working directory.
        public static let databasePath = DataSettings.Defaults.databasePath
        /// The templates.
        public static let viewsDirectory = "Views"
        /// The word catalogs.
        public static let catalogsDirectory = "Catalogs"
        /// The static files.
        public static let publicDirectory = "Public"
        /// Where Debian's `libjs-leaflet` puts Leaflet.
        public static let leafletDirectory = "/usr/share/javascript/leaflet"
        /// Where Debian's `iso-flags-svg` puts its 4:3 flags.
        public static let flagsDirectory = "/usr/share/iso-flags-svg/country-4x3"
        /// The shipped data.
        public static let dataDirectory = "data"
        /// OpenStreetMap's tile server.
        public static let tileURL = TileSource.openStreetMap
        /// The live API.
        public static let sourceURL = DataSettings.Defaults.sourceURL
        /// Our World in Data's `vaccinations.csv`.
        public static let vaccinationsURL = DataSettings.Defaults.vaccinationsURL
        /// A day: the data is labelled stale past it when the server does not refresh.
        public static let staleAfterSeconds: Int64 = 86_400
        /// How often the server reads the stored data version, in seconds: a version another process
        /// stored shows within this (plus the time to load it).
        public static let reloadCheckInterval: Double = 1
        /// New visitors per client address and minute: an office of 120 behind one NAT address gets
        /// through a burst in one minute, a script inventing sessions gets two a second.
        public static let newVisitorsPerMinute = 120
    }
}
