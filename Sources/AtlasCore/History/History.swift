/// A place's JHU CSSE time series: cumulative counts for consecutive days from `firstDay`. Corrections
/// that make them fall are kept (docs/field-cases.md B29); `recovered` is `nil` after its last real
/// report, never JHU's placeholder zeros (B30).
public struct History: Sendable, Equatable {
    /// The first day, days since 1970-01-01.
    public var firstDay: Int
    /// Cumulative confirmed cases, one per day.
    public var cases: [Int64]
    /// Cumulative deaths, one per day.
    public var deaths: [Int64]
    /// Cumulative recoveries, one per day; `nil` where not reported.
    public var recovered: [Int64?]

    /// A series from its parts; the arrays must have the same length.
    public init(firstDay: Int, cases: [Int64], deaths: [Int64], recovered: [Int64?]) {
        precondition(cases.count == deaths.count && deaths.count == recovered.count, "series of unequal length")
        self.firstDay = firstDay
        self.cases = cases
        self.deaths = deaths
        self.recovered = recovered
    }

    /// How many days the series has.
    public var count: Int { cases.count }

    /// Whether it has no day at all.
    public var isEmpty: Bool { cases.isEmpty }

    /// The last day, days since 1970-01-01; `firstDay - 1` when empty.
    public var lastDay: Int { firstDay + count - 1 }

    /// The calendar date of the day at `index`.
    public func date(at index: Int) -> CalendarDate { CalendarDate(daysSinceEpoch: firstDay + index) }

    /// The cumulative values of `metric`, `nil` where not reported.
    public func values(_ metric: HistoryMetric) -> [Int64?] {
        switch metric {
        case .cases: return cases.map { $0 }
        case .deaths: return deaths.map { $0 }
        case .recovered: return recovered
        }
    }

    /// The index of the last day `recovered` was reported, or `nil` when it never was.
    public var lastRecoveredReport: Int? { recovered.lastIndex { $0 != nil } }

    /// The days `range` (days since 1970-01-01) overlaps; empty when none.
    public func days(_ range: ClosedRange<Int>) -> History {
        let start = max(range.lowerBound, firstDay)
        let end = min(range.upperBound, lastDay)
        guard start <= end else { return History(firstDay: start, cases: [], deaths: [], recovered: []) }
        let slice = (start - firstDay)...(end - firstDay)
        return History(
            firstDay: start, cases: Array(cases[slice]), deaths: Array(deaths[slice]),
            recovered: Array(recovered[slice]))
    }
}

/// What a history chart counts: the three series JHU publishes.
public enum HistoryMetric: String, CaseIterable, Sendable {
    case cases
    case deaths
    case recovered
}

extension History {
    /// JHU's published recovered counts as reported: zeros after the last count above zero, every day of
    /// a series that never rose above zero, and negative placeholders become `nil` (B30).
    public static func reportedRecoveries(_ published: [Int64]) -> [Int64?] {
        guard let last = published.lastIndex(where: { $0 > 0 }) else {
            return Array(repeating: nil, count: published.count)
        }
        return published.enumerated().map { index, value in index > last || value < 0 ? nil : value }
    }
}

/// The keys of stored series: an entry's canonical id (`kr`, `diamond-princess`), or the world's.
public enum HistoryKey {
    /// The world's series, the sum of every JHU row; no entry id contains `@`.
    public static let world = "@world"
}
