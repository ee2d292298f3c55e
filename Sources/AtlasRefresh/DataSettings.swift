import AtlasSource
import AtlasStore

/// A command-line value naming no usable setting (a `--database` neither a SQLite path nor a libpq URI):
/// the executable prints `description`, with no password, and exits 64.
public struct InvalidSetting: Error, CustomStringConvertible {
    /// What is wrong, for one line of standard error.
    public let description: String
}

/// Where the data is kept and where it is fetched from: what `serve`, `refresh` and `import` share.
public struct DataSettings: Sendable {
    /// The store: a SQLite file or a PostgreSQL database.
    public var database: StoreLocation
    /// The disease.sh base URL (`http://` or `https://` with a host).
    public var sourceURL: String
    /// Our World in Data's `vaccinations.csv` URL (`http://` or `https://`), fetched with the rest by every
    /// refresh; `nil` fetches none and keeps the stored vaccinations (`--vaccinations-source off`, and the
    /// typed default, so a test or an offline run never reaches the internet unless it names a URL).
    public var vaccinationsURL: String?
    /// The bounds of each fetch (connect, whole transfer, stall), in seconds.
    public var limits: FetchLimits

    /// Every setting's default, written once: `--help` shows them.
    public enum Defaults {
        /// `--database`: a SQLite file in the working folder.
        public static let databasePath = "covid-atlas.sqlite"
        /// `--source`.
        public static let sourceURL = "https://disease.sh"
        /// `--vaccinations-source`: Our World in Data's own URL of the file.
        public static let vaccinationsURL = VaccinationsClient.owidURL
        /// The `--vaccinations-source` value that fetches no vaccinations.
        public static let vaccinationsOff = "off"
        /// `--connect-timeout`, seconds.
        public static let connectTimeoutSeconds = Int(FetchLimits().connectTimeout)
        /// `--fetch-timeout`, seconds.
        public static let fetchTimeoutSeconds = Int(FetchLimits().totalTimeout)
        /// `--stall-timeout`, seconds.
        public static let stallTimeoutSeconds = FetchLimits().lowSpeedSeconds
        /// The rate under which a whole `--stall-timeout` ends a transfer, bytes per second.
        public static let lowSpeedBytesPerSecond = FetchLimits().lowSpeedBytesPerSecond
        /// The largest body accepted, bytes.
        public static let maxBodyBytes = FetchLimits().maxBodyBytes
        /// The largest history body accepted, bytes.
        public static let maxHistoricalBodyBytes = FetchLimits().maxHistoricalBodyBytes
        /// The largest vaccinations file accepted (decoded), bytes.
        public static let maxVaccinationsBodyBytes = FetchLimits().maxVaccinationsBodyBytes
    }

    /// The settings as typed values (the tests' way in); `vaccinationsURL` `nil` fetches no vaccinations.
    public init(
        database: StoreLocation = .sqlite(path: Defaults.databasePath), sourceURL: String = Defaults.sourceURL,
        vaccinationsURL: String? = nil, limits: FetchLimits = FetchLimits()
    ) {
        self.database = database
        self.sourceURL = sourceURL
        self.vaccinationsURL = vaccinationsURL
        self.limits = limits
    }

    /// The store alone, from `--database` (`import`, which fetches nothing).
    /// - Throws: `InvalidSetting` for an empty path or a URI libpq cannot parse.
    public init(database: String) throws(InvalidSetting) {
        do {
            self.init(database: try StoreLocation(parsing: database))
        } catch {
            throw InvalidSetting(description: String(describing: error))
        }
    }

    /// The settings as the command line gives them: `database` a SQLite path or a `postgres://` URI,
    /// `sourceURL` and `vaccinationsURL` already checked to be http(s) URLs with a host (`nil` for
    /// `--vaccinations-source off`), the timeouts in seconds.
    /// - Throws: `InvalidSetting` for an empty path or a URI libpq cannot parse.
    public init(
        database: String, sourceURL: String, vaccinationsURL: String?, connectTimeoutSeconds: Int,
        fetchTimeoutSeconds: Int, stallTimeoutSeconds: Int
    ) throws(InvalidSetting) {
        try self.init(database: database)
        self.sourceURL = sourceURL
        self.vaccinationsURL = vaccinationsURL
        limits.connectTimeout = Double(connectTimeoutSeconds)
        limits.totalTimeout = Double(fetchTimeoutSeconds)
        limits.lowSpeedSeconds = stallTimeoutSeconds
    }

    var client: DiseaseShClient {
        DiseaseShClient(baseURL: sourceURL, limits: limits, userAgent: LiveRefresh.userAgent)
    }

    var vaccinationsClient: VaccinationsClient? {
        vaccinationsURL.map { VaccinationsClient(url: $0, limits: limits, userAgent: LiveRefresh.userAgent) }
    }
}
