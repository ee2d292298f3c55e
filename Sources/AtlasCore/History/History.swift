/// A place's JHU CSSE time series: cumulative counts for consecutive days from `firstDay`. Corrections
/// that make them fall are kept (docs/field-cases.md B29); `recovered` is `nil` after its last real
/// report, never JHU's placeholder zeros (B30). A sum of JHU rows (`HistoryMapping`) also names its rows.
public struct History: Sendable, Equatable {
    /// One JHU row a series sums, and the last day it reported recoveries.
    public struct Row: Sendable, Equatable {
        /// JHU's `Country/Region` as disease.sh names it (`Australia`, `UK`).
        public var country: String
        /// JHU's `Province/State` in lower case (`new south wales`); `nil` for a country's own row.
        public var province: String?
        /// The last day the row reported recoveries, days since 1970-01-01; `nil` when it never did.
        public var lastRecoveredDay: Int?

        /// A row from its parts.
        public init(country: String, province: String?, lastRecoveredDay: Int?) {
            self.country = country
            self.province = province
            self.lastRecoveredDay = lastRecoveredDay
        }
    }

    /// The first day, days since 1970-01-01.
    public var firstDay: Int
    /// Cumulative confirmed cases, one per day.
    public var cases: [Int64]
    /// Cumulative deaths, one per day.
    public var deaths: [Int64]
    /// Cumulative recoveries, one per day; `nil` where not reported. A sum of rows adds the rows that
    /// still report on each day: it falls where a row stops, and is `nil` only where none reports.
    public var recovered: [Int64?]
    /// The JHU rows summed, in JHU's order; empty when not known (a series stored before they were kept).
    public var rows: [Row]

    /// A series from its parts; the arrays must have the same length.
    public init(firstDay: Int, cases: [Int64], deaths: [Int64], recovered: [Int64?], rows: [Row] = []) {
        precondition(cases.count == deaths.count && deaths.count == recovered.count, "series of unequal length")
        self.firstDay = firstDay
        self.cases = cases
        self.deaths = deaths
        self.recovered = recovered
        self.rows = rows
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

    /// The rows that stopped reporting recoveries before the series' last report, earliest first (rows
    /// in JHU's order on the same day): the days the summed line falls by a row. Empty for one row.
    public var rowsStoppedEarly: [Row] {
        guard let last = lastRecoveredReport.map({ firstDay + $0 }) else { return [] }
        return rows.enumerated().filter { ($0.element.lastRecoveredDay ?? last) < last }
            .sorted { ($0.element.lastRecoveredDay!, $0.offset) < ($1.element.lastRecoveredDay!, $1.offset) }
            .map(\.element)
    }

    /// The days `range` (days since 1970-01-01) overlaps; empty when none.
    public func days(_ range: ClosedRange<Int>) -> History {
        let start = max(range.lowerBound, firstDay)
        let end = min(range.upperBound, lastDay)
        guard start <= end else { return History(firstDay: start, cases: [], deaths: [], recovered: [], rows: rows) }
        let slice = (start - firstDay)...(end - firstDay)
        return History(
            firstDay: start, cases: Array(cases[slice]), deaths: Array(deaths[slice]),
            recovered: Array(recovered[slice]), rows: rows)
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

extension History.Row {
    /// The row's province as a sentence writes it, with capitals (`New South Wales`, `Saint Helena,
    /// Ascension and Tristan da Cunha`; JHU's ids are lower case); `nil` for a country's own row. Pages
    /// name JHU's province `unknown` in their own words instead (`isUnknownProvince`).
    public var provinceName: String? {
        guard let province else { return nil }
        let lowerWords: Set<Substring> = ["and", "of", "the", "da", "de"]
        let words = province.split(separator: " ", omittingEmptySubsequences: false).enumerated().map {
            index, word in
            index > 0 && lowerWords.contains(word) ? String(word) : word.prefix(1).uppercased() + word.dropFirst()
        }
        return words.joined(separator: " ")
    }

    /// Whether this is the row JHU names `unknown` inside its country (China's, for one).
    public var isUnknownProvince: Bool { province == "unknown" }
}
