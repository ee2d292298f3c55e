import AtlasCore
import AtlasSource
import Formats

/// What a refresh or import changed, old → new, as lines for the terminal and the server log.
public struct RefreshReport: Sendable {
    /// The snapshot stored before; `nil` when the database had none.
    public let previous: Snapshot?
    /// The snapshot stored now (the previous one when only the history was replaced).
    public let current: Snapshot
    /// The history stored with it, when one was; `nil` when the stored history stays.
    public let history: HistoryValidation.Accepted?
    /// Whether the snapshot was replaced (it stays when the update had none, or the same data).
    public let replacedSnapshot: Bool
    /// Whether the update had a history that equals the stored one, which stays.
    public let keptSameHistory: Bool
    /// What validation flagged and left out of the update's snapshot, when it had one.
    public let snapshotVerdict: SnapshotValidation.Accepted?
    /// The vaccinations stored with it, when they were; `nil` when the stored ones stay.
    public let vaccinations: VaccinationValidation.Accepted?
    /// Whether the update had vaccinations equal to the stored ones, which stay.
    public let keptSameVaccinations: Bool

    /// A report of what was stored; `current` is `nil` only when there is no snapshot at all.
    public init(
        previous: Snapshot?, current: Snapshot?, history: HistoryValidation.Accepted? = nil,
        replacedSnapshot: Bool = true, keptSameHistory: Bool = false,
        snapshotVerdict: SnapshotValidation.Accepted? = nil, vaccinations: VaccinationValidation.Accepted? = nil,
        keptSameVaccinations: Bool = false
    ) {
        self.vaccinations = vaccinations
        self.keptSameVaccinations = keptSameVaccinations
        self.snapshotVerdict = snapshotVerdict
        self.previous = previous
        self.current = current ?? Snapshot(countries: [], totals: WorldTotals(), source: "none")
        self.history = history
        self.replacedSnapshot = replacedSnapshot
        self.keptSameHistory = keptSameHistory
    }

    /// Whether nothing was replaced, so the data version (and every page's `ETag`) stays.
    public var changedNothing: Bool { !replacedSnapshot && history == nil && vaccinations == nil }

    /// How many countries' figures changed (by ISO2, else name), new ones included. A new `updated` alone
    /// is no change: disease.sh stamps every entry anew on every fetch.
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

    /// The report as lines: `countries: 224 → 225`, `cases: 253,163,330 → 254,000,000`, and so on.
    public var lines: [String] {
        func date(_ snapshot: Snapshot?) -> String {
            guard let updated = snapshot?.dataUpdated else { return "unknown" }
            return UTCTime(millisecondsSinceEpoch: updated).readable
        }
        func grouped(_ value: Int64?) -> String { value.map(NumberText.grouped) ?? "n/a" }
        func pair(_ old: String?, _ new: String) -> String {
            guard let old else { return new }
            return old == new ? "\(new) (unchanged)" : "\(old) → \(new)"
        }
        return [
            "countries: " + pair(previous.map { "\($0.countries.count)" }, "\(current.countries.count)"),
            "updated: " + pair(previous.map { date($0) }, date(current)),
            "cases: "
                + pair(
                    previous.map { grouped($0.totals[.cases]) }, grouped(current.totals[.cases])),
            "deaths: "
                + pair(
                    previous.map { grouped($0.totals[.deaths]) }, grouped(current.totals[.deaths])
                ),
            "changed figures: \(changedCountries) \(changedCountries == 1 ? "country" : "countries")",
        ] + (historyLine.map { [$0] } ?? (keptSameHistory ? ["history: the same as stored (kept)"] : []))
            + verdictLines + vaccinationLines
    }

    /// The vaccinations' lines, when the update had any: what was stored and each fall kept (flagged).
    public var vaccinationLines: [String] {
        guard let accepted = vaccinations else {
            return keptSameVaccinations ? ["vaccinations: the same as stored (kept)"] : []
        }
        let first = CalendarDate(daysSinceEpoch: accepted.days.lowerBound)
        let last = CalendarDate(daysSinceEpoch: accepted.days.upperBound)
        var lines = [
            "vaccinations: \(accepted.locationCount) locations, \(NumberText.grouped(Int64(accepted.rowCount))) rows, "
                + "\(first.short) – \(last.short) (Our World in Data)"
        ]
        if !accepted.falls.isEmpty {
            let shown = accepted.falls.prefix(5).joined(separator: "; ")
            let more = accepted.falls.count > 5 ? "; and \(accepted.falls.count - 5) more" : ""
            lines.append(
                "flagged \(accepted.falls.count) falls of a running total (kept as published): \(shown)\(more)")
        }
        return lines
    }

    /// A line each for the flagged (kept) and the left-out entries, when there are any.
    var verdictLines: [String] {
        guard let verdict = snapshotVerdict else { return [] }
        func entries(_ count: Int) -> String { count == 1 ? "1 entry" : "\(count) entries" }
        var lines: [String] = []
        if !verdict.flagged.isEmpty {
            lines.append("flagged \(entries(verdict.flagged.count)) (kept): " + verdict.flagged.joined(separator: "; "))
        }
        if !verdict.leftOut.isEmpty {
            lines.append("left out \(entries(verdict.leftOut.count)): " + verdict.leftOut.joined(separator: "; "))
        }
        return lines
    }

    /// The history's line, when a history was stored.
    public var historyLine: String? { history.map { RefreshReport.historyLine($0, entries: current.countries.count) } }

    /// `history: 223 of 224 entries have a series, 22 Jan 2020 – 13 Nov 2021 (662 days); JHU rows for no
    /// entry: “Antarctica”, “Kosovo”`.
    static func historyLine(_ accepted: HistoryValidation.Accepted, entries: Int) -> String {
        let first = CalendarDate(daysSinceEpoch: accepted.days.lowerBound)
        let last = CalendarDate(daysSinceEpoch: accepted.days.upperBound)
        let unmatched =
            accepted.unmatchedRows.isEmpty
            ? "every JHU row matched an entry"
            : "JHU rows for no entry: " + accepted.unmatchedRows.map { "“\($0)”" }.joined(separator: ", ")
        return "history: \(accepted.entryCount) of \(entries) entries have a series, \(first.short) – \(last.short) "
            + "(\(accepted.days.count) days); \(unmatched)"
    }
}
