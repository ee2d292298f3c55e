import AtlasCore

/// What a refresh or import changed, old → new, as lines for the terminal and the server log.
public struct RefreshReport: Sendable {
    /// The snapshot stored before; `nil` when the database had none.
    public let previous: Snapshot?
    /// The snapshot stored now.
    public let current: Snapshot

    /// How many countries have different figures than before (by ISO2, else by name), new ones included.
    /// A new `updated` time alone is no change: disease.sh stamps every entry anew on every fetch.
    public var changedCountries: Int {
        let before = Dictionary(
            (previous?.countries ?? []).map { (key(of: $0), Self.withoutUpdateTime($0)) },
            uniquingKeysWith: { first, _ in first })
        return current.countries.filter { before[key(of: $0)] != Self.withoutUpdateTime($0) }.count
    }

    private static func withoutUpdateTime(_ country: Country) -> Country {
        var figures = country
        figures.updated = nil
        return figures
    }

    private func key(of country: Country) -> String {
        country.countryInfo.iso2 ?? country.country
    }

    /// E.g. `countries: 224 → 225`, `updated: 2021-11-14 05:11 UTC → 2026-11-29 13:40 UTC`,
    /// `cases: 253,163,330 → 254,000,000`, `deaths: …`, `changed figures: 3 countries`.
    public var lines: [String] {
        func date(_ snapshot: Snapshot?) -> String {
            guard let updated = snapshot?.dataUpdated else { return "unknown" }
            return Formatting.readableDateTime(millisecondsSinceEpoch: updated)
        }
        func pair(_ old: String?, _ new: String) -> String {
            guard let old else { return new }
            return old == new ? "\(new) (unchanged)" : "\(old) → \(new)"
        }
        return [
            "countries: " + pair(previous.map { "\($0.countries.count)" }, "\(current.countries.count)"),
            "updated: " + pair(previous.map { date($0) }, date(current)),
            "cases: "
                + pair(
                    previous.map { Formatting.grouped($0.totals[.cases]) }, Formatting.grouped(current.totals[.cases])),
            "deaths: "
                + pair(
                    previous.map { Formatting.grouped($0.totals[.deaths]) }, Formatting.grouped(current.totals[.deaths])
                ),
            "changed figures: \(changedCountries) countries",
        ]
    }
}
