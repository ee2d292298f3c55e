import AtlasCharts
import AtlasCore
import Mustache

/// The History section of a country page or of the worldwide page: the chart in the view the URL
/// asks for, the links and the form that change the view (every one a URL, no JavaScript needed), the
/// summary in words, the data as a weekly table, and the downloads.
struct HistorySection {
    /// The place as the page names it: `S. Korea`, `the world`.
    let place: String
    /// Its series; `nil` when JHU does not cover it.
    let history: History?
    /// People, for `per=million`.
    let population: Int64?
    let query: ChartQuery
    /// The page's default view, which its links leave out.
    let defaults: ChartQuery
    /// The page's address showing another view.
    let link: @Sendable (ChartQuery) -> String
    /// The page's path, the target of the date form.
    let path: String
    /// The address of this place's CSV download (`/countries/kr/history.csv`), when it has one.
    var csvPath: String? = nil
    /// The page's own parameters the date form keeps in hidden fields (the front page's `map`).
    var keeping: [(name: String, value: String)] = []

    var templateValue: TemplateValue {
        guard let history, !history.isEmpty else {
            return ["covered": .bool(false), "place": .string(place)]
        }
        var value: [String: TemplateValue] = [
            "covered": .bool(true),
            "place": .string(place),
            "metric": .string(query.metric.rawValue),
            "controls": .array(HistorySection.controls(query: query, link: link)),
            "presets": .array(
                HistorySection.presets(days: history.firstDay...history.lastDay, query: query, link: link)),
            "form": HistorySection.form(
                days: history.firstDay...history.lastDay, query: query, defaults: defaults, path: path,
                keeping: keeping),
        ]
        let words = ChartWords()
        let days = query.days(within: history.firstDay...history.lastDay)
        if let csvPath {
            // The days shown, or every day when none of the days asked for is in the data (never a 404).
            var range = ChartQuery()
            if days != nil { (range.start, range.end) = (query.start, query.end) }
            value["csv"] = [
                "href": .string(Links.chart(csvPath, range)),
                "label": .string(range.hasRange ? "Download these days as CSV" : "Download every day as CSV"),
            ]
        }
        guard let days else {
            value["message"] = .string(
                "JHU’s series for \(place) runs from \(history.date(at: 0).short) to "
                    + "\(history.date(at: history.count - 1).short); time “\(query.start.text)..\(query.end.text)” "
                    + "asks for none of these days. The links above show the days it has.")
            return .object(value)
        }
        guard
            let series = ChartSeries(
                history, metric: query.metric, interval: query.interval, per: query.per, population: population,
                days: days)
        else {
            value["message"] = .string(
                "The data has no population for \(place), so there are no per-million figures.")
            return .object(value)
        }
        if let note = recoveredNote(history, days: days) { value["note"] = .string(note) }
        // Without a single recovery the note is all there is to say: no empty chart, no table of
        // days "not reported".
        if query.metric == .recovered && history.lastRecoveredReport == nil { return .object(value) }
        if let chart = ChartModel(series, query: query, place: place, words: words) {
            value["chart"] = chart.templateValue
            value["summary"] = words.summary(series, query: query).map(TemplateValue.string) ?? .null
        } else {
            value["message"] = .string(Self.nothingToDraw(series, history, query: query, place: place))
        }
        let rows = weeklyRows()
        value["table"] = rows.isEmpty ? .null : ["rows": .array(rows), "caption": .string(tableCaption)]
        return .object(value)
    }

    /// Why a chart has nothing to draw, in words: a log scale without a day above zero, only the data's
    /// first day (whose daily figure is unknown, not zero), or no figure reported in the range.
    static func nothingToDraw(_ series: ChartSeries, _ history: History, query: ChartQuery, place: String) -> String {
        let noun = ChartWords.noun(query.metric)
        if query.interval == .daily, series.values.allSatisfy({ $0 == nil }), series.firstDay == history.firstDay,
            let total = history.values(query.metric).first ?? nil
        {
            return "\(history.date(at: 0).short) is the first day of JHU’s series, so its new \(noun) are unknown: "
                + "the total that day, \(Formatting.grouped(total)), includes every day before it. "
                + "Daily figures start the next day."
        }
        if query.scale == .log { return "Nothing to draw on a log scale: no day in this range is above zero." }
        return "JHU reported no \(noun) for \(place) in this range."
    }

