import AtlasCore
import Formats

/// What a vaccination chart shows, the values `metric` takes beside the history's (docs/pages.md).
public enum VaccinationMetric: String, CaseIterable, Sendable {
    /// The shares of people with at least one dose and fully vaccinated: two lines on a 0–100 % axis.
    case vaccinated
    /// Doses: daily (OWID's 7-day smoothed `daily_vaccinations`) or cumulative (`total_vaccinations`).
    case doses
    /// Booster doses, cumulative (`total_boosters`); OWID publishes no daily booster figure.
    case boosters

    /// The one figure a comparison draws per place: the share fully vaccinated (as the map's and the
    /// list's `vaccinated`), otherwise the metric's own line for the view.
    public func comparedLine(interval: ChartQuery.Interval, per: ChartQuery.Per) -> VaccinationChart.LineSpec {
        lines(interval: interval, per: per).last!
    }

    /// Every figure a comparison draws in one of its views, in OWID's column order (`VaccinationFigure`):
    /// the columns of the compare page's vaccination CSV.
    public static let comparedFigures: [VaccinationFigure] = {
        let drawn = Set(
            allCases.flatMap { metric in
                ChartQuery.Interval.allCases.flatMap { interval in
                    ChartQuery.Per.allCases.map { metric.comparedLine(interval: interval, per: $0).figure }
                }
            })
        return VaccinationFigure.allCases.filter(drawn.contains)
    }()

    /// The OWID figures drawn, one line each, with their names' keys, for a view (`interval`, `per`): per
    /// million from OWID's own per-hundred figures (OWID's population), so the figures agree with OWID's.
    public func lines(interval: ChartQuery.Interval, per: ChartQuery.Per) -> [VaccinationChart.LineSpec] {
        let perMillion = per == .million
        switch self {
        case .vaccinated:
            return [
                .init(key: "atLeastOneDose", figure: .peopleVaccinatedPerHundred, factor: 1),
                .init(key: "fullyVaccinated", figure: .peopleFullyVaccinatedPerHundred, factor: 1),
            ]
        case .doses where interval == .daily:
            return [
                perMillion
                    ? .init(key: "dosesADay", figure: .dailyVaccinationsPerMillion, factor: 1)
                    : .init(key: "dosesADay", figure: .dailyVaccinations, factor: 1)
            ]
        case .doses:
            return [
                perMillion
                    ? .init(key: "dosesGiven", figure: .totalVaccinationsPerHundred, factor: 10_000)
                    : .init(key: "dosesGiven", figure: .totalVaccinations, factor: 1)
            ]
        case .boosters:
            return [
                perMillion
                    ? .init(key: "boostersGiven", figure: .totalBoostersPerHundred, factor: 10_000)
                    : .init(key: "boostersGiven", figure: .totalBoosters, factor: 1)
            ]
        }
    }
}

/// A place's vaccination chart: one line per OWID figure on shared axes, each named at its end, drawn
/// through the days the figure was reported only. Between two reports the line joins them straight; it
/// starts at the first report and ends at the last, so a day not reported is never a 0 and a total is
/// never carried forward (docs/field-cases.md B41, B42). Pure: the same input gives the same bytes.
public struct VaccinationChart: Equatable, Sendable {
    /// One figure drawn: its name (the catalog's `vaccination.line.<key>`), the OWID column, and what
    /// its values are multiplied by.
    public struct LineSpec: Equatable, Sendable {
        public let key: String
        public let figure: VaccinationFigure
        public let factor: Double

        /// The figure's reports in `series` as drawn: each published value times `factor`, rounded to
        /// hundredths, which OWID's per-hundred figures (two decimals) times 10,000 always are, so no
        /// binary remainder shows (`152.08 × 10,000` is `1,520,800`, not `1520800.0000000002`).
        /// The line's name in `words`' language: `Fully vaccinated`, `접종 완료`.
        public func name(_ words: ChartWords) -> String { words("vaccination.line." + key) }

