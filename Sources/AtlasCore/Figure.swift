/// A figure disease.sh sends for each entry of `/v3/covid-19/countries` and for `/v3/covid-19/all`,
/// by its API name (https://disease.sh/docs/#/COVID-19%3A%20Worldometers), in the API's order.
///
/// The one list of them: the decoder, the store's columns, the JSON writer, the validation and the
/// worldwide sums all walk it, so a new figure is one more case here (and a migration for its column).
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

    /// Whether the figure is a ratio (`Double`, fractional since disease.sh changed them,
    /// docs/field-cases.md B27) rather than a count (`Int64`): by disease.sh's own naming, the
    /// `…PerOneMillion` and `one…PerPeople` figures.
    public var isRatio: Bool { rawValue.hasSuffix("PerOneMillion") || rawValue.hasPrefix("one") }

    /// The counts, in API order.
    public static let counts = allCases.filter { !$0.isRatio }
    /// The ratios, in API order.
    public static let ratios = allCases.filter(\.isRatio)
    /// The figures an entry of `/countries` has (every one but `affectedCountries`), in API order.
    public static let perCountry = allCases.filter { $0 != .affectedCountries }

    /// A `today…` counter, which goes below zero when upstream corrects a figure.
    public var isDailyChange: Bool { rawValue.hasPrefix("today") }
}

/// The values of the `Figure`s of one entry or of the world: `nil` where upstream sent `null` or left
/// the figure out ("n/a" on pages, never 0).
public struct Figures: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private var counts: [Int64?]
    private var ratios: [Double?]

    /// Every figure unknown.
    public init() {
        counts = Array(repeating: nil, count: Figures.countSlot.count)
        ratios = Array(repeating: nil, count: Figures.ratioSlot.count)
    }

    /// Figures from literal numbers: `[.cases: 5, .casesPerOneMillion: 0.7]`. A count must be a whole
    /// number within `Int64`.
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

    /// A count figure's value. Reading a ratio figure here answers `nil`; setting one is a programming
    /// error (use `subscript(ratio:)`).
    public subscript(_ figure: Figure) -> Int64? {
        get { Figures.countSlot[figure].flatMap { counts[$0] } }
        set {
            guard let slot = Figures.countSlot[figure] else { preconditionFailure("\(figure) is a ratio") }
            counts[slot] = newValue
        }
    }

    /// A ratio figure's value. Reading a count figure here answers `nil`; setting one is a programming
    /// error (use `subscript(_:)`).
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
    /// Whether the day's figures (`todayCases`, `todayDeaths`, `todayRecovered`) are all 0: Worldometers
    /// sends 0 for a day nothing was reported yet (every entry early in the UTC day, the USA on a
    /// weekend), so these zeros mean "not reported". An entry that reported anything that day keeps its
    /// zeros: China's 0 deaths beside 89 cases is a 0. Unknown (`nil`) figures are not zeros.
    public var dailyFiguresAreUnreported: Bool {
        [Figure.todayCases, .todayDeaths, .todayRecovered].allSatisfy { self[$0] == 0 }
    }
}
