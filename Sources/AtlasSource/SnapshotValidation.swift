import AtlasCore

/// The checks a decoded snapshot must pass before it may replace the stored one, so that a bad
/// upstream can never damage what is stored. Each failure is one line naming the entry and field.
public enum SnapshotValidation {
    /// The largest count believed: 10^11 people or tests, twelve times the world's population. Anything
    /// larger (`9223372036854775807`) is a broken upstream, not data.
    public static let largestCount: Int64 = 100_000_000_000

    /// What a snapshot that passed holds: what an import reports, and what a test can check was accepted.
    public struct Accepted: Sendable, Equatable {
        /// How many entries passed.
        public var countryCount: Int
        /// How many of the entries' counters are unknown (`null` or missing upstream, "n/a" on pages).
        public var unknownFigures: Int
        /// How many `today…` counters are below zero: corrections, which are data, not errors.
        public var negativeDailyFigures: Int

        /// A verdict from its counts.
        public init(countryCount: Int, unknownFigures: Int, negativeDailyFigures: Int) {
            self.countryCount = countryCount
            self.unknownFigures = unknownFigures
            self.negativeDailyFigures = negativeDailyFigures
        }
    }

    /// Checks `snapshot`.
    /// - Parameters:
    ///   - snapshot: the decoded data.
    ///   - storedCountryCount: how many countries the stored snapshot has; `nil` when none is stored.
    /// - Throws: `SourceError.emptyPayload` without countries; `.invalidSnapshot` when under half of the
    ///   countries have a `cases`, `deaths` or `updated` value, when two entries share an
    ///   id (ISO2, ISO3, or the name of an entry without ISO2), a count is negative (cumulative counts
    ///   and population) or above `largestCount` (any count, `today…` included), a worldwide `cases` or
    ///   `deaths` is below one country's (an `/all` that disagrees with the countries), or the snapshot has
    ///   under half the stored number of countries.
    /// - Returns: what the snapshot holds (`Accepted`).
    @discardableResult
    public static func validate(_ snapshot: Snapshot, storedCountryCount: Int?) throws(SourceError) -> Accepted {
        guard !snapshot.countries.isEmpty else { throw .emptyPayload }
        if let stored = storedCountryCount, snapshot.countries.count * 2 < stored {
            throw .invalidSnapshot(
                "only \(snapshot.countries.count) countries, under half of the \(stored) stored; keeping the stored data"
            )
        }
        try checkCoverage(snapshot.countries)
        try checkDuplicates(snapshot.countries)
        for country in snapshot.countries {
            try checkFigures(counts(of: country), in: "\"\(country.country)\"")
        }
        try checkFigures(counts(of: snapshot.totals), in: "the worldwide totals")
        try checkTotalsCoverEachCountry(snapshot)
        var accepted = Accepted(countryCount: snapshot.countries.count, unknownFigures: 0, negativeDailyFigures: 0)
        for country in snapshot.countries {
            for (field, value) in counts(of: country) {
                guard let value else {
                    accepted.unknownFigures += 1
                    continue
                }
                if value < 0, field.hasPrefix("today") { accepted.negativeDailyFigures += 1 }
            }
        }
        return accepted
    }

    private static func checkCoverage(_ countries: [Country]) throws(SourceError) {
        // The fields every page lists, sorts by or dates the data with. The decoder turns a `null`, a string
        // or an out-of-range number into `nil` field by field (docs/field-cases.md B03), so an upstream that sends
        // them for every entry would otherwise replace all stored figures with "n/a".
        let fields: [(name: String, value: (Country) -> Int64?)] = [
            ("cases", \.cases), ("deaths", \.deaths), ("updated", \.updated),
        ]
        for field in fields {
            let present = countries.count { field.value($0) != nil }
            if present * 2 < countries.count {
                throw .invalidSnapshot(
                    "only \(present) of \(countries.count) countries have a usable \(field.name) "
                        + "(null, missing, not a number or out of range); keeping the stored data")
            }
        }
    }

    /// `/all` is fetched apart from `/countries`: a worldwide figure below a single country's means the
    /// two bodies do not describe the same data, and the worldwide page would show it.
    private static func checkTotalsCoverEachCountry(_ snapshot: Snapshot) throws(SourceError) {
        let fields: [(name: String, world: Int64?, country: (Country) -> Int64?)] = [
            ("cases", snapshot.totals.cases, \.cases), ("deaths", snapshot.totals.deaths, \.deaths),
        ]
        for field in fields {
            guard let world = field.world,
                let largest = snapshot.countries.max(by: { (field.country($0) ?? 0) < (field.country($1) ?? 0) }),
                let most = field.country(largest), most > world
            else { continue }
            throw .invalidSnapshot(
                "the worldwide \(field.name) \(world) are fewer than the \(most) of \"\(largest.country)\"; "
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

    /// Whether a field may go below zero: the `today…` counters and `active` do when upstream corrects figures.
    private static let mayBeNegative: Set<String> = ["todayCases", "todayDeaths", "todayRecovered", "active"]

    private static func checkFigures(_ counts: KeyValuePairs<String, Int64?>, in entry: String) throws(SourceError) {
        for (field, value) in counts {
            guard let value else { continue }
            if value < 0 && !mayBeNegative.contains(field) {
                throw .invalidSnapshot("negative \(field) \(value) in \(entry)")
            }
            if value.magnitude > largestCount.magnitude {
                throw .invalidSnapshot("absurd \(field) \(value) in \(entry) (over \(largestCount))")
            }
        }
    }

    private static func counts(of country: Country) -> KeyValuePairs<String, Int64?> {
        [
            "cases": country.cases, "todayCases": country.todayCases, "deaths": country.deaths,
            "todayDeaths": country.todayDeaths, "recovered": country.recovered,
            "todayRecovered": country.todayRecovered, "active": country.active, "critical": country.critical,
            "tests": country.tests, "population": country.population,
        ]
    }

    private static func counts(of totals: WorldTotals) -> KeyValuePairs<String, Int64?> {
        [
            "cases": totals.cases, "todayCases": totals.todayCases, "deaths": totals.deaths,
            "todayDeaths": totals.todayDeaths, "recovered": totals.recovered,
            "todayRecovered": totals.todayRecovered, "active": totals.active, "critical": totals.critical,
            "tests": totals.tests, "population": totals.population, "affectedCountries": totals.affectedCountries,
        ]
    }
}