        public func reports(in series: VaccinationSeries) -> [(day: Int, value: Double)] {
            series.reports(figure).map { report in
                (day: report.day, value: factor == 1 ? report.value : (report.value * factor * 100).rounded() / 100)
            }
        }
    }

    /// A line as drawn.
    public struct Line: Equatable, Sendable {
        public let name: String
        /// Its colour, 0 to `ComparisonChart.colours - 1`, in order.
        public let colour: Int
        public let path: String
        public let endX: Double
        public let endY: Double
        /// The label's baseline, nudged apart from the other line's.
        public let labelY: Double
        /// The last reported value and its day, as the words write them.
        public let value: String
        public let lastDay: CalendarDate
    }

    public let title: String
    public let description: String
    public let plot: ChartGeometry.Box
    public let yTicks: [ChartModel.Tick]
    public let xTicks: [ChartModel.Tick]
    public let narrowXTicks: [ChartModel.Tick]
    public let lines: [Line]

    /// The chart of `series` (`place` names it) viewed as `metric` and `query`; `nil` when no figure
    /// drawn has a report in the days `query.time` asks for.
    public init?(
        _ series: VaccinationSeries, place: String, metric: VaccinationMetric, query: ChartQuery, words: ChartWords
    ) {
        let specs = metric.lines(interval: query.interval, per: query.per)
        let names = specs.map { $0.name(words) }
        let isShare = metric == .vaccinated
        let reports = specs.map { spec in
            spec.reports(in: series)
        }
        guard let (days, lineValues, values) = VaccinationChart.joinedLines(reports, query: query, isShare: isShare),
            let axis = ValueAxis.fitting(values, log: query.scale == .log)
        else { return nil }
        let format = { (value: Double) in words.axisFigure(value) + (isShare ? words("vaccination.percentSuffix") : "")
        }
        let widest = names.map { LabelWidth.of($0, fontSize: LabelWidth.narrowFontSize, bold: true) }.max() ?? 0
        let box = ChartGeometry.plotWithNames(yLabels: axis.ticks.map(format), widestName: widest)
        let geometry = ChartGeometry(days: days, axis: axis, plot: box)
        plot = box
        yTicks = axis.ticks.compactMap { value in
            geometry.y(of: value).map { ChartModel.Tick(position: $0, label: format(value), isMajor: value == 0) }
        }
        xTicks = ChartModel.timeTicks(geometry, fontSize: LabelWidth.wideFontSize, labels: words.tickLabels)
        narrowXTicks = ChartModel.timeTicks(geometry, fontSize: LabelWidth.narrowFontSize, labels: words.tickLabels)
        var drawn: [(index: Int, x: Double, y: Double, value: Double, day: Int, path: String)] = []
        for (index, line) in lineValues.enumerated() {
            guard let end = line.lastIndex(where: { value in value.flatMap { geometry.y(of: $0) } != nil }),
                let value = line[end], let y = geometry.y(of: value)
            else { continue }
            let path = ChartModel.linePath(line, firstDay: days.lowerBound, geometry: geometry)
            drawn.append((index, geometry.x(ofDay: days.lowerBound + end), y, value, days.lowerBound + end, path))
        }
        let font = LabelWidth.narrowFontSize
        let centres = EndLabels.place(
            drawn.map(\.y), gap: font * 1.2, top: font * 0.5, bottom: ChartGeometry.height - font * 0.5)
        lines = zip(drawn, centres).map { line, centre in
            Line(
                name: names[line.index], colour: line.index % ComparisonChart.colours, path: line.path,
                endX: line.x, endY: line.y, labelY: centre + font * 0.35,
                value: VaccinationChart.words(
                    line.value, share: isShare, percentSuffix: words("vaccination.percentSuffix")),
                lastDay: CalendarDate(daysSinceEpoch: line.day))
        }
        title = VaccinationChart.title(metric: metric, query: query, place: place, words: words)
        // A count per million says so, as the History chart's words do; a share is its own unit.
        let perMillion = !isShare && query.per == .million
        let reported = lines.map { line in
            words(
                perMillion ? "vaccination.chart.lastReportedPerMillion" : "vaccination.chart.lastReported",
                ["line": line.name.lowercased(), "figure": line.value, "day": words.date(line.lastDay)])
        }
        var text = words(
            specs.count == 1 ? "vaccination.chart.descriptionOneLine" : "vaccination.chart.description",
            [
                "first": words.date(CalendarDate(daysSinceEpoch: days.lowerBound)),
                "last": words.date(CalendarDate(daysSinceEpoch: days.upperBound)),
                "reported": reported.joined(separator: ", "),
            ])
        let missing = specs.indices.filter { index in !drawn.contains { $0.index == index } }.map {
            names[$0].lowercased()
        }
        if !missing.isEmpty {
            text += " " + words("vaccination.chart.notReported", ["lines": words.list(missing)])
        }
        description = text
    }

