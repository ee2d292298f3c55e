import AtlasCharts
import AtlasCore
import HTTPCore
import Mustache
import Routing

/// The Vaccination section's chart and its links. `metric` takes the vaccination values beside the
/// history's (`vaccinated`, `doses`, `boosters`); `interval`, `scale`, `per` and `time` keep their
/// meaning and are shared with the History section. A history metric leaves this chart at its default
/// (`vaccinated`), a vaccination metric leaves the history at its own.
struct VaccinationChartSection {
    /// The page's chart parameters, `metric` split between the two charts.
    struct Query: Equatable {
        /// The History section's view (its metric the default when `metric` is a vaccination one).
        var history: ChartQuery
        /// The vaccination metric asked for, `nil` when `metric` is absent or a history one.
        var metric: VaccinationMetric?

        /// The vaccination chart's metric.
        var shown: VaccinationMetric { metric ?? .vaccinated }

        /// The query's parameters for a vaccination view: `metric` first (it comes first in
        /// `ChartQuery.parameterNames`), then the history's that differ from `defaults`, without the
        /// history's own `metric`, which a vaccination metric stands in for.
        func vaccinationPairs(_ metric: VaccinationMetric, defaults: ChartQuery) -> [(name: String, value: String)] {
            [("metric", metric.rawValue)] + history.pairs(defaults: defaults).filter { $0.name != "metric" }
        }

        /// The page's view with the history's view `other`: the vaccination metric stays while the
        /// history's metric does (both charts share `interval`, `scale`, `per` and `time`; a history
        /// metric takes `metric` from the vaccination chart, which returns to its default).
        func showingHistory(_ other: ChartQuery) -> Query {
            Query(history: other, metric: other.metric == history.metric ? metric : nil)
        }

        /// What the History section's date form keeps in hidden fields besides the history's own view: the
        /// vaccination metric, so sending it changes the days of both charts and nothing else.
        var keptByHistoryForm: [(name: String, value: String)] {
            metric.map { [(name: "metric", value: $0.rawValue)] } ?? []
        }

        /// The parameters of this view that differ from `defaults`, as its address writes them.
        func pairs(defaults: ChartQuery) -> [(name: String, value: String)] {
            metric.map { vaccinationPairs($0, defaults: defaults) } ?? history.pairs(defaults: defaults)
        }
    }

    /// Reads the chart parameters of `target`.
    /// - Parameters:
    ///   - path: the page's address, for the error page's links.
    /// - Throws: `HTTPError(400)` as `ChartQuery.parse`; for an unknown `metric` it lists the history's
    ///   and the vaccination's values.
    /// - Parameter keeping: what the page's own links add to an address (the front page's `map`), so a
    ///   `400`'s choices keep it.
    static func parse(
        _ target: RequestTarget, path: String, keeping: @escaping (String) -> String = { $0 }
    ) throws -> Query {
        try parse(target, defaults: ChartQuery()) { keeping(link(path, $0)) }
    }

    /// Reads the chart parameters of `target` for a page whose default view is `defaults`.
    /// - Parameters:
    ///   - subject: what cannot show a bad value, named by the error (`ChartQuery.Subject`).
    ///   - link: the page's address showing another view, for the error page's choices.
    /// - Throws: `HTTPError(400)` as `ChartQuery.parse`; for an unknown `metric` it lists the history's
    ///   and the vaccination's values.
    static func parse(
        _ target: RequestTarget, defaults: ChartQuery, subject: ChartQuery.Subject = .chart,
        link: @escaping (Query) -> String
    ) throws -> Query {
        let raw = target.queryValue("metric")
        let vaccination = raw.flatMap { VaccinationMetric(rawValue: $0.lowercased()) }
        let isHistory = raw.map { $0.isEmpty || HistoryMetric(rawValue: $0.lowercased()) != nil } ?? true
        // A bad `interval`, `scale`, `per` or `time`: its choices keep the vaccination metric sent.
        let history = try ChartQuery.parse(target, defaults: defaults, subject: subject, readsMetric: isHistory) {
            link(Query(history: $0, metric: vaccination))
        }
        if let raw, vaccination == nil, !isHistory {
            var choices = HistoryMetric.allCases.map { metric in
                var other = history
                other.metric = metric
                return ErrorContext.Choice(value: metric.rawValue, href: link(Query(history: other, metric: nil)))
            }
            choices += VaccinationMetric.allCases.map { metric in
                ErrorContext.Choice(value: metric.rawValue, href: link(Query(history: history, metric: metric)))
            }
            throw HTTPError.catalogued(
                .badRequest, "error.\(subject.rawValue).badValue", ["parameter": "metric"], quoting: raw,
                context: ErrorContext(invalidParameter: .init(name: "metric", choices: choices)))
        }
        return Query(history: history, metric: vaccination)
    }

