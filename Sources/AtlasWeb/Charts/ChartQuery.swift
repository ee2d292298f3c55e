import AtlasCore
import HTTPCore
import Routing

/// The view of a history chart, as the URL gives it (docs/design.md, "URLs"): `metric`, `interval`,
/// `scale`, `per` and `time`, each with a default that the canonical URL leaves out.
struct ChartQuery: Sendable, Equatable {
    /// `interval`: daily new figures (bars with a 7-day average) or the cumulative count (a line).
    enum Interval: String, CaseIterable, Sendable { case daily, cumulative }
    /// `scale`: the y axis.
    enum Scale: String, CaseIterable, Sendable { case linear, log }
    /// `per`: the figures as counted, or per million people of the place's population.
    enum Per: String, CaseIterable, Sendable { case total, million }

    /// One end of `time`: a day, or the first or last day of the data (Our World in Data's form).
    enum Bound: Equatable, Sendable {
        case earliest
        case latest
        case day(CalendarDate)

        /// The URL form: `earliest`, `latest`, or `YYYY-MM-DD`.
        var text: String {
            switch self {
            case .earliest: return "earliest"
            case .latest: return "latest"
            case .day(let date): return date.iso
            }
        }

        /// The keywords in any case (`LATEST`), as the other parameters' values.
        init?(_ text: String) {
            switch text.lowercased() {
            case "earliest": self = .earliest
            case "latest": self = .latest
            default:
                guard let date = CalendarDate(iso: text) else { return nil }
                self = .day(date)
            }
        }
    }

    var metric: HistoryMetric = .cases
    var interval: Interval = .daily
    var scale: Scale = .linear
    var per: Per
    var start: Bound = .earliest
    var end: Bound = .latest

    /// The page's default view: per total on a country page, per million on the compare page.
    init(per: Per = .total) {
        self.per = per
    }

    /// The names of the chart's parameters, in the order canonical URLs write them.
    static let parameterNames = ["metric", "interval", "scale", "per", "time"]

    /// Reads the chart's parameters from `target`.
    /// - Parameters:
    ///   - defaults: the page's default view (what an absent parameter means).
    ///   - link: the address of the same page showing another view, for the error page's choices.
    /// - Throws: `HTTPError(400)` naming the parameter with an `ErrorContext` that lists its valid values
    ///   (each a link keeping the rest of the view), for an unknown `metric`, `interval`, `scale` or
    ///   `per`, or a `time` that is not `START..END` with each side `YYYY-MM-DD`, `earliest` or
    ///   `latest` and the start not after the end (`latest..earliest`, or two dates reversed).
    ///   `subject` names what cannot show the value: `The chart`, `The CSV`.
    static func parse(
        _ target: RequestTarget, defaults: ChartQuery, subject: String = "The chart", link: (ChartQuery) -> String
    ) throws -> ChartQuery {
        // Every valid parameter first, so that the links offered for a bad one keep all the others.
        var query = defaults
        var invalid: (name: String, raw: String)?
        func read<Value: RawRepresentable & CaseIterable>(_ name: String, _ set: (inout ChartQuery, Value) -> Void)
        where Value.RawValue == String {
            guard let raw = target.queryValue(name), !raw.isEmpty else { return }
            if let value = Value(rawValue: raw.lowercased()) {
                set(&query, value)
            } else if invalid == nil {
                invalid = (name, raw)
            }
        }
        func choices<Value: RawRepresentable & CaseIterable>(_ set: (inout ChartQuery, Value) -> Void)
            -> [ErrorContext.Choice] where Value.RawValue == String
        {
            Value.allCases.map { choice in
                var other = query
                set(&other, choice)
                return ErrorContext.Choice(value: choice.rawValue, href: link(other))
            }
        }
        read("metric") { (query, value: HistoryMetric) in query.metric = value }
        read("interval") { (query, value: Interval) in query.interval = value }
        read("scale") { (query, value: Scale) in query.scale = value }
        read("per") { (query, value: Per) in query.per = value }
        var badTime: String?
        if let raw = target.queryValue("time"), !raw.isEmpty {
            let sides = raw.components(separatedBy: "..")
            if sides.count == 2, let start = Bound(sides[0]), let end = Bound(sides[1]), !start.isAfter(end) {
                (query.start, query.end) = (start, end)
            } else {
                badTime = raw
            }
        }
        if let invalid {
            let valid: [ErrorContext.Choice]
            switch invalid.name {
            case "metric": valid = choices { (query, value: HistoryMetric) in query.metric = value }
            case "interval": valid = choices { (query, value: Interval) in query.interval = value }
            case "scale": valid = choices { (query, value: Scale) in query.scale = value }
            default: valid = choices { (query, value: Per) in query.per = value }
            }
            throw HTTPError.quoting(
                .badRequest, "\(subject) cannot show \(invalid.name) ", invalid.raw, ".",
                context: ErrorContext(invalidParameter: .init(name: invalid.name, choices: valid)))
        }
        if let badTime {
            var all = query
            (all.start, all.end) = (.earliest, .latest)
            throw HTTPError.quoting(
                .badRequest, "\(subject) cannot show time ", badTime,
                ": give START..END, each side a date (YYYY-MM-DD), earliest or latest, the start not after the end.",
                context: ErrorContext(
                    invalidParameter: .init(
                        name: "time",
                        choices: [
                            .init(value: "earliest..latest", href: link(all)),
                            .init(value: "YYYY-MM-DD..YYYY-MM-DD", href: nil),
                            .init(value: "YYYY-MM-DD..latest", href: nil),
                        ])))
        }
        return query
    }

    /// The parameters that differ from `defaults`, in canonical order, as name–value pairs.
    func pairs(defaults: ChartQuery) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        if metric != defaults.metric { pairs.append(("metric", metric.rawValue)) }
        if interval != defaults.interval { pairs.append(("interval", interval.rawValue)) }
        if scale != defaults.scale { pairs.append(("scale", scale.rawValue)) }
        if per != defaults.per { pairs.append(("per", per.rawValue)) }
        if start != .earliest || end != .latest { pairs.append(("time", start.text + ".." + end.text)) }
        return pairs
    }

    /// The days to show of a series that covers `available` (days since the epoch): `time` clamped to
    /// it (`latest..latest` is the last day, `earliest..earliest` the first); `nil` when the two do not
    /// overlap.
    func days(within available: ClosedRange<Int>) -> ClosedRange<Int>? {
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
    var hasRange: Bool { start != .earliest || end != .latest }
}

extension ChartQuery.Bound {
    /// Whether this bound, as a start, comes after `end` whatever the data's days: `latest..earliest`
    /// (on data of more than one day), or two days reversed. A day and a keyword are compared by the
    /// page, against the data (`days(within:)`).
    fileprivate func isAfter(_ end: ChartQuery.Bound) -> Bool {
        switch (self, end) {
        case (.latest, .earliest): return true
        case (.day(let start), .day(let last)): return last < start
        default: return false
        }
    }
}
