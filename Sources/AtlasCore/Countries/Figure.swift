/// A figure of disease.sh `/v3/covid-19/countries` and `/all`, by API name, in API order
/// (https://disease.sh/docs/#/COVID-19%3A%20Worldometers). The one list the decoder, store columns,
/// JSON, validation and sums walk: a new figure is a case here plus a migration.
public enum Figure: String, CaseIterable, Sendable {
    /// Confirmed cases, cumulative (people).
    case cases
    /// Cases reported today so far (Worldometers' day, UTC); 0 early in the day.
    case todayCases
    /// Deaths, cumulative (people).
    case deaths
    /// Deaths reported today so far.
    case todayDeaths
    /// Recoveries, cumulative; 0 where a country stopped reporting them.
    case recovered
    /// Recoveries reported today so far.
    case todayRecovered
    /// Active cases: cases − deaths − recovered.
    case active
    /// People in serious or critical condition; 0 often means not reported.
    case critical
    /// Cases per million people.
    case casesPerOneMillion
    /// Deaths per million people.
    case deathsPerOneMillion
    /// Tests performed, cumulative; 0 means not reported.
    case tests
    /// Tests per million people.
    case testsPerOneMillion
    /// People; 0 for the cruise ships in the real data.
    case population
    /// One case per this many people; 0 when undefined.
    case oneCasePerPeople
    /// One death per this many people; 0 when undefined.
    case oneDeathPerPeople
    /// One test per this many people; 0 when undefined.
    case oneTestPerPeople
    /// Active cases per million people.
    case activePerOneMillion
    /// Recoveries per million people.
    case recoveredPerOneMillion
    /// Critical cases per million people.
    case criticalPerOneMillion
    /// How many entries of `/countries` have cases (`/all` only).
    case affectedCountries

    /// The name in the API, and the column name in the store.
    public var name: String { rawValue }

    /// Whether the figure is a ratio (`Double`, docs/field-cases.md B27) rather than a count: the
    /// `…PerOneMillion` and `one…PerPeople` figures.
    public var isRatio: Bool { rawValue.hasSuffix("PerOneMillion") || rawValue.hasPrefix("one") }

    /// The counts, in API order.
    public static let counts = allCases.filter { !$0.isRatio }
    /// The ratios, in API order.
    public static let ratios = allCases.filter(\.isRatio)
    /// Every figure but `affectedCountries`, in API order.
    public static let perCountry = allCases.filter { $0 != .affectedCountries }

    /// A `today…` counter, below zero when upstream corrects a figure.
    public var isDailyChange: Bool { rawValue.hasPrefix("today") }
}

/// The `Figure` values of an entry or of the world: `nil` where upstream sent `null` or left it out
/// ("n/a", never 0).
public struct Figures: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private var counts: [Int64?]
    private var ratios: [Double?]

    /// Every figure unknown.
    public init() {
        counts = Array(repeating: nil, count: Figures.countSlot.count)
        ratios = Array(repeating: nil, count: Figures.ratioSlot.count)
    }

    /// Figures from literals: `[.cases: 5, .casesPerOneMillion: 0.7]`; a count must be a whole `Int64`.
    public init(dictionaryLiteral elements: (Figure, Double)...) {
        self.init()
        for (figure, value) in elements {
            if figure.isRatio {
                self[ratio: figure] = value
            } else {
                guard let count = Int64(exactly: value) else {
                    preconditionFailure("the count \(figure) must be a whole number, not \(value)")
                }
                self[figure] = count
            }
        }
    }

    /// A count's value; `nil` for a ratio, and setting one traps (use `subscript(ratio:)`).
    public subscript(_ figure: Figure) -> Int64? {
        get { Figures.countSlot[figure].flatMap { counts[$0] } }
        set {
            guard let slot = Figures.countSlot[figure] else { preconditionFailure("\(figure) is a ratio") }
            counts[slot] = newValue
        }
    }

    /// A ratio's value; `nil` for a count, and setting one traps (use `subscript(_:)`).
    public subscript(ratio figure: Figure) -> Double? {
        get { Figures.ratioSlot[figure].flatMap { ratios[$0] } }
        set {
            guard let slot = Figures.ratioSlot[figure] else { preconditionFailure("\(figure) is a count") }
            ratios[slot] = newValue
        }
    }

    private static let countSlot = Dictionary(uniqueKeysWithValues: Figure.counts.enumerated().map { ($1, $0) })
    private static let ratioSlot = Dictionary(uniqueKeysWithValues: Figure.ratios.enumerated().map { ($1, $0) })
}

extension Figures {
    /// Whether `todayCases`, `todayDeaths` and `todayRecovered` are all 0, which Worldometers sends for a
    /// day with nothing reported yet: "not reported". One non-zero keeps the zeros real; `nil` is no zero.
    public var dailyFiguresAreUnreported: Bool {
        [Figure.todayCases, .todayDeaths, .todayRecovered].allSatisfy { self[$0] == 0 }
    }
}
