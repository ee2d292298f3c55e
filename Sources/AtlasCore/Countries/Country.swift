/// One entry of disease.sh `GET /v3/covid-19/countries` in the API's field names
/// (https://disease.sh/docs/#/COVID-19%3A%20Worldometers). A figure is `nil` when upstream sent `null`
/// or left it out ("n/a", never 0); ratios are `Double` (docs/field-cases.md B27).
public struct Country: Sendable, Equatable {
    /// The longest entry name believed, in characters: the real ones stay under 40 (`Saint Vincent and
    /// the Grenadines`); a longer one is a broken upstream (`SnapshotValidation`), and no id, alias or
    /// name matches a longer query (`CountryCatalog.resolve`).
    public static let longestName = 100

    /// When Worldometers last updated this entry, in milliseconds since the Unix epoch (UTC).
    public var updated: Int64?
    /// The disease.sh (Worldometers) name, e.g. `S. Korea`, `UK`, `Diamond Princess`.
    public var country: String
    /// Identifiers and location.
    public var countryInfo: CountryInfo
    /// The continent as sent (`"Asia"`, `""` for ships); see `Continent`.
    public var continent: String
    /// Every figure of `Figure.perCountry`.
    public var figures: Figures

    /// A record; every figure not given is unknown.
    public init(
        updated: Int64? = nil, country: String, countryInfo: CountryInfo = CountryInfo(), continent: String = "",
        figures: Figures = Figures()
    ) {
        self.updated = updated
        self.country = country
        self.countryInfo = countryInfo
        self.continent = continent
        self.figures = figures
    }

    /// A count figure (`cases`, `deaths`, …); `nil` when unknown.
    public subscript(_ figure: Figure) -> Int64? {
        get { figures[figure] }
        set { figures[figure] = newValue }
    }

    /// A ratio figure (`casesPerOneMillion`, …); `nil` when unknown.
    public subscript(ratio figure: Figure) -> Double? {
        get { figures[ratio: figure] }
        set { figures[ratio: figure] = newValue }
    }
}

/// disease.sh `countryInfo`: identifiers and a representative point.
public struct CountryInfo: Sendable, Equatable {
    /// The ISO 3166-1 numeric code as a number (`_id` upstream); `nil` for ships.
    public var _id: Int?
    /// ISO 3166-1 alpha-2, upper case; `nil` for ships such as "Diamond Princess".
    public var iso2: String?
    /// ISO 3166-1 alpha-3, upper case; `nil` for ships.
    public var iso3: String?
    /// Latitude in degrees; 0 for ships.
    public var lat: Double?
    /// Longitude in degrees; 0 for ships.
    public var long: Double?
    /// A PNG flag on disease.sh (needs the internet; pages use `CountryFacts`' emoji).
    public var flag: String?

    /// Creates identifiers; every one defaults to unknown.
    public init(
        _id: Int? = nil, iso2: String? = nil, iso3: String? = nil, lat: Double? = nil, long: Double? = nil,
        flag: String? = nil
    ) {
        self._id = _id
        self.iso2 = iso2
        self.iso3 = iso3
        self.lat = lat
        self.long = long
        self.flag = flag
    }
}
