import AtlasCore

/// The compare page's chart: one line per country on shared axes (as a history chart's), each named at
/// its end, the names nudged apart (`EndLabels`). Pure: the same input gives the same bytes.
public struct ComparisonChart: Equatable, Sendable {
    /// One country's line.
    public struct Line: Equatable, Sendable {
        public let id: String
        public let name: String
        /// The name as drawn, shortened to `maximumLabelLength` characters.
        public let label: String
        /// Its colour, 0 to `colours - 1`, in the order given.
        public let colour: Int
        public let path: String
        /// The line's last point.
        public let endX: Double
        public let endY: Double
        /// The label's baseline at the largest font (phones), nudged from `endY` when labels would overlap.
        public let labelY: Double
        /// The same at the desktop's font: labels closer to their lines, with less room needed apart.
        public let wideLabelY: Double
        /// The last value, as the axis writes values.
        public let value: String
    }

    /// The most lines, each its own colour (`.chart-series-N`, atlas.css): the most countries compared.
    public static let colours = 8
    /// Longer names are shortened with `…` on the chart (the table has them in full).
    public static let maximumLabelLength = 14

    public let title: String
    public let description: String
    public let plot: ChartGeometry.Box
    public let yTicks: [ChartModel.Tick]
    public let xTicks: [ChartModel.Tick]
    public let narrowXTicks: [ChartModel.Tick]
    public let lines: [Line]
    public let zeroLine: Double?
    /// Stretches of a line beyond the axis, drawn along its edge: the week after a correction far beyond
    /// the country's other days (`OutlierDays`), each labelled with its most extreme value and date.
    public let beyondAxis: [ChartModel.Marker]

    /// The chart of each country's `series`, in order, viewed as `query`; `nil` when no line has a point.
    /// - Parameter words: the language of its title, description, ticks and labels.
    public init?(_ series: [(id: String, name: String, series: ChartSeries)], query: ChartQuery, words: ChartWords) {
        let drawable = series.filter { $0.series.latestIndex != nil }
        guard let first = drawable.map(\.series.firstDay).min(),
            let last = drawable.map({ $0.series.firstDay + $0.series.values.count - 1 }).max()
        else { return nil }
        // A correction far beyond a country's other days (France's −349,116 on 20 May 2021) pulls its
        // 7-day average down for a week: the axis fits the other days, and that week runs along the edge.
        let pulled = series.map { ComparisonChart.daysPulledByOutliers($0.series, query: query) }
        let values = zip(series, pulled).flatMap { country, days in
            country.series.line.indices.filter { !days.contains($0) }.compactMap { country.series.line[$0] }
        }
        let format = words.axisFigure
        self.init(
            days: first...last,
            lines: series.map { (id: $0.id, name: $0.name, firstDay: $0.series.firstDay, line: $0.series.line) },
            pulled: pulled,
            axisValues: values.isEmpty ? drawable.flatMap { $0.series.line.compactMap { $0 } } : values,
            log: query.scale == .log, format: format, valueWords: { value, _ in format(value) },
            title: ComparisonChart.title(query: query, names: series.map(\.name), words: words), words: words
        ) { lines, missing, first, last in
            var text = words(
                "compare.chart.description",
                [
                    "first": words.date(first), "last": words.date(last),
                    "latest": lines.map { "\($0.name) \($0.value)" }.joined(separator: ", "),
                ])
            if !missing.isEmpty { text += " " + words("compare.chart.noLine", ["names": words.list(missing)]) }
            return text
        }
    }

    /// The chart of each place's Our World in Data figure for `metric` (`comparedLine`), one line per
    /// place through the days it reported, joined straight between reports and never carried past the
    /// last (docs/field-cases.md B41, B42); shares on a 0–100 % axis. `nil` when no place reported the
    /// figure in the days `query.time` asks for.
    public init?(
        vaccinations: [(id: String, name: String, series: VaccinationSeries?)], metric: VaccinationMetric,
        query: ChartQuery, words: ChartWords
    ) {
        let spec = metric.comparedLine(interval: query.interval, per: query.per)
        let reports = vaccinations.map { place in
            place.series.map(spec.reports(in:)) ?? []
        }
        let isShare = metric == .vaccinated
        guard let (days, lines, values) = VaccinationChart.joinedLines(reports, query: query, isShare: isShare)
        else { return nil }
        self.init(
            days: days,
            lines: zip(vaccinations, lines).map { (id: $0.id, name: $0.name, firstDay: days.lowerBound, line: $1) },
            pulled: vaccinations.map { _ in [] }, axisValues: values, log: query.scale == .log,
            format: { words.axisFigure($0) + (isShare ? words("vaccination.percentSuffix") : "") },
            valueWords: { value, day in
                words(
                    "chart.beyondAxis.day",
                    [
                        "figure": VaccinationChart.words(
                            value, share: isShare, percentSuffix: words("vaccination.percentSuffix")),
                        "day": words.date(day),
                    ])
            },
            // Named in the title: the places OWID has rows for (the others are named in the page's notes).
            title: ComparisonChart.title(
                metric: metric, query: query, names: vaccinations.filter { $0.series != nil }.map(\.name),
                words: words),
            words: words
        ) { lines, missing, first, last in
            var text = words(
                "compare.chart.descriptionVaccination",
                [
                    "first": words.date(first), "last": words.date(last),
                    "latest": lines.map { "\($0.name) \($0.value)" }.joined(separator: ", "),
                ])
            // A place OWID has no row for is named in the page's notes already, not as "not reported".
            let unreported = missing.filter { name in vaccinations.contains { $0.name == name && $0.series != nil } }
            if !unreported.isEmpty {
                text += " " + words("vaccination.chart.notReported", ["lines": words.list(unreported)])
            }
            return text
        }
    }

