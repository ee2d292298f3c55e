/// A place's time series as JHU CSSE publishes it (through disease.sh `/v3/covid-19/historical`):
/// cumulative counts for consecutive days from `firstDay`.
///
/// Cumulative counts are not always non-decreasing: corrections make them fall (docs/field-cases.md
/// B29), and the series keeps those falls as published. `recovered` is `nil` for the days after its
/// last real report (JHU stopped reporting recoveries, docs/field-cases.md B30), so no consumer ever
/// sees the zeros JHU publishes for them.
public struct History: Sendable, Equatable {
    /// The first day, as days since 1970-01-01 (`CalendarDate.daysSinceEpoch`).
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

    /// The last day (days since the epoch); `firstDay - 1` for an empty series.
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

    /// The series restricted to the days `range` (days since the epoch) overlaps; empty when none.
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
    /// A series as JHU publishes recovered counts: every day reported, zeros included, turned into
    /// what was really reported: the zeros after the last day with a count above zero are `nil`
    /// (JHU stopped reporting, docs/field-cases.md B30), a series that never rose above zero is
    /// `nil` throughout, and a negative count (JHU's -1 placeholder) is `nil`.
    public static func reportedRecoveries(_ published: [Int64]) -> [Int64?] {
        guard let last = published.lastIndex(where: { $0 > 0 }) else {
            return Array(repeating: nil, count: published.count)
        }
        return published.enumerated().map { index, value in index > last || value < 0 ? nil : value }
    }
}

/// The keys of stored series: an entry's canonical id (`kr`, `diamond-princess`), or the world's.
public enum HistoryKey {
    /// The world's series: the sum of every JHU row. No entry id contains `@`.
    public static let world = "@world"
}
