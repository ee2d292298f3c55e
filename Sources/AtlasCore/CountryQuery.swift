import Foundation

/// What the country list shows: a search term, a continent category and an order
/// (the `q`, `continent` and `sort` query parameters of `/countries`, docs/design.md "URLs").
public struct CountryQuery: Sendable, Equatable {
    /// The orders the list offers, by their URL value.
    public enum Sort: String, CaseIterable, Sendable {
        case name
        case cases
        case deaths
        case population
        case todayCases = "today-cases"

        /// The label shown in the sort control; pages name the day of `todayCases` themselves
        /// (`New cases today`, `New cases on 14 Nov 2021`).
        public var displayName: String {
            switch self {
            case .name: return "Name"
            case .cases: return "Cases"
            case .deaths: return "Deaths"
            case .population: return "Population"
            case .todayCases: return "New cases"
            }
        }
    }

    /// The search text as typed, trimmed; empty means no search.
    public var search: String
    /// The continent category; `nil` means all.
    public var continent: Continent?
    /// The order of the list.
    public var sort: Sort

    /// `search` is trimmed of surrounding whitespace.
    public init(search: String = "", continent: Continent? = nil, sort: Sort = .name) {
        self.search = search.trimmingCharacters(in: .whitespacesAndNewlines)
        self.continent = continent
        self.sort = sort
    }

    /// The entries of `catalog` that match, in the requested order: names A–Z (folded), figures
    /// largest first with unknown figures last, ties by name. A search matches names in any language,
    /// alternative spellings and ISO codes (see `CountryCatalog.Entry.rank(for:)`), or, when it holds
    /// flag emoji, the flags' country codes. Ordered by name, a search lists the best matches first: an
    /// exact code or name, then names that start with the search, then the rest, each group A–Z
    /// (`us` lists the USA before Australia).
    ///
    /// The orders are precomputed per catalog and a text search first narrows the entries with the
    /// catalog's n-gram index, so the cost follows the number of matches more than the catalog's size.
    public func apply(to catalog: CountryCatalog) -> [CountryCatalog.Entry] {
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
        // Three groups by rank (`Entry.rank(for:)`), each in the list's order.
        var groups: [[CountryCatalog.Entry]] = [[], [], []]
        for position in catalog.orders[sort] ?? [] {
            if let allowed, !allowed[Int(position)] { continue }
            let entry = catalog.entries[Int(position)]
            if let continent, entry.continent != continent { continue }
            var rank = 0
            if !search.isEmpty {
                // A flag emoji searches by its country code.
                if !flags.isEmpty {
                    guard entry.isoCodes.contains(where: { flags.contains($0) }) else { continue }
                } else {
                    guard let found = term.flatMap(entry.rank(for:)) else { continue }
                    rank = found
                }
            }
            groups[sort == .name ? rank : 0].append(entry)
        }
        return groups[0] + groups[1] + groups[2]
    }

    /// Whether `a` comes before `b` in this query's order.
    func isOrdered(_ a: CountryCatalog.Entry, before b: CountryCatalog.Entry) -> Bool { order(a, b) }

    private func order(_ a: CountryCatalog.Entry, _ b: CountryCatalog.Entry) -> Bool {
        func figure(_ entry: CountryCatalog.Entry) -> Int64? {
            switch sort {
            case .name: return nil
            case .cases: return entry.country[.cases]
            case .deaths: return entry.country[.deaths]
            case .population: return entry.country[.population]
            case .todayCases: return entry.country[.todayCases]
            }
        }
        if sort != .name {
            switch (figure(a), figure(b)) {
            case let (x?, y?) where x != y: return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            default: break
            }
        }
        return a.sortKey < b.sortKey
    }
}