    /// The chart of `lines` (each from its `firstDay`) over `days`, the axis fitting `axisValues`; the days
    /// `pulled` of each line run along the axis' edge; `nil` when no line has a point on the axis.
    private init?(
        days: ClosedRange<Int>, lines series: [(id: String, name: String, firstDay: Int, line: [Double?])],
        pulled: [Set<Int>], axisValues: [Double], log: Bool, format: (Double) -> String,
        valueWords: (Double, CalendarDate) -> String, title: String, words: ChartWords,
        describe: ([Line], [String], CalendarDate, CalendarDate) -> String
    ) {
        guard let axis = ValueAxis.fitting(axisValues, log: log) else { return nil }
        let labels = series.map { ComparisonChart.shortened($0.name) }
        let widest = labels.map { LabelWidth.of($0, fontSize: LabelWidth.narrowFontSize, bold: true) }.max() ?? 0
        let box = ChartGeometry.plotWithNames(yLabels: axis.ticks.map(format), widestName: widest)
        let geometry = ChartGeometry(days: days, axis: axis, plot: box)
        plot = box
        yTicks = axis.ticks.compactMap { value in
            geometry.y(of: value).map { ChartModel.Tick(position: $0, label: format(value), isMajor: value == 0) }
        }
        xTicks = ChartModel.timeTicks(geometry, fontSize: LabelWidth.wideFontSize, labels: words.tickLabels)
        narrowXTicks = ChartModel.timeTicks(geometry, fontSize: LabelWidth.narrowFontSize, labels: words.tickLabels)
        if case .linear(let ticks) = axis, ticks.lower < 0 { zeroLine = geometry.y(of: 0) } else { zeroLine = nil }

        var drawn: [(index: Int, x: Double, y: Double, value: Double, day: Int, path: String)] = []
        var beyond: [ChartModel.Marker] = []
        for (index, country) in series.enumerated() {
            var line = country.line
            // The pulled days beyond the axis run along its edge; the most extreme is named there.
            let outside = pulled[index].filter { day in line[day].map { axis.clamped($0) != $0 } ?? false }
            if let extreme = outside.max(by: { abs(line[$0]!) < abs(line[$1]!) }), let value = line[extreme] {
                for day in outside { line[day] = line[day].map(axis.clamped) }
                if let y = geometry.y(of: axis.clamped(value)) {
                    beyond.append(
                        ChartModel.edgeMarker(
                            x: geometry.x(ofDay: country.firstDay + extreme), y: y,
                            label: country.name + " "
                                + words.beyondAxisLabel(
                                    value, firstDay: CalendarDate(daysSinceEpoch: country.firstDay + extreme), days: 1),
                            plot: box))
                }
            }
            guard let end = line.lastIndex(where: { value in value.flatMap { geometry.y(of: $0) } != nil }),
                let value = line[end], let y = geometry.y(of: value)
            else { continue }
            let path = ChartModel.linePath(line, firstDay: country.firstDay, geometry: geometry)
            drawn.append((index, geometry.x(ofDay: country.firstDay + end), y, value, country.firstDay + end, path))
        }
        // Baselines 0.35 em below the labels' centres at the lines' ends; the gap a line box (about 1.16 em
        // in DejaVu Sans) and a little air, once for each font the page draws them at, so a desktop's
        // smaller labels stay close to their lines.
        func baselines(_ font: Double) -> [Double] {
            EndLabels.place(
                drawn.map(\.y), gap: font * 1.2, top: font * 0.5, bottom: ChartGeometry.height - font * 0.5
            ).map { $0 + font * 0.35 }
        }
        let narrow = baselines(LabelWidth.narrowFontSize)
        let wide = baselines(LabelWidth.wideFontSize)
        let placed = drawn.indices.map { position in
            let line = drawn[position]
            return Line(
                id: series[line.index].id, name: series[line.index].name, label: labels[line.index],
                colour: line.index % ComparisonChart.colours, path: line.path, endX: line.x, endY: line.y,
                labelY: narrow[position], wideLabelY: wide[position],
                value: valueWords(line.value, CalendarDate(daysSinceEpoch: line.day)))
        }
        lines = placed
        beyondAxis = beyond
        self.title = title
        description =
            describe(
                placed, series.map(\.name).filter { name in !placed.contains { $0.name == name } },
                CalendarDate(daysSinceEpoch: days.lowerBound), CalendarDate(daysSinceEpoch: days.upperBound))
            + (beyond.isEmpty ? "" : " " + words.beyondAxis(beyond.map(\.label)))
    }