    /// The groups of links that change one part of the view, the current choice marked.
    static func controls(query: ChartQuery, link: (ChartQuery) -> String) -> [TemplateValue] {
        func group<Value: Equatable>(
            _ label: String, _ options: [(String, Value)], _ current: Value,
            _ set: @escaping (inout ChartQuery, Value) -> Void
        ) -> TemplateValue {
            [
                "label": .string(label),
                "id": .string(label.lowercased()),
                "options": .array(
                    options.map { title, option in
                        var other = query
                        set(&other, option)
                        return [
                            "label": .string(title), "href": .string(link(other)), "current": .bool(option == current),
                        ]
                    }),
            ]
        }
        return [
            group(
                "Show", [("Cases", HistoryMetric.cases), ("Deaths", .deaths), ("Recovered", .recovered)], query.metric
            ) { $0.metric = $1 },
            group("As", [("Daily", ChartQuery.Interval.daily), ("Cumulative", .cumulative)], query.interval) {
                $0.interval = $1
            },
            group("Scale", [("Linear", ChartQuery.Scale.linear), ("Log", .log)], query.scale) { $0.scale = $1 },
            group("Count", [("Total", ChartQuery.Per.total), ("Per million", .million)], query.per) { $0.per = $1 },
        ]
    }

    /// All days, the last 365 and the last 90 of the data's `days`; a preset longer than the data is
    /// left out, since it would show what All shows (OWID's vaccinations span under a year).
    static func presets(days: ClosedRange<Int>, query: ChartQuery, link: (ChartQuery) -> String) -> [TemplateValue] {
        let last = days.upperBound
        let options: [(String, ChartQuery.Bound)] =
            [("All", .earliest)]
            + [("Last 365 days", 365), ("Last 90 days", 90)].compactMap { label, count in
                last - count + 1 > days.lowerBound
                    ? (label, .day(CalendarDate(daysSinceEpoch: last - count + 1))) : nil
            }
        return options.map { label, start in
            var other = query
            other.start = start
            other.end = .latest
            return ["label": .string(label), "href": .string(link(other)), "current": .bool(other == query)]
        }
    }

    /// The GET form for any range: `from` and `to` (the page answers with the canonical `time`), the
    /// rest of the view (and `keeping`, the page's own fields) kept in hidden fields.
    static func form(
        days available: ClosedRange<Int>, query: ChartQuery, defaults: ChartQuery, path: String,
        keeping: [(name: String, value: String)] = []
    ) -> TemplateValue {
        var rangeless = query
        (rangeless.start, rangeless.end) = (.earliest, .latest)
        let first = CalendarDate(daysSinceEpoch: available.lowerBound)
        let last = CalendarDate(daysSinceEpoch: available.upperBound)
        let days = query.days(within: available)
        return [
            "action": .string(path),
            "hidden": .array(
                (keeping + rangeless.pairs(defaults: defaults)).map {
                    ["name": .string($0.name), "value": .string($0.value)]
                }),
            "from": .string(days.map { CalendarDate(daysSinceEpoch: $0.lowerBound).iso } ?? first.iso),
            "to": .string(days.map { CalendarDate(daysSinceEpoch: $0.upperBound).iso } ?? last.iso),
            "min": .string(first.iso),
            "max": .string(last.iso),
        ]
    }

    /// For recoveries: when JHU stopped reporting them, in words (the chart's line ends there), and for a
    /// sum of rows, which rows stopped before the others (`HistoryMapping`).
    private func recoveredNote(_ history: History, days: ClosedRange<Int>) -> String? {
        Self.recoveredNote(place: place, history, metric: query.metric)
    }