    /// The canonical address of `path` showing `query`: the vaccination metric first, as `metric` comes
    /// first in `ChartQuery.parameterNames`.
    static func link(_ path: String, _ query: Query) -> String {
        let pairs = query.pairs(defaults: ChartQuery())
        return pairs.isEmpty ? path : path + "?" + FormURLEncoding.encode(pairs)
    }

    let series: VaccinationSeries?
    let place: String
    let query: Query
    /// The page's words.
    let words: PageWords
    /// The page's address showing another view (the front page's keeps its `map`).
    let link: (Query) -> String
    /// The page's path, the target of the date form.
    let path: String
    /// The page's own parameters the date form keeps in hidden fields (the front page's `map`).
    var keeping: [(name: String, value: String)] = []

    /// The section of a page whose address is `path` and its chart parameters, nothing else.
    init(series: VaccinationSeries?, place: String, query: Query, path: String, words: PageWords) {
        self.init(series: series, place: place, query: query, path: path, words: words) { Self.link(path, $0) }
    }

    /// The section of the page at `path` whose links `link` writes, its form keeping `keeping`.
    init(
        series: VaccinationSeries?, place: String, query: Query, path: String,
        keeping: [(name: String, value: String)] = [], words: PageWords, link: @escaping (Query) -> String
    ) {
        self.words = words
        self.series = series
        self.place = place
        self.query = query
        self.path = path
        self.keeping = keeping
        self.link = link
    }

