import AtlasCharts
import AtlasCore
import HTTPCore
import Routing

extension ChartQuery {
    /// What would show a chart's parameters, named by the error for a value it cannot show: the chart
    /// on a page or a CSV download. Its raw value starts the error's catalog keys (`error.csv.badTime`).
    enum Subject: String, Sendable {
        case chart, csv
    }

    /// Reads the chart's parameters from `target`.
    /// - Parameters:
    ///   - defaults: the page's default view (what an absent parameter means).
    ///   - link: the address of the same page showing another view, for the error page's choices.
    /// - Throws: `HTTPError(400)` naming the parameter, with an `ErrorContext` listing its values (links
    ///   keeping the rest of the view), for an unknown `metric`, `interval`, `scale` or `per`, or a `time`
    ///   not `START..END` of `YYYY-MM-DD`, `earliest` or `latest` in order; its message is catalogued
    ///   (`error.chart.badValue`, `error.chart.badTime`, or `error.csv.…` for a `subject` of `.csv`).
    /// - Parameter readsMetric: `false` leaves `metric` at the default, unread: the caller has read it as
    ///   another chart's (`VaccinationChartSection`).
    static func parse(
        _ target: RequestTarget, defaults: ChartQuery, subject: Subject = .chart, readsMetric: Bool = true,
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
            throw HTTPError.catalogued(
                .badRequest, "error.\(subject.rawValue).badValue", ["parameter": invalid.name], quoting: invalid.raw,
                context: ErrorContext(invalidParameter: .init(name: invalid.name, choices: valid)))
        }
        if let badTime {
            var all = query
            (all.start, all.end) = (.earliest, .latest)
            throw HTTPError.catalogued(
                .badRequest, "error.\(subject.rawValue).badTime", quoting: badTime,
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
