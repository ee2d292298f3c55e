/// disease.sh `GET /v3/covid-19/all`: worldwide totals, in the API's field names.
/// Counters are `nil` when absent or `null` upstream.
public struct WorldTotals: Sendable, Equatable, Codable {
    /// Milliseconds since the Unix epoch (UTC).
    public var updated: Int64?
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
    /// Population (people).
    public var population: Int64?
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
    /// How many entries of `/countries` have cases.
    public var affectedCountries: Int64?

    /// Creates a record; every figure defaults to unknown (`nil`).
    public init(
        updated: Int64? = nil, cases: Int64? = nil, todayCases: Int64? = nil, deaths: Int64? = nil,
        todayDeaths: Int64? = nil, recovered: Int64? = nil, todayRecovered: Int64? = nil,
        active: Int64? = nil, critical: Int64? = nil, casesPerOneMillion: Double? = nil,
        deathsPerOneMillion: Double? = nil, tests: Int64? = nil, testsPerOneMillion: Double? = nil,
        population: Int64? = nil, oneCasePerPeople: Double? = nil, oneDeathPerPeople: Double? = nil,
        oneTestPerPeople: Double? = nil, activePerOneMillion: Double? = nil,
        recoveredPerOneMillion: Double? = nil, criticalPerOneMillion: Double? = nil,
        affectedCountries: Int64? = nil
    ) {
        self.updated = updated
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
        self.oneCasePerPeople = oneCasePerPeople
        self.oneDeathPerPeople = oneDeathPerPeople
        self.oneTestPerPeople = oneTestPerPeople
        self.activePerOneMillion = activePerOneMillion
        self.recoveredPerOneMillion = recoveredPerOneMillion
        self.criticalPerOneMillion = criticalPerOneMillion
        self.affectedCountries = affectedCountries
    }
}

extension WorldTotals {
    /// Totals summed from country entries, for an import that has no `/all` response: counts are
    /// added where known (a sum is `nil` only when no entry has the figure), `updated` is the median
    /// of the entries' times (so one wrong time cannot move it), `affectedCountries` the number of
    /// entries; ratios are left unknown.
    public init(summing countries: [Country]) {
        func sum(_ figure: (Country) -> Int64?) -> Int64? {
            let known = countries.compactMap(figure)
            return known.isEmpty ? nil : known.reduce(0) { $0.addingReportingOverflow($1).overflow ? $0 : $0 + $1 }
        }
        self.init(
            updated: WorldTotals.median(countries.compactMap(\.updated)), cases: sum(\.cases),
            todayCases: sum(\.todayCases),
            deaths: sum(\.deaths), todayDeaths: sum(\.todayDeaths), recovered: sum(\.recovered),
            todayRecovered: sum(\.todayRecovered), active: sum(\.active), critical: sum(\.critical),
            tests: sum(\.tests), population: sum(\.population), affectedCountries: Int64(countries.count))
    }

    private static func median(_ values: [Int64]) -> Int64? {
        guard !values.isEmpty else { return nil }
        return values.sorted()[values.count / 2]
    }
}