    /// The chart and its links for the template (`vaccinationChart`); `.null` for a place Our World in
    /// Data has no row for, whose every link would lead to the same empty section.
    var templateValue: TemplateValue {
        guard series != nil else { return .null }
        let metric = query.shown
        func option(_ label: String, _ change: (inout Query) -> Void, current: Bool) -> TemplateValue {
            var other = query
            change(&other)
            return ["label": .string(label), "href": .string(link(other)), "current": .bool(current)]
        }
        var groups: [TemplateValue] = [
            [
                "name": .string(words("chart.control.show")), "id": "show",
                "options": .array(
                    VaccinationMetric.allCases.map { choice in
                        option(
                            words("vaccination.metric." + choice.rawValue), { $0.metric = choice },
                            current: choice == metric)
                    }),
            ]
        ]
        if metric == .doses {
            groups.append([
                "name": .string(words("chart.control.as")), "id": "interval",
                "options": [
                    option(
                        words("chart.option.daily"), { $0.history.interval = .daily },
                        current: query.history.interval == .daily),
                    option(
                        words("chart.option.cumulative"), { $0.history.interval = .cumulative },
                        current: query.history.interval == .cumulative),
                ],
            ])
        }
        if metric != .vaccinated {
            groups.append([
                "name": .string(words("chart.control.count")), "id": "per",
                "options": [
                    option(
                        words("chart.option.total"), { $0.history.per = .total }, current: query.history.per == .total
                    ),
                    option(
                        words("chart.option.perMillion"), { $0.history.per = .million },
                        current: query.history.per == .million),
                ],
            ])
        }
        groups.append([
            "name": .string(words("chart.control.scale")), "id": "scale",
            "options": [
                option(
                    words("chart.option.linear"), { $0.history.scale = .linear },
                    current: query.history.scale == .linear),
                option(words("chart.option.log"), { $0.history.scale = .log }, current: query.history.scale == .log),
            ],
        ])
        // The days the view's figures were reported: none at all (Japan's boosters) leaves only the
        // Show links, since every other link would lead to the same empty section.
        let reported = series.map { series in
            metric.lines(interval: query.history.interval, per: query.history.per).flatMap {
                $0.reports(in: series).map(\.day)
            }
        }
        if reported?.isEmpty == true {
            let figures = words("vaccination.figures." + metric.rawValue)
            let message = series?.span.map {
                words(
                    "vaccination.noFiguresOtherSpan",
                    [
                        "figures": figures, "place": place,
                        "first": words.chart.date(CalendarDate(daysSinceEpoch: $0.lowerBound)),
                        "last": words.chart.date(CalendarDate(daysSinceEpoch: $0.upperBound)),
                    ])
            }
            return [
                "groups": .array(Array(groups.prefix(1))),
                "message": .string(message ?? words("vaccination.noFigures", ["figures": figures, "place": place])),
            ]
        }
        var value: [String: TemplateValue] = ["groups": .array(groups)]
        if let days = series?.span {
            // The days OWID reported, as the History section's are JHU's; `time` is the two charts' own.
            value["days"] = [
                "presets": .array(
                    HistorySection.presets(days: days, query: query.history, words: words) {
                        link(Query(history: $0, metric: query.metric))
                    })
            ]
            var form = query.history
            if query.metric != nil { form.metric = ChartQuery().metric }
            value["form"] = HistorySection.form(
                days: days, query: form, defaults: ChartQuery(), path: path,
                keeping: keeping + (query.metric.map { [("metric", $0.rawValue)] } ?? []) + [RangeForm.vaccinationForm])
        }
        let chart = series.flatMap {
            VaccinationChart($0, place: place, metric: metric, query: query.history, words: words.chart)
        }
        if let chart {
            value["chart"] = chart.templateValue
        } else if let days = reported, let first = days.min(), let last = days.max() {
            value["message"] = .string(
                words(
                    "vaccination.noDaysInRange",
                    [
                        "figures": words("vaccination.figures." + metric.rawValue), "place": place,
                        "first": words.chart.date(CalendarDate(daysSinceEpoch: first)),
                        "last": words.chart.date(CalendarDate(daysSinceEpoch: last)),
                        "time": "\(query.history.start.text)..\(query.history.end.text)",
                    ]))
        }
        if chart != nil && metric == .boosters && query.history.interval == .daily {
            value["note"] = .string(words("vaccination.noDailyBoosters"))
        }
        return .object(value)
    }
}

extension VaccinationChart {
    /// The values the template writes out, coordinates as SVG numbers.
    var templateValue: TemplateValue {
        func tick(_ tick: ChartModel.Tick) -> TemplateValue {
            [
                "position": .string(ChartGeometry.coordinate(tick.position)), "label": .string(tick.label),
                "major": .bool(tick.isMajor), "anchor": .string(tick.anchor),
            ]
        }
        let coordinate = ChartGeometry.coordinate
        return [
            "width": .string(coordinate(ChartGeometry.width)),
            "height": .string(coordinate(ChartGeometry.height)),
            "plotLeft": .string(coordinate(plot.left)),
            "plotRight": .string(coordinate(plot.right)),
            "plotBottom": .string(coordinate(plot.bottom)),
            "tickBottom": .string(coordinate(plot.bottom + ChartGeometry.tickLength)),
            "xLabelY": .string(coordinate(plot.bottom + ChartGeometry.xLabelGap)),
            "yLabelX": .string(coordinate(plot.left - 6)),
            "title": .string(title),
            "description": .string(description),
            "yTicks": .array(yTicks.map(tick)),
            "xTicks": .array(xTicks.map(tick)),
            "narrowXTicks": .array(narrowXTicks.map(tick)),
            "lines": .array(
                lines.map { line in
                    [
                        "label": .string(line.name), "colour": .string(String(line.colour)),
                        "path": .string(line.path), "endX": .string(coordinate(line.endX)),
                        "endY": .string(coordinate(line.endY)), "labelX": .string(coordinate(line.endX + 10)),
                        "labelY": .string(coordinate(line.labelY)), "leaderX": .string(coordinate(line.endX + 8)),
                        "leaderY": .string(coordinate(line.labelY - LabelWidth.narrowFontSize * 0.35)),
                    ]
                }),
        ]
    }
}
