import AtlasCore
import Formats
import Localization

/// A chart's words in one language, from its catalog (`Catalogs/<tag>.json`, the `chart.` keys;
/// docs/i18n.md): the History chart's title, the `<desc>` that stands for it and the summary beside it,
/// the vaccination chart's, and how the language writes a day and an axis figure. Figures in sentences
/// are in full (`1,234.57`) where labels abbreviate (`1.2M`, `120만`).
public struct ChartWords: Sendable {
    /// The catalog the words come from.
    public let catalog: Catalog

    /// The words of `catalog`'s language.
    public init(_ catalog: Catalog) {
        self.catalog = catalog
    }

    /// Whose words these are.
    public var language: Language { catalog.language }

    /// The text under `key`, its placeholders filled by `values`; `⟦key⟧` for a key the catalog lacks
    /// (the catalogs are checked against each other at start, and the page tests look for `⟦`).
    public func callAsFunction(_ key: String, _ values: [String: String] = [:]) -> String {
        (values.isEmpty ? catalog.text(key) : try? catalog.text(key, filling: values)) ?? "⟦\(key)⟧"
    }

    /// A day as the language writes it in a sentence: `14 Nov 2021`, `2021년 11월 14일`.
    public func date(_ date: CalendarDate) -> String {
        switch language {
        case .en: return date.short
        case .ko: return KoreanDates.date(year: date.year, month: date.month, day: date.day)
        }
    }

    /// An axis label: `850K`, `1.2M` (`ChartNumbers`); `85만`, `120만`, `25억` (`KoreanNumbers`).
    public func axisFigure(_ value: Double) -> String {
        switch language {
        case .en: return ChartNumbers.abbreviated(value)
        case .ko: return KoreanNumbers.abbreviated(value)
        }
    }

    /// A marker's figure (the latest value, the peak): in English as the axis abbreviates it (`2.66K`,
    /// plainly rounded); in Korean every digit under 만 (`2,663`: a rounded `2,660` would read as exact)
    /// and the axis' 만 and 억 from there (`120만`).
    public func markerFigure(_ value: Double) -> String {
        switch language {
        case .en: return axisFigure(value)
        case .ko: return value.magnitude < 10_000 ? ChartWords.figure(value) : axisFigure(value)
        }
    }

    /// The time axis' labels in this language.
    public var tickLabels: TimeTicks.Labels { language == .ko ? .korean : .english }

    /// Items in a sentence: `a, b and c` (`ComparisonChart.listed`); in Korean `a, b, c`.
    public func list(_ items: [String]) -> String {
        switch language {
        case .en: return ComparisonChart.listed(items)
        case .ko: return items.joined(separator: ", ")
        }
    }

    /// The metric as a noun in a sentence: `cases`, `recoveries`; `확진자`, `완치자`.
    public func noun(_ metric: HistoryMetric) -> String {
        self("chart.noun." + metric.rawValue)
    }

    /// What a History chart counts, in a sentence: `new cases`, `total deaths per million people`.
    public func counted(_ query: ChartQuery) -> String {
        let interval = query.interval == .daily ? "daily" : "total"
        return self(
            "chart.counted." + interval + (query.per == .million ? "PerMillion" : ""), ["noun": noun(query.metric)])
    }

    /// E.g. `Daily new cases in S. Korea, with the 7-day average`, `Total deaths per million people in
    /// France (log scale)`.
    public func title(query: ChartQuery, place: String) -> String {
        let interval = query.interval == .daily ? "daily" : "total"
        let title = self(
            "chart.title." + interval + (query.per == .million ? "PerMillion" : ""),
            ["noun": noun(query.metric), "place": place])
        return query.scale == .log ? self("chart.title.logScale", ["title": title]) : title
    }

    /// The legend's labels: `(kind, label)` for the bars, the corrections below zero when drawn, and the
    /// line, or the line alone for a cumulative chart.
    public func legend(query: ChartQuery, hasNegativeBars: Bool, hasLine: Bool) -> [(kind: String, label: String)] {
        let per = query.per == .million ? "PerMillion" : ""
        let values = ["noun": noun(query.metric)]
        guard query.interval == .daily else { return [("line", self("chart.legend.total" + per, values))] }
        var items = [(kind: "bars", label: self("chart.legend.daily" + per, values))]
        if hasNegativeBars { items.append(("negative", self("chart.legend.negative"))) }
        if hasLine { items.append(("line", self("chart.legend.average"))) }
        return items
    }

