import AtlasCore

/// The words that name and describe a history chart: its title, the description that stands for it
/// (`<desc>`), and the one-sentence summary beside it. Figures in words are written out in full
/// (`1,234.57`), where the chart's labels abbreviate them.
struct ChartWords: Sendable {
    /// The metric as a plural noun: `cases`, `deaths`, `recoveries`.
    static func noun(_ metric: HistoryMetric) -> String {
        switch metric {
        case .cases: return "cases"
        case .deaths: return "deaths"
        case .recovered: return "recoveries"
        }
    }

    /// E.g. `Daily new cases in S. Korea, 7-day average`, `Total deaths per million people in France
    /// (log scale)`.
    func title(query: ChartQuery, place: String) -> String {
        let noun = ChartWords.noun(query.metric)
        let per = query.per == .million ? " per million people" : ""
        let scale = query.scale == .log ? " (log scale)" : ""
        switch query.interval {
        case .daily: return "Daily new \(noun)\(per) in \(place), with the 7-day average\(scale)"
        case .cumulative: return "Total \(noun)\(per) in \(place)\(scale)"
        }
    }

    /// What the chart shows, for `<desc>`: the days, what bars and line stand for, the peak and the
    /// latest value with their dates.
    func description(_ series: ChartSeries, query: ChartQuery, place: String, daysPerBar: Int) -> String {
        let first = CalendarDate(daysSinceEpoch: series.firstDay).short
        let last = CalendarDate(daysSinceEpoch: series.firstDay + series.values.count - 1).short
        let noun = ChartWords.noun(query.metric)
        let per = query.per == .million ? " per million people" : ""
        var text: String
        switch query.interval {
        case .daily:
            let width = daysPerBar > 1 ? ", each bar the mean of \(daysPerBar) days" : ""
            text = "Bars: new \(noun)\(per) per day from \(first) to \(last)\(width). Line: the 7-day average."
        case .cumulative:
            text = "Line: total \(noun)\(per) from \(first) to \(last)."
        }
        if query.scale == .log { text += " Log scale: days with no new \(noun), or fewer, are left out." }
        if let sentence = summary(series, query: query) { text += " " + sentence }
        return text
    }

    /// One sentence with the peak (of the 7-day average, or of the total) and its date, and the latest
    /// value: `The 7-day average peaked at 2,345.71 on 7 Mar 2021; the latest, on 13 Nov 2021, is
    /// 1,234.57.`; `nil` when the series has no value.
    func summary(_ series: ChartSeries, query: ChartQuery) -> String? {
        guard let peak = series.peakIndex, let latest = series.latestIndex,
            let peakValue = series.line[peak], let latestValue = series.line[latest]
        else { return nil }
        let what = query.interval == .daily ? "The 7-day average" : "The total"
        let peakDay = CalendarDate(daysSinceEpoch: series.firstDay + peak).short
        let latestDay = CalendarDate(daysSinceEpoch: series.firstDay + latest).short
        if peak == latest {
            return "\(what) was highest on the latest day, \(latestDay): \(ChartWords.figure(latestValue))."
        }
        return "\(what) peaked at \(ChartWords.figure(peakValue)) on \(peakDay); "
            + "the latest, on \(latestDay), is \(ChartWords.figure(latestValue))."
    }

    /// A figure in words: whole numbers grouped (`1,234`), others with up to two decimals (`12.5`).
    static func figure(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 9e15
            ? Formatting.grouped(Int64(value)) : Formatting.decimal(value)
    }
}
