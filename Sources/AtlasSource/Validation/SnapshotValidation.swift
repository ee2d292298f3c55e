import AtlasCore

/// The checks a decoded snapshot must pass before it replaces the stored one, so a bad upstream never
/// damages what is stored. Each failure is one line naming the entry and field.
public enum SnapshotValidation {
    /// The largest count believed: 10^11, twelve times the world's population.
    public static let largestCount: Int64 = 100_000_000_000
    /// The longest entry name believed, in characters (`Country.longestName`).
    public static let longestName = Country.longestName

    /// What a snapshot that passed holds, for the import's report.
    public struct Accepted: Sendable, Equatable {
        /// How many entries passed.
        public var countryCount: Int
        /// How many counters are unknown (`null` or missing upstream, "n/a" on pages).
        public var unknownFigures: Int
        /// How many `today…` counters are below zero: corrections, data not errors.
        public var negativeDailyFigures: Int
        /// Entries kept but implausible, each a phrase: `“Atlantis”: 10 deaths above 5 cases`.
        public var flagged: [String]
        /// The entries the decoder left out (`Snapshot.leftOut`), as the report names them.
        public var leftOut: [String]

        /// A verdict from its counts.
        public init(
            countryCount: Int, unknownFigures: Int, negativeDailyFigures: Int, flagged: [String] = [],
            leftOut: [String] = []
        ) {
            self.countryCount = countryCount
            self.unknownFigures = unknownFigures
            self.negativeDailyFigures = negativeDailyFigures
            self.flagged = flagged
            self.leftOut = leftOut
        }
    }

    /// Checks `snapshot`.
    /// - Parameter storedCountryCount: the stored snapshot's countries; `nil` when none is stored.
    /// - Throws: `SourceError.emptyPayload` without countries; `.invalidSnapshot` when under half of the
    ///   countries have `cases`, `deaths` or `updated`, two entries share an id (ISO2, ISO3, or a name
    ///   without ISO2), a count is negative (cumulative ones and population) or above `largestCount`, a
    ///   name is over `longestName`, a worldwide `cases` or `deaths` is below one country's, or there are
    ///   under half the stored countries.
    /// - Returns: what it holds, with the entries flagged as implausible (deaths or recoveries above
    ///   cases; a continent none of the six, but for the ships' empty one) and those left out.
    @discardableResult
    public static func validate(_ snapshot: Snapshot, storedCountryCount: Int?) throws(SourceError) -> Accepted {
        guard !snapshot.countries.isEmpty else { throw .emptyPayload }
        if let stored = storedCountryCount, snapshot.countries.count * 2 < stored {
            throw .invalidSnapshot(
                "only \(snapshot.countries.count) countries, under half of the \(stored) stored; keeping the stored data"
            )
        }
        try checkCoverage(snapshot.countries)
        try checkNames(snapshot.countries)
        try checkDuplicates(snapshot.countries)
        for country in snapshot.countries {
            try checkFigures(country.figures, in: "\"\(country.country)\"")
        }
        try checkFigures(snapshot.totals.figures, in: "the worldwide totals")
        try checkTotalsCoverEachCountry(snapshot)
        var accepted = Accepted(
            countryCount: snapshot.countries.count, unknownFigures: 0, negativeDailyFigures: 0,
            flagged: snapshot.countries.compactMap(flag), leftOut: snapshot.leftOut.map(\.description))
        for country in snapshot.countries {
            for figure in Figure.counts where figure != .affectedCountries {
                guard let value = country[figure] else {
                    accepted.unknownFigures += 1
                    continue
                }
                if value < 0, figure.isDailyChange { accepted.negativeDailyFigures += 1 }
            }
        }
        return accepted
    }

    /// What is implausible about `country` yet no reason to refuse, as one phrase; `nil` when nothing is.
    private static func flag(_ country: Country) -> String? {
        var odd: [String] = []
        if let cases = country[.cases] {
            for figure in [Figure.deaths, .recovered] {
                if let value = country[figure], value > cases {
                    odd.append("\(value) \(figure.name) above \(cases) cases")
                }
            }
        }
        let isShip = country.countryInfo.iso2 == nil && country.continent.isEmpty
        if Continent(country.continent) == nil, !isShip {
            odd.append(
                country.continent.isEmpty
                    ? "no continent (listed under All only)"
                    : "the continent “\(country.continent.prefix(40))” is none of the six (listed under All only)")
        }
        return odd.isEmpty ? nil : "“\(country.country)”: " + odd.joined(separator: ", ")
    }

    private static func checkNames(_ countries: [Country]) throws(SourceError) {
        for (index, country) in countries.enumerated() where country.country.count > longestName {
            throw .invalidSnapshot(
                "the name of entry \(index + 1) (“\(country.country.prefix(20))…”) is \(country.country.count) "
                    + "characters long, over \(longestName); keeping the stored data")
        }
    }

    private static func checkCoverage(_ countries: [Country]) throws(SourceError) {
        // Every page lists, sorts by or dates with these; an upstream sending them unusable for every entry
        // would turn all stored figures into "n/a" (docs/field-cases.md B03).
        let fields: [Figure] = [.cases, .deaths]
        let checked: [(name: String, present: Int)] =
            fields.map { figure in (figure.name, countries.count { $0[figure] != nil }) }
            + [("updated", countries.count { $0.updated != nil })]
        for (name, present) in checked where present * 2 < countries.count {
            throw .invalidSnapshot(
                "only \(present) of \(countries.count) countries have a usable \(name) "
                    + "(null, missing, not a number or out of range); keeping the stored data")
        }
    }

    /// `/all` is fetched apart: a worldwide figure below one country's means the bodies disagree.
    private static func checkTotalsCoverEachCountry(_ snapshot: Snapshot) throws(SourceError) {
        for figure in [Figure.cases, .deaths] {
            guard let world = snapshot.totals[figure],
                let largest = snapshot.countries.max(by: { ($0[figure] ?? 0) < ($1[figure] ?? 0) }),
                let most = largest[figure], most > world
            else { continue }
            throw .invalidSnapshot(
                "the worldwide \(figure.name) \(world) are fewer than the \(most) of \"\(largest.country)\"; "
                    + "/all disagrees with the countries")
        }
    }

    private static func checkDuplicates(_ countries: [Country]) throws(SourceError) {
        var seen: [String: String] = [:]
        for country in countries {
            let info = country.countryInfo
            var keys: [String] = []
            if let iso2 = info.iso2 { keys.append("ISO2 \(iso2.uppercased())") }
            if let iso3 = info.iso3 { keys.append("ISO3 \(iso3.uppercased())") }
            if info.iso2 == nil { keys.append("id \(TextFolding.slug(country.country))") }
            for key in keys {
                if let first = seen[key] {
                    throw .invalidSnapshot("duplicate id \(key): \"\(first)\" and \"\(country.country)\"")
                }
                seen[key] = country.country
            }
        }
    }

    /// `today…` counters and `active` go below zero when upstream corrects figures.
    private static func mayBeNegative(_ figure: Figure) -> Bool { figure.isDailyChange || figure == .active }

    private static func checkFigures(_ figures: Figures, in entry: String) throws(SourceError) {
        for figure in Figure.counts {
            guard let value = figures[figure] else { continue }
            if value < 0 && !mayBeNegative(figure) {
                throw .invalidSnapshot("negative \(figure.name) \(value) in \(entry)")
            }
            if value.magnitude > largestCount.magnitude {
                throw .invalidSnapshot("absurd \(figure.name) \(value) in \(entry) (over \(largestCount))")
            }
        }
    }
}
