/// One entry of disease.sh `GET /v3/covid-19/countries`, in the API's own field names
/// (https://disease.sh/docs/#/COVID-19%3A%20Worldometers).
///
/// Counters are `nil` when the upstream sent `null` or left the key out ("n/a" on pages, never 0).
/// Ratios are `Double` because disease.sh turned some of them fractional (docs/field-cases.md B27).
public struct Country: Sendable, Equatable, Codable {
    /// When Worldometers last updated this entry, in milliseconds since the Unix epoch (UTC).
    public var updated: Int64?
    /// The disease.sh (Worldometers) name, e.g. `S. Korea`, `UK`, `Diamond Princess`.
    public var country: String
    /// Identifiers and location.
    public var countryInfo: CountryInfo
    /// Confirmed cases, cumulative (people).
    public var cases: Int64?
    /// Cases reported today so far (Worldometers' day, UTC); 0 early in the day.
    public var todayCases: Int64?
    /// Deaths, cumulative (people).
    public var deaths: Int64?
    /// Deaths reported today so far.
    public var todayDeaths: Int64?
    /// Recoveries, cumulative; 0 where a country stopped reporting them.
    public var recovered: Int64?
    /// Recoveries reported today so far.
    public var todayRecovered: Int64?
    /// Active cases: cases − deaths − recovered.
    public var active: Int64?
    /// People in serious or critical condition; 0 often means not reported.
    public var critical: Int64?
    /// Cases per million people.
    public var casesPerOneMillion: Double?
    /// Deaths per million people.
    public var deathsPerOneMillion: Double?
    /// Tests performed, cumulative; 0 means not reported.
    public var tests: Int64?
    /// Tests per million people.
    public var testsPerOneMillion: Double?
    /// People; 0 for the cruise ships in the real data.
    public var population: Int64?
    /// The continent exactly as sent (`"Asia"`, `"Australia-Oceania"`, `""` for ships); see `Continent`.
    public var continent: String
    /// One case per this many people; 0 when undefined.
    public var oneCasePerPeople: Double?
    /// One death per this many people; 0 when undefined.
    public var oneDeathPerPeople: Double?
    /// One test per this many people; 0 when undefined.
    public var oneTestPerPeople: Double?
    /// Active cases per million people.
    public var activePerOneMillion: Double?
    /// Recoveries per million people.
    public var recoveredPerOneMillion: Double?
    /// Critical cases per million people.
    public var criticalPerOneMillion: Double?

    /// Creates a record; every figure defaults to unknown (`nil`).
    public init(
        updated: Int64? = nil, country: String, countryInfo: CountryInfo = CountryInfo(),
        cases: Int64? = nil, todayCases: Int64? = nil, deaths: Int64? = nil, todayDeaths: Int64? = nil,
        recovered: Int64? = nil, todayRecovered: Int64? = nil, active: Int64? = nil, critical: Int64? = nil,
        casesPerOneMillion: Double? = nil, deathsPerOneMillion: Double? = nil, tests: Int64? = nil,
        testsPerOneMillion: Double? = nil, population: Int64? = nil, continent: String = "",
        oneCasePerPeople: Double? = nil, oneDeathPerPeople: Double? = nil, oneTestPerPeople: Double? = nil,
        activePerOneMillion: Double? = nil, recoveredPerOneMillion: Double? = nil,
        criticalPerOneMillion: Double? = nil
    ) {
        self.updated = updated
        self.country = country
        self.countryInfo = countryInfo
        self.cases = cases
        self.todayCases = todayCases
        self.deaths = deaths
        self.todayDeaths = todayDeaths
        self.recovered = recovered
        self.todayRecovered = todayRecovered
        self.active = active
        self.critical = critical
        self.casesPerOneMillion = casesPerOneMillion
        self.deathsPerOneMillion = deathsPerOneMillion
        self.tests = tests
        self.testsPerOneMillion = testsPerOneMillion
        self.population = population
        self.continent = continent
        self.oneCasePerPeople = oneCasePerPeople
        self.oneDeathPerPeople = oneDeathPerPeople
        self.oneTestPerPeople = oneTestPerPeople
        self.activePerOneMillion = activePerOneMillion
        self.recoveredPerOneMillion = recoveredPerOneMillion
        self.criticalPerOneMillion = criticalPerOneMillion
    }
}

/// disease.sh `countryInfo`: identifiers and a representative point.
public struct CountryInfo: Sendable, Equatable, Codable {
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
    /// URL of a PNG flag on disease.sh (needs the internet; pages prefer the emoji from `CountryFacts`).
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
