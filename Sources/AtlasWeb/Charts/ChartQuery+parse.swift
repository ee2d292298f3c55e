import AtlasCharts
import AtlasCore
import HTTPCore
import Routing

extension ChartQuery {
    /// Reads the chart's parameters from `target`.
    /// - Parameters:
    ///   - defaults: the page's default view (what an absent parameter means).
    ///   - link: the address of the same page showing another view, for the error page's choices.
    /// - Throws: `HTTPError(400)` naming the parameter, with an `ErrorContext` listing its values (links
    ///   keeping the rest of the view), for an unknown `metric`, `interval`, `scale` or `per`, or a `time`
    ///   not `START..END` of `YYYY-MM-DD`, `earliest` or `latest` in order; `subject` names what cannot
    ///   show the value (`The chart`, `The CSV`).
    /// - Parameter readsMetric: `false` leaves `metric` at the default, unread: the caller has read it as
    ///   another chart's (`VaccinationChartSection`).
    static func parse(
        _ target: RequestTarget, defaults: ChartQuery, subject: String = "The chart", readsMetric: Bool = true,
        link: (ChartQuery) -> String
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
        if readsMetric { read("metric") { (query, value: HistoryMetric) in query.metric = value } }
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
}