    /// What the chart shows, for `<desc>`: the days with a value, what bars and line stand for, days below
    /// zero (corrections), what a log scale leaves out, the peak and the latest value with their dates.
    public func description(_ series: ChartSeries, query: ChartQuery, place: String, daysPerBar: Int) -> String {
        // The days with a value: recoveries end early, the data's first day has no daily change.
        let first = date(series.values.firstIndex { $0 != nil }.map(series.date) ?? series.date(0))
        let last = date(series.lastReportIndex.map(series.date) ?? series.date(series.values.count - 1))
        let span = ["counted": counted(query), "first": first, "last": last]
        var sentences: [String] = []
        switch query.interval {
        case .daily:
            sentences.append(
                daysPerBar > 1
                    ? self("chart.description.barsOfDays", span.merging(["days": String(daysPerBar)]) { $1 })
                    : self("chart.description.bars", span))
            sentences.append(self("chart.description.averageLine"))
            let negative = series.values.indices.filter { (series.values[$0] ?? 0) < 0 }
            if let lowest = negative.min(by: { series.values[$0]! < series.values[$1]! }) {
                let values = [
                    "figure": ChartWords.figure(series.values[lowest]!), "day": date(series.date(lowest)),
                    "count": String(negative.count),
                ]
                sentences.append(
                    negative.count == 1
                        ? self("chart.description.oneCorrection", values.filter { $0.key != "count" })
                        : self("chart.description.corrections", values))
            }
            if query.scale == .log {
                sentences.append(self("chart.description.logDaily", ["noun": noun(query.metric)]))
            }
        case .cumulative:
            sentences.append(self("chart.description.totalLine", span))
            if query.scale == .log { sentences.append(self("chart.description.logTotal")) }
        }
        if let sentence = summary(series, query: query) { sentences.append(sentence) }
        return sentences.joined(separator: " ")
    }

    /// One sentence with the peak and its date and the latest value (`The 7-day average peaked at 2,345.71
    /// on 7 Mar 2021; the latest, on 13 Nov 2021, is 1,234.57.`), that there were none, or the latest day
    /// without an average; `nil` without a value.
    public func summary(_ series: ChartSeries, query: ChartQuery) -> String? {
        guard let lastReport = series.lastReportIndex else { return nil }
        let noun = noun(query.metric)
        if series.values.allSatisfy({ $0 == nil || $0 == 0 }) {
            return self(query.interval == .daily ? "chart.summary.noneNew" : "chart.summary.noneAtAll", ["noun": noun])
        }
        guard let peak = series.peakIndex, let latest = series.latestIndex,
            let peakValue = series.line[peak], let latestValue = series.line[latest]
        else {
            // Daily figures without an average: the data's first six days.
            return self(
                "chart.summary.noAverageYet",
                [
                    "day": date(series.date(lastReport)), "figure": ChartWords.figure(series.values[lastReport] ?? 0),
                    "noun": noun,
                ])
        }
        let what = self(query.interval == .daily ? "chart.summary.average" : "chart.summary.total")
        let latestDay = date(series.date(latest))
        let latestFigure = ChartWords.figure(latestValue)
        if peak == latest {
            return self("chart.summary.highestLatest", ["what": what, "day": latestDay, "figure": latestFigure])
        }
        let peakDay = date(series.date(peak))
        // A tie in words (a flat total, an average that holds): "peaked … the latest is" the same figure
        // would read as a contradiction.
        if ChartWords.figure(peakValue) == latestFigure {
            return self(
                "chart.summary.highestHolds",
                ["what": what, "peakDay": peakDay, "day": latestDay, "figure": latestFigure])
        }
        return self(
            "chart.summary.peakAndLatest",
            [
                "what": what, "peak": ChartWords.figure(peakValue), "peakDay": peakDay, "day": latestDay,
                "figure": latestFigure,
            ])
    }

    /// A marker's label for a bar drawn to the axis' edge: `−349,116 on 20 May 2021`, or for a bar of
    /// several days `… on the 7 days from 20 May 2021`.
    public func beyondAxisLabel(_ value: Double, firstDay: CalendarDate, days: Int) -> String {
        let figure = ChartWords.figure(value)
        return days == 1
            ? self("chart.beyondAxis.day", ["figure": figure, "day": date(firstDay)])
            : self("chart.beyondAxis.days", ["figure": figure, "day": date(firstDay), "count": String(days)])
    }

    /// The sentence for values drawn to the axis' edge, e.g. "Beyond the axis, drawn to its edge:
    /// −349,116 on 20 May 2021." `labels` are the markers' (`beyondAxisLabel`).
    public func beyondAxis(_ labels: [String]) -> String {
        self("chart.beyondAxis.sentence", ["labels": labels.joined(separator: "; ")])
    }

    /// The peak marker's label (`markerFigure`): `Peak 1.2M`, `최고 120만`, `최고 2,663`.
    public func peakLabel(_ value: Double) -> String {
        self("chart.peak", ["figure": markerFigure(value)])
    }

    /// A figure in words, rounded as its size calls for (`NumberText.figure`: `489,292`, `33.3`, `2.46`),
    /// negatives with U+2212 as the labels (CSV and JSON keep every digit and the ASCII hyphen-minus).
    /// The same in both languages.
    public static func figure(_ value: Double) -> String {
        let magnitude = NumberText.figure(abs(value)) ?? "n/a"
        return value < 0 && magnitude != "0" ? "\u{2212}" + magnitude : magnitude
    }
}