    /// For recoveries, in words: which of the series' JHU rows stopped reporting them before the others,
    /// earliest first (the first few named, the rest counted; from then on the line sums the rows that
    /// still report), and the day the figures end; `nil` for other metrics, or when the series reports
    /// them to its end with no row stopped. Only what is true of `history`: a single row gets no words
    /// about sums. Shared with the compare page's notes.
    static func recoveredNote(place: String, _ history: History, metric: HistoryMetric) -> String? {
        guard metric == .recovered else { return nil }
        guard let last = history.lastRecoveredReport else {
            // Sweden never reported any; disease.sh drops JHU's national Canada row (data/README.md).
            return "There are no recovery figures for \(place) in this history: JHU CSSE reported none, "
                + "or disease.sh, which passes JHU’s series on, leaves them out."
        }
        var sentences: [String] = []
        let stopped = history.rowsStoppedEarly
        if !stopped.isEmpty {
            let withCountry = Set(history.rows.map(\.country)).count > 1
            let named = stopped.count <= 4 ? stopped : Array(stopped.prefix(3))
            var parts = named.map {
                "for \($0.nameInSentence(withCountry: withCountry)) after "
                    + CalendarDate(daysSinceEpoch: $0.lastRecoveredDay!).short
            }
            let rest = stopped.dropFirst(named.count)
            if let first = rest.first?.lastRecoveredDay, let end = rest.last?.lastRecoveredDay {
                let span =
                    first == end
                    ? "after \(CalendarDate(daysSinceEpoch: end).short)"
                    : "between \(CalendarDate(daysSinceEpoch: first).short) and \(CalendarDate(daysSinceEpoch: end).short)"
                parts.append("for \(rest.count) more rows \(span)")
            }
            let list = parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
            sentences.append(
                "JHU stopped reporting recoveries \(list); from then on the line sums the rows that still report, "
                    + "so it falls where a row stops.")
        }
        if history.firstDay + last < history.lastDay {
            sentences.append(
                "JHU’s recovery figures for \(place) end on \(history.date(at: last).short), so the line ends there.")
        }
        return sentences.isEmpty ? nil : sentences.joined(separator: " ")
    }

    private var tableCaption: String {
        let noun = ChartWords.noun(query.metric)
        let per = query.per == .million ? " per million people" : ""
        return "New \(noun)\(per) per week, the 7-day average and the total at the end of each week, \(place)"
    }

    /// One row per week, ending on the last shown day and every seventh day before it, oldest first:
    /// the week's new figures, the 7-day average and the total on its last day. A week with fewer than
    /// seven days of new figures (the first, cut by the range or the data's start; one where reports
    /// end) counts the days it has and says how many.
    private func weeklyRows() -> [TemplateValue] {
        // The weekly figures come from the daily and cumulative views of the same days.
        guard let history, let range = query.days(within: history.firstDay...history.lastDay),
            let daily = ChartSeries(
                history, metric: query.metric, interval: .daily, per: query.per, population: population, days: range),
            let cumulative = ChartSeries(
                history, metric: query.metric, interval: .cumulative, per: query.per, population: population,
                days: range)
        else { return [] }
        var rows: [TemplateValue] = []
        var end = daily.values.count - 1
        while end >= 0 {
            let start = max(0, end - 6)
            let known = daily.values[start...end].compactMap { $0 }
            let sum: Double? = known.isEmpty ? nil : known.reduce(0, +)
            let date = CalendarDate(daysSinceEpoch: daily.firstDay + end)
            rows.append([
                "date": .string(date.short), "iso": .string(date.iso),
                "days": known.isEmpty || known.count == 7
                    ? .null : .string(known.count == 1 ? "1 day" : "\(known.count) days"),
                "new": .string(sum.map(ChartWords.figure) ?? "not reported"),
                "average": .string(daily.average[end].map(ChartWords.figure) ?? "–"),
                "total": .string(cumulative.values[end].map(ChartWords.figure) ?? "not reported"),
            ])
            end -= 7
        }
        return rows.reversed()
    }
}
