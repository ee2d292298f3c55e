import AtlasCore

/// A history chart's view from the URL (docs/design.md, "URLs"): `metric`, `interval`, `scale`, `per`
/// and `time`, each default left out of the canonical URL.
public struct ChartQuery: Sendable, Equatable {
    /// `interval`: daily new figures (bars with a 7-day average) or the cumulative count (a line).
    public enum Interval: String, CaseIterable, Sendable { case daily, cumulative }
    /// `scale`: the y axis.
    public enum Scale: String, CaseIterable, Sendable { case linear, log }
    /// `per`: the figures as counted, or per million people of the place's population.
    public enum Per: String, CaseIterable, Sendable { case total, million }

    /// One end of `time`: a day, or the data's first or last day (Our World in Data's form).
    public enum Bound: Equatable, Sendable {
        case earliest
        case latest
        case day(CalendarDate)

        /// The URL form: `earliest`, `latest`, or `YYYY-MM-DD`.
        public var text: String {
            switch self {
            case .earliest: return "earliest"
            case .latest: return "latest"
            case .day(let date): return date.iso
            }
        }

        /// Keywords in any case (`LATEST`), or `YYYY-MM-DD`.
        public init?(_ text: String) {
            switch text.lowercased() {
            case "earliest": self = .earliest
            case "latest": self = .latest
            default:
                guard let date = CalendarDate(iso: text) else { return nil }
                self = .day(date)
            }
        }
    }

    public var metric: HistoryMetric = .cases
    public var interval: Interval = .daily
    public var scale: Scale = .linear
    public var per: Per
    public var start: Bound = .earliest
    public var end: Bound = .latest

    /// The page's default view: per total on a country page, per million on the compare page.
    public init(per: Per = .total) {
        self.per = per
    }

    /// The chart's parameter names, in canonical URL order.
    public static let parameterNames = ["metric", "interval", "scale", "per", "time"]

    /// The parameters that differ from `defaults`, in canonical order, as name–value pairs.
    public func pairs(defaults: ChartQuery) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        if metric != defaults.metric { pairs.append(("metric", metric.rawValue)) }
        if interval != defaults.interval { pairs.append(("interval", interval.rawValue)) }
        if scale != defaults.scale { pairs.append(("scale", scale.rawValue)) }
        if per != defaults.per { pairs.append(("per", per.rawValue)) }
        if start != .earliest || end != .latest { pairs.append(("time", start.text + ".." + end.text)) }
        return pairs
    }

    /// The days to show of a series covering `available` (days since 1970-01-01): `time` clamped to it
    /// (`latest..latest` is the last day); `nil` when they do not overlap.
    public func days(within available: ClosedRange<Int>) -> ClosedRange<Int>? {
        func day(_ bound: Bound) -> Int {
            switch bound {
            case .earliest: return available.lowerBound
            case .latest: return available.upperBound
            case .day(let date): return date.daysSinceEpoch
            }
        }
        let first = max(available.lowerBound, day(start))
        let last = min(available.upperBound, day(end))
        return first <= last ? first...last : nil
    }

    /// Whether `time` names days, rather than all of them (`earliest..latest`).
    public var hasRange: Bool { start != .earliest || end != .latest }
}

extension ChartQuery.Bound {
    /// Whether this start comes after `end` whatever the data: `latest..earliest` or two days reversed. A
    /// day and a keyword are compared against the data (`days(within:)`).
    public func isAfter(_ end: ChartQuery.Bound) -> Bool {
        switch (self, end) {
        case (.latest, .earliest): return true
        case (.day(let start), .day(let last)): return last < start
        default: return false
        }
    }
}
