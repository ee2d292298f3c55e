import AtlasCharts
import AtlasCore
import Mustache

/// The History section of a country page or of the worldwide page: the chart in the view the URL
/// asks for, the links and the form that change the view (every one a URL, no JavaScript needed), the
/// summary in words, the data as a weekly table, and the downloads.
struct HistorySection {
    /// The page's words.
    let words: PageWords
    /// The place as the page names it: `S. Korea`, `the world`, `대한민국`.
    let place: String
    /// Its series; `nil` when JHU does not cover it.
    let history: History?
    /// The data's entries, which name the countries of JHU's rows in the page's language.
    let catalog: CountryCatalog
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
            return ["covered": .bool(false), "notCovered": .string(words("history.notCovered", ["place": place]))]
        }
        var value: [String: TemplateValue] = [
            "covered": .bool(true),
            "place": .string(place),
            "metric": .string(query.metric.rawValue),
            "controls": .array(HistorySection.controls(query: query, words: words, link: link)),
            "presets": .array(
                HistorySection.presets(
                    days: history.firstDay...history.lastDay, query: query, words: words, link: link)),
            "form": HistorySection.form(
                days: history.firstDay...history.lastDay, query: query, defaults: defaults, path: path,
                keeping: keeping),
        ]
        let chartWords = words.chart
        let days = query.days(within: history.firstDay...history.lastDay)
        if let csvPath {
            // The days shown, or every day when none of the days asked for is in the data (never a 404).
            var range = ChartQuery()
            if days != nil { (range.start, range.end) = (query.start, query.end) }
            value["csv"] = [
                "href": .string(Links.chart(csvPath, range)),
                "label": .string(words(range.hasRange ? "history.csvTheseDays" : "history.csvEveryDay")),
            ]
        }
        guard let days else {
            value["message"] = .string(
                words(
                    "history.noDaysInRange",
                    [
                        "place": place, "first": chartWords.date(history.date(at: 0)),
                        "last": chartWords.date(history.date(at: history.count - 1)),
                        "time": "\(query.start.text)..\(query.end.text)",
                    ]))
            return .object(value)
        }
        guard
            let series = ChartSeries(
                history, metric: query.metric, interval: query.interval, per: query.per, population: population,
                days: days)
        else {
            value["message"] = .string(words("history.noPopulation", ["place": place]))
            return .object(value)
        }
        if let note = recoveredNote(history, days: days) { value["note"] = .string(note) }
        // Without a single recovery the note is all there is to say: no empty chart, no table of
        // days "not reported".
        if query.metric == .recovered && history.lastRecoveredReport == nil { return .object(value) }
        if let chart = ChartModel(series, query: query, place: place, words: chartWords) {
            value["chart"] = chart.templateValue
            value["summary"] = chartWords.summary(series, query: query).map(TemplateValue.string) ?? .null
        } else {
            value["message"] = .string(Self.nothingToDraw(series, history, query: query, place: place, words: words))
        }
        let rows = weeklyRows()
        value["table"] = rows.isEmpty ? .null : ["rows": .array(rows), "caption": .string(tableCaption)]
        return .object(value)
    }

    /// Why a chart has nothing to draw, in words: a log scale without a day above zero, only the data's
    /// first day (whose daily figure is unknown, not zero), or no figure reported in the range.
    static func nothingToDraw(
        _ series: ChartSeries, _ history: History, query: ChartQuery, place: String, words: PageWords
    ) -> String {
        let noun = words.chart.noun(query.metric)
        if query.interval == .daily, series.values.allSatisfy({ $0 == nil }), series.firstDay == history.firstDay,
            let total = history.values(query.metric).first ?? nil
        {
            return words(
                "history.firstDayUnknown",
                ["day": words.chart.date(history.date(at: 0)), "noun": noun, "total": Formatting.grouped(total)])
        }
        if query.scale == .log { return words("history.nothingAboveZero") }
        return words("history.noneReported", ["noun": noun, "place": place])
    }

    /// The groups of links that change one part of the view, the current choice marked.
    /// The groups of links that change one part of the view, the current choice marked: each group's
    /// `id` (`show`, `as`, `scale`, `count`) names it in the page, its label and options are `words`'.
    static func controls(query: ChartQuery, words: PageWords, link: (ChartQuery) -> String) -> [TemplateValue] {
        func group<Value: Equatable>(
            _ id: String, _ options: [(String, Value)], _ current: Value,
            _ set: @escaping (inout ChartQuery, Value) -> Void
        ) -> TemplateValue {
            [
                "label": .string(words("chart.control." + id)),
                "id": .string(id),
                "options": .array(
                    options.map { key, option in
                        var other = query
                        set(&other, option)
                        return [
                            "label": .string(words(key)), "href": .string(link(other)),
                            "current": .bool(option == current),
                        ]
                    }),
            ]
        }
        return [
            group(
                "show",
                [("stat.cases", HistoryMetric.cases), ("stat.deaths", .deaths), ("stat.recovered", .recovered)],
                query.metric
            ) { $0.metric = $1 },
            group(
                "as", [("chart.option.daily", ChartQuery.Interval.daily), ("chart.option.cumulative", .cumulative)],
                query.interval
            ) { $0.interval = $1 },
            group("scale", [("chart.option.linear", ChartQuery.Scale.linear), ("chart.option.log", .log)], query.scale)
            {
                $0.scale = $1
            },
            group(
                "count", [("chart.option.total", ChartQuery.Per.total), ("chart.option.perMillion", .million)],
                query.per
            ) {
                $0.per = $1
            },
        ]
    }

    /// All days, the last 365 and the last 90 of the data's `days`; a preset longer than the data is
    /// left out, since it would show what All shows (OWID's vaccinations span under a year).
    static func presets(
        days: ClosedRange<Int>, query: ChartQuery, words: PageWords, link: (ChartQuery) -> String
    ) -> [TemplateValue] {
        let last = days.upperBound
        let options: [(String, ChartQuery.Bound)] =
            [(words("chart.days.all"), .earliest)]
            + [(words("chart.days.last365"), 365), (words("chart.days.last90"), 90)].compactMap { label, count in
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
        Self.recoveredNote(place: place, history, metric: query.metric, words: words, catalog: catalog)
    }

    /// For recoveries, in `words`: which of the series' JHU rows stopped reporting them before the others,
    /// earliest first (the first few named, the rest counted; from then on the line sums the rows that
    /// still report), and the day the figures end; `nil` for other metrics, or when the series reports
    /// them to its end with no row stopped. Only what is true of `history`: a single row gets no words
    /// about sums. Shared with the compare page's notes. Countries are named in the page's language
    /// (`catalog`); provinces keep JHU's English names.
    static func recoveredNote(
        place: String, _ history: History, metric: HistoryMetric, words: PageWords, catalog: CountryCatalog
    ) -> String? {
        guard metric == .recovered else { return nil }
        guard let last = history.lastRecoveredReport else {
            // Sweden never reported any; disease.sh drops JHU's national Canada row (data/README.md).
            return words("history.recoveries.none", ["place": place])
        }
        let date = { (day: Int) in words.chart.date(CalendarDate(daysSinceEpoch: day)) }
        var sentences: [String] = []
        let stopped = history.rowsStoppedEarly
        if !stopped.isEmpty {
            let withCountry = Set(history.rows.map(\.country)).count > 1
            let named = stopped.count <= 4 ? stopped : Array(stopped.prefix(3))
            var parts = named.map {
                words(
                    "history.recoveries.rowStopped",
                    [
                        "row": rowName($0, withCountry: withCountry, words: words, catalog: catalog),
                        "day": date($0.lastRecoveredDay!),
                    ])
            }
            let rest = stopped.dropFirst(named.count)
            if let first = rest.first?.lastRecoveredDay, let end = rest.last?.lastRecoveredDay {
                parts.append(
                    first == end
                        ? words("history.recoveries.moreRowsStopped", ["count": String(rest.count), "day": date(end)])
                        : words(
                            "history.recoveries.moreRowsStoppedBetween",
                            ["count": String(rest.count), "first": date(first), "last": date(end)]))
            }
            sentences.append(words("history.recoveries.stopped", ["rows": words.chart.list(parts)]))
        }
        if history.firstDay + last < history.lastDay {
            sentences.append(
                words("history.recoveries.end", ["place": place, "day": words.chart.date(history.date(at: last))]))
        }
        return sentences.isEmpty ? nil : sentences.joined(separator: " ")
    }

    /// `row` as it reads inside a sentence in `words`' language: its province (`New South Wales`), with
    /// its country when `withCountry` (`New South Wales (Australia)`, `호주 New South Wales`); a country's
    /// own row is its country (`the UK`, `영국`); JHU's `unknown` province in the catalog's words.
    static func rowName(_ row: History.Row, withCountry: Bool, words: PageWords, catalog: CountryCatalog) -> String {
        let country = catalog.nameInSentence(ofCountryNamed: row.country, in: words.language)
        guard let province = row.provinceName else { return country }
        if row.isUnknownProvince {
            return withCountry ? words("history.row.unknownOf", ["country": country]) : words("history.row.unknown")
        }
        return withCountry ? words("history.row.provinceOf", ["province": province, "country": country]) : province
    }

    private var tableCaption: String {
        words(
            query.per == .million ? "history.table.captionPerMillion" : "history.table.caption",
            ["noun": words.chart.noun(query.metric), "place": place])
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
            let notReported = words("daily.notReported")
            rows.append([
                "date": .string(words.chart.date(date)), "iso": .string(date.iso),
                "days": known.isEmpty || known.count == 7
                    ? .null
                    : .string(
                        known.count == 1
                            ? words("history.table.onlyOneDay")
                            : words("history.table.onlyDays", ["count": String(known.count)])),
                "new": .string(sum.map(ChartWords.figure) ?? notReported),
                "average": .string(daily.average[end].map(ChartWords.figure) ?? "–"),
                "total": .string(cumulative.values[end].map(ChartWords.figure) ?? notReported),
            ])
            end -= 7
        }
        return rows.reversed()
    }
}
