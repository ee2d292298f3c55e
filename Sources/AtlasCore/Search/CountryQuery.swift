import Foundation

/// What the country list shows: the `q`, `continent`, `sort` and `order` parameters of `/countries`
/// (docs/design.md "URLs").
public struct CountryQuery: Sendable, Equatable {
    /// The orders the list offers, by their URL value.
    public enum Sort: String, CaseIterable, Sendable {
        case name
        case cases
        case deaths
        case population
        case todayCases = "today-cases"
        case casesPerMillion = "cases-per-million"
        case deathsPerMillion = "deaths-per-million"
        case activePerMillion = "active-per-million"
        case testsPerMillion = "tests-per-million"
        /// The share fully vaccinated (Our World in Data).
        case fullyVaccinated = "fully-vaccinated"
        /// Doses given per hundred people (Our World in Data).
        case dosesPerHundred = "doses-per-hundred"

        /// Names A–Z, figures largest first, unless the URL says otherwise.
        public var defaultDirection: Direction { self == .name ? .ascending : .descending }

        /// The sort control's label; pages name the day of `todayCases` themselves.
        public var displayName: String {
            switch self {
            case .name: return "Name"
            case .cases: return "Cases"
            case .deaths: return "Deaths"
            case .population: return "Population"
            case .todayCases: return "New cases"
            case .casesPerMillion: return "Cases per million"
            case .deathsPerMillion: return "Deaths per million"
            case .activePerMillion: return "Active per million"
            case .testsPerMillion: return "Tests per million"
            case .fullyVaccinated: return "Fully vaccinated (%)"
            case .dosesPerHundred: return "Doses per hundred"
            }
        }
    }

    /// Which way an order runs (`order=asc|desc`).
    public enum Direction: String, CaseIterable, Sendable {
        /// A–Z, smallest first.
        case ascending = "asc"
        /// Z–A, largest first.
        case descending = "desc"
    }

    struct OrderKey: Hashable, Sendable {
        let sort: Sort
        let direction: Direction
    }

    /// The search text as typed, trimmed; empty means no search.
    public var search: String
    /// The continent category; `nil` means all.
    public var continent: Continent?
    /// The order of the list.
    public var sort: Sort
    /// Which way it runs.
    public var direction: Direction

    /// `search` is trimmed; `direction` defaults to `Sort.defaultDirection`.
    public init(search: String = "", continent: Continent? = nil, sort: Sort = .name, direction: Direction? = nil) {
        self.search = search.trimmingWhitespace
        self.continent = continent
        self.sort = sort
        self.direction = direction ?? sort.defaultDirection
    }

    /// The same query in another order, in its own direction unless `direction` is given.
    public func sorted(by sort: Sort, _ direction: Direction? = nil) -> CountryQuery {
        CountryQuery(search: search, continent: continent, sort: sort, direction: direction)
    }

    /// The matching entries of `catalog` in order: names folded A–Z or Z–A; figures either way with
    /// unknown ones last, ties by name. A search matches any name, spelling or ISO code
    /// (`CountryCatalog.Entry.rank(for:)`), or flag emoji's codes; by name A–Z, exact matches come first,
    /// then prefixes, then the rest (`us`: the USA before Australia). Orders are precomputed and an
    /// n-gram index narrows a search, so cost follows the matches.
    /// - Parameter inKoreanNameOrder: sorted by name, the Korean names' order (가나다,
    ///   `CountryCatalog.entriesInKoreanNameOrder`) instead of the English one, for the Korean list.
    public func apply(to catalog: CountryCatalog, inKoreanNameOrder: Bool = false) -> [CountryCatalog.Entry] {
        let flags = TextFolding.regionCodes(inFlags: search)
        var term: SearchTerm?
        var allowed: [Bool]?
        if !search.isEmpty, flags.isEmpty {
            // Text that folds to nothing (🦠) matches nothing.
            guard let folded = SearchTerm(search) else { return [] }
            term = folded
            var marks: [Bool]?
            for variant in folded.variants {
                guard let candidates = catalog.searchIndex.candidates(for: variant.key) else {
                    marks = nil
                    break
                }
                if marks == nil { marks = [Bool](repeating: false, count: catalog.entries.count) }
                for position in candidates { marks![Int(position)] = true }
            }
            allowed = marks
        }
        // Three groups by rank, each in the list's order.
        var groups: [[CountryCatalog.Entry]] = [[], [], []]
        let ranked = sort == .name && direction == .ascending
        let order =
            inKoreanNameOrder && sort == .name
            ? (direction == .ascending ? catalog.koreanNameOrder : catalog.koreanNameOrder.reversed())
            : catalog.orders[OrderKey(sort: sort, direction: direction)] ?? []
        for position in order {
            if let allowed, !allowed[Int(position)] { continue }
            let entry = catalog.entries[Int(position)]
            if let continent, entry.continent != continent { continue }
            var rank = 0
            if !search.isEmpty {
                if !flags.isEmpty {
                    guard entry.isoCodes.contains(where: { flags.contains($0) }) else { continue }
                } else {
                    guard let found = term.flatMap(entry.rank(for:)) else { continue }
                    rank = found
                }
            }
            groups[ranked ? rank : 0].append(entry)
        }
        if inKoreanNameOrder && sort != .name {
            // Equal figures, and the unknown ones at the end, in 가나다 order too.
            groups[0].sort { self.order($0, $1, tie: KoreanOrder.precedes) }
        }
        return groups[0] + groups[1] + groups[2]
    }

    func isOrdered(_ a: CountryCatalog.Entry, before b: CountryCatalog.Entry) -> Bool {
        order(a, b) { $0.sortKey < $1.sortKey }
    }

    /// By the sort's figure, unknown ones last, equal ones by `tie`; by name, by the English sort key.
    private func order(
        _ a: CountryCatalog.Entry, _ b: CountryCatalog.Entry,
        tie: (CountryCatalog.Entry, CountryCatalog.Entry) -> Bool
    ) -> Bool {
        if sort != .name {
            switch (CountryQuery.figure(sort, of: a), CountryQuery.figure(sort, of: b)) {
            case let (x?, y?) where x != y: return direction == .descending ? x > y : x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: break
            }
            return tie(a, b)
        }
        return direction == .ascending ? a.sortKey < b.sortKey : a.sortKey > b.sortKey
    }

    /// The figure `sort` orders by; per-million figures are unknown without a population (the ships,
    /// sent as 0).
    public static func figure(_ sort: Sort, of entry: CountryCatalog.Entry) -> Double? {
        let country = entry.country
        let populated = (country[.population] ?? 0) > 0
        switch sort {
        case .name: return nil
        case .cases: return country[.cases].map(Double.init)
        case .deaths: return country[.deaths].map(Double.init)
        case .population: return country[.population].map(Double.init)
        case .todayCases: return country[.todayCases].map(Double.init)
        case .casesPerMillion: return populated ? country[ratio: .casesPerOneMillion] : nil
        case .deathsPerMillion: return populated ? country[ratio: .deathsPerOneMillion] : nil
        case .activePerMillion: return populated ? country[ratio: .activePerOneMillion] : nil
        // No tests reported is 0 upstream, its ratio too: unknown, not none.
        case .testsPerMillion:
            return populated && (country[.tests] ?? 0) > 0 ? country[ratio: .testsPerOneMillion] : nil
        case .fullyVaccinated: return entry.vaccination?.fullyVaccinatedPerHundred
        case .dosesPerHundred: return entry.vaccination?.dosesPerHundred
        }
    }
}