    /// E.g. "Share of people vaccinated (% of the population) in S. Korea", "Doses given in the USA".
    public static func title(metric: VaccinationMetric, query: ChartQuery, place: String, words: ChartWords) -> String {
        let per = query.per == .million ? "PerMillion" : ""
        let key: String
        switch metric {
        case .vaccinated: key = "vaccination.chart.title.vaccinated"
        case .doses where query.interval == .daily: key = "vaccination.chart.title.dosesADay" + per
        case .doses: key = "vaccination.chart.title.dosesGiven" + per
        case .boosters: key = "vaccination.chart.title.boostersGiven" + per
        }
        let title = words(key, ["place": place])
        return query.scale == .log ? words("vaccination.chart.title.logScale", ["title": title]) : title
    }

    /// A value as the chart's words write it: a share as Our World in Data publishes it (at most two
    /// decimals, none added: `74.6 %`, `57.25 %`; `74.6%` in Korean) and `%`, a count grouped.
    /// `percentSuffix` follows a share: ` %` in English, `%` in Korean (`vaccination.percentSuffix`).
    public static func words(_ value: Double, share: Bool, percentSuffix: String = " %") -> String {
        guard share else { return NumberText.grouped(Int64(value.rounded())) }
        return (NumberText.decimal(value) ?? NumberText.fixed(value, decimals: 2)) + percentSuffix
    }

    /// Each of `reports` joined over the days `query.time` asks for within the first and last report of
    /// any, and the values the axis must fit (with 0 and 100 for a share on a linear scale); `nil` when no
    /// report falls in those days.
    static func joinedLines(_ reports: [[(day: Int, value: Double)]], query: ChartQuery, isShare: Bool)
        -> (days: ClosedRange<Int>, lines: [[Double?]], axisValues: [Double])?
    {
        let reported = reports.flatMap { $0.map(\.day) }
        guard let firstReport = reported.min(), let lastReport = reported.max(),
            let days = query.days(within: firstReport...lastReport)
        else { return nil }
        let lines = reports.map { joined($0, days: days) }
        var values = lines.flatMap { $0.compactMap { $0 } }
        guard !values.isEmpty else { return nil }
        if isShare && query.scale == .linear { values += [0, 100] }
        return (days, lines, values)
    }

    /// Per day of `days`: the reported value, the straight join between the reports either side of a
    /// day without one, `nil` before the first report and after the last.
    static func joined(_ reports: [(day: Int, value: Double)], days: ClosedRange<Int>) -> [Double?] {
        var values = [Double?](repeating: nil, count: days.count)
        for (previous, next) in zip(reports, reports.dropFirst()) where next.day > previous.day {
            for day in previous.day...next.day where days.contains(day) {
                let fraction = Double(day - previous.day) / Double(next.day - previous.day)
                values[day - days.lowerBound] = previous.value + (next.value - previous.value) * fraction
            }
        }
        for report in reports where days.contains(report.day) { values[report.day - days.lowerBound] = report.value }
        return values
    }
}
