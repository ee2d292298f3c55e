import AtlasCore
import Formats

/// A history chart's words: its title, the `<desc>` that stands for it, and the summary beside it.
/// Figures are in full (`1,234.57`) where labels abbreviate.
public struct ChartWords: Sendable {
    /// The English words (the only language so far).
    public init() {}

    /// The metric as a plural noun: `cases`, `deaths`, `recoveries`.
    public static func noun(_ metric: HistoryMetric) -> String {
        switch metric {
        case .cases: return "cases"
        case .deaths: return "deaths"
        case .recovered: return "recoveries"
        }
    }

    /// E.g. `Daily new cases in S. Korea, with the 7-day average`, `Total deaths per million people in
    /// France (log scale)`.
    public func title(query: ChartQuery, place: String) -> String {
        let noun = ChartWords.noun(query.metric)
        let per = query.per == .million ? " per million people" : ""
        let scale = query.scale == .log ? " (log scale)" : ""
        switch query.interval {
        case .daily: return "Daily new \(noun)\(per) in \(place), with the 7-day average\(scale)"
        case .cumulative: return "Total \(noun)\(per) in \(place)\(scale)"
        }
    }

    /// What the chart shows, for `<desc>`: the days with a value, what bars and line stand for, days below
    /// zero (corrections), what a log scale leaves out, the peak and the latest value with their dates.
    public func description(_ series: ChartSeries, query: ChartQuery, place: String, daysPerBar: Int) -> String {
        let noun = ChartWords.noun(query.metric)
        let per = query.per == .million ? " per million people" : ""
        // The days with a value: recoveries end early, the data's first day has no daily change.
        let first = series.values.firstIndex { $0 != nil }.map(series.date) ?? series.date(0)
        let last = series.lastReportIndex.map(series.date) ?? series.date(series.values.count - 1)
        var text: String
        switch query.interval {
        case .daily:
            let width = daysPerBar > 1 ? ", each bar the mean of \(daysPerBar) days" : ""
            text =
                "Bars: new \(noun)\(per) per day from \(first.short) to \(last.short)\(width). Line: the 7-day average."
            let negative = series.values.indices.filter { (series.values[$0] ?? 0) < 0 }
            if let lowest = negative.min(by: { series.values[$0]! < series.values[$1]! }) {
                let figure = ChartWords.figure(series.values[lowest]!)
                let day = series.date(lowest).short
                text +=
                    negative.count == 1
                    ? " One day is below zero (a correction): \(figure) on \(day)."
                    : " \(negative.count) days are below zero (corrections), the lowest \(figure) on \(day)."
            }
            if query.scale == .log { text += " Log scale: days with no new \(noun), or fewer, are left out." }
        case .cumulative:
            text = "Line: total \(noun)\(per) from \(first.short) to \(last.short)."
            if query.scale == .log { text += " Log scale: days with a total of 0 are left out." }
        }
        if let sentence = summary(series, query: query) { text += " " + sentence }
        return text
    }

    /// One sentence with the peak and its date and the latest value (`The 7-day average peaked at 2,345.71
    /// on 7 Mar 2021; the latest, on 13 Nov 2021, is 1,234.57.`), that there were none, or the latest day
    /// without an average; `nil` without a value.
    public func summary(_ series: ChartSeries, query: ChartQuery) -> String? {
        guard let lastReport = series.lastReportIndex else { return nil }
        let noun = ChartWords.noun(query.metric)
        if series.values.allSatisfy({ $0 == nil || $0 == 0 }) {
            return query.interval == .daily
                ? "There were no new \(noun) in these days." : "There were no \(noun) in these days: the total is 0."
        }
        guard let peak = series.peakIndex, let latest = series.latestIndex,
            let peakValue = series.line[peak], let latestValue = series.line[latest]
        else {
            // Daily figures without an average: the data's first six days.
            let value = series.values[lastReport] ?? 0
            return "There is no 7-day average yet: the data has fewer than seven days of new figures. "
                + "On \(series.date(lastReport).short), the latest day, there were \(ChartWords.figure(value)) new \(noun)."
        }
        let what = query.interval == .daily ? "The 7-day average" : "The total"
        let peakDay = series.date(peak).short
        let latestDay = series.date(latest).short
        if peak == latest {
            return "\(what) was highest on the latest day, \(latestDay): \(ChartWords.figure(latestValue))."
        }
        // A tie in words (a flat total, an average that holds): "peaked … the latest is" the same figure
        // would read as a contradiction.
        if ChartWords.figure(peakValue) == ChartWords.figure(latestValue) {
            return "\(what) was highest on \(peakDay) and is still there on the latest day, \(latestDay): "
                + "\(ChartWords.figure(latestValue))."
        }
        return "\(what) peaked at \(ChartWords.figure(peakValue)) on \(peakDay); "
            + "the latest, on \(latestDay), is \(ChartWords.figure(latestValue))."
    }

    /// The sentence for values drawn to the axis' edge, e.g. "Beyond the axis, drawn to its edge:
    /// −349,116 on 20 May 2021." `labels` are the markers' ("−349,116 on 20 May 2021").
    public static func beyondAxis(_ labels: [String]) -> String {
        "Beyond the axis, drawn to its edge: \(labels.joined(separator: "; "))."
    }

    /// A figure in words, rounded as its size calls for (`NumberText.figure`: `489,292`, `33.3`, `2.46`),
    /// negatives with U+2212 as the labels (CSV and JSON keep every digit and the ASCII hyphen-minus).
    public static func figure(_ value: Double) -> String {
        let magnitude = NumberText.figure(abs(value)) ?? "n/a"
        return value < 0 && magnitude != "0" ? "\u{2212}" + magnitude : magnitude
    }
}