    /// The indices of `series.line` a correction far beyond the other days pulls (the outlier's day and
    /// the six after it, which average it in); empty on a log scale and for cumulative counts.
    public static func daysPulledByOutliers(_ series: ChartSeries, query: ChartQuery) -> Set<Int> {
        guard query.interval == .daily, query.scale == .linear, let outliers = OutlierDays(series.values) else {
            return []
        }
        return Set(outliers.indices.flatMap { $0..<min(series.line.count, $0 + 7) })
    }

    /// `name` as a line's label: at most `maximumLabelLength` characters, the last an ellipsis.
    public static func shortened(_ name: String) -> String {
        name.count <= maximumLabelLength ? name : String(name.prefix(maximumLabelLength - 1)) + "…"
    }

    /// E.g. "Daily new cases per million people (7-day average): S. Korea, Japan and USA".
    public static func title(query: ChartQuery, names: [String], words: ChartWords) -> String {
        let interval = query.interval == .daily ? "daily" : "total"
        let title = words(
            "compare.chart.title." + interval + (query.per == .million ? "PerMillion" : ""),
            ["noun": words.noun(query.metric), "names": words.list(names)])
        return query.scale == .log ? words("vaccination.chart.title.logScale", ["title": title]) : title
    }

    /// E.g. "Share of people fully vaccinated (% of the population): S. Korea and Japan".
    public static func title(
        metric: VaccinationMetric, query: ChartQuery, names: [String], words: ChartWords
    ) -> String {
        let per = query.per == .million ? "PerMillion" : ""
        let key: String
        switch metric {
        case .vaccinated: key = "compare.chart.title.vaccinated"
        case .doses where query.interval == .daily: key = "compare.chart.title.dosesADay" + per
        case .doses: key = "compare.chart.title.dosesGiven" + per
        case .boosters: key = "compare.chart.title.boostersGiven" + per
        }
        let title = words(key, ["names": words.list(names)])
        return query.scale == .log ? words("vaccination.chart.title.logScale", ["title": title]) : title
    }

    /// `a`, `a and b`, `a, b and c`.
    public static func listed(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}

/// Where the names at the lines' ends go: each as near its line's end as it can, at least `gap` apart,
/// between `top` and `bottom` (as OWID's line labels and d3's "dodge" layouts). Pure.
public enum EndLabels: Sendable {
    /// The labels' centres for lines ending at `wanted` (y, downwards), in the same order. Overlapping
    /// labels form groups, each a column at `gap` centred on its wanted places and moved inside the bounds,
    /// merged until none overlaps; with more labels than fit, they share the height evenly.
    public static func place(_ wanted: [Double], gap: Double, top: Double, bottom: Double) -> [Double] {
        guard !wanted.isEmpty else { return [] }
        let order = wanted.indices.sorted { (wanted[$0], $0) < (wanted[$1], $1) }
        let spacing = wanted.count > 1 ? min(gap, (bottom - top) / Double(wanted.count - 1)) : gap
        // Each group: its first label's rank, its size, the sum of its wanted places.
        var groups: [(first: Int, count: Int, sum: Double)] = order.enumerated().map {
            ($0.offset, 1, wanted[$0.element])
        }
        func start(_ group: (first: Int, count: Int, sum: Double)) -> Double {
            let height = Double(group.count - 1) * spacing
            let centred = group.sum / Double(group.count) - height / 2
            return min(max(centred, top), bottom - height)
        }
        var merged = true
        while merged {
            merged = false
            var index = 0
            while index + 1 < groups.count {
                let (upper, lower) = (groups[index], groups[index + 1])
                if start(upper) + Double(upper.count - 1) * spacing + spacing > start(lower) + 1e-9 {
                    groups[index] = (upper.first, upper.count + lower.count, upper.sum + lower.sum)
                    groups.remove(at: index + 1)
                    merged = true
                } else {
                    index += 1
                }
            }
        }
        var result = wanted
        for group in groups {
            let first = start(group)
            for offset in 0..<group.count { result[order[group.first + offset]] = first + Double(offset) * spacing }
        }
        return result
    }
}
