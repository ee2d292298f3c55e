import AtlasCharts
import AtlasCore
import HTTPCore
import Routing

extension CompareController {
    /// `GET /compare.csv?countries=kr,jp&time=…`: one row per day of `time` (any of the countries'
    /// days), `date` then `{id}_cases`, `{id}_deaths`, `{id}_recovered` per country in the list's order,
    /// cumulative as published (as a country's `history.csv`); empty where a country has no figure for
    /// the day. With a vaccination `metric` (any of them: `metric=vaccinated` is the canonical address),
    /// Our World in Data's figures the compare chart draws (`VaccinationMetric.comparedFigures`, each
    /// `{id}_{OWID column}`) on the days any country reported one, as OWID publishes them, empty where
    /// it reported nothing that day (never carried forward). Other spellings answer `301` (or `303`
    /// from a form) to the canonical address.
    /// - Throws: `HTTPError(400)` for an empty list, an unknown id, more than `CompareSelection.maximum`
    ///   countries, an unknown `metric` or a bad `time`; `404` when no country of the list has a series,
    ///   or none of its days is in `time`.
    func csv(
        _ request: Request, _ parameters: RouteParameters, _ current: SnapshotCache.Current
    ) throws -> Response {
        let entries: [CountryCatalog.Entry]
        switch try CompareController.entries(request.target, catalog: current.catalog, path: "/compare.csv") {
        case .success(let found): entries = found
        case .failure(let redirect): return redirect.response
        }
        let ids = entries.map(\.id)
        let view = try VaccinationChartSection.parse(
            request.target, defaults: CompareController.defaults, subject: .csv
        ) { Links.compare(ids, $0, path: "/compare.csv") }
        let download = CompareController.downloadView(view)
        let chart = download.history
        return try site.pageCache.response(
            for: request, key: Links.compare(ids, download, path: "/compare.csv"), version: current.version,
            dataChangedAt: current.dataChangedAt, freshness: { nil }
        ) {
            // Two to eight series (tens of ms): built on a worker, served from the loop.
            if entries.count > 1 { try EventLoopThread.leave() }
            if download.metric != nil { return try vaccinationCSV(entries, time: chart, current) }
            let histories = try entries.map { try site.histories.history($0.id, version: current.version) }
            let covered = histories.compactMap { $0 }.filter { !$0.isEmpty }
            let available = covered.map(\.firstDay).min().flatMap { first in
                covered.map(\.lastDay).max().map { first...$0 }
            }
            let days = try HistoryDownload.days(chart, within: available, place: "these countries")
            let header = ["date"] + ids.flatMap { ["\($0)_cases", "\($0)_deaths", "\($0)_recovered"] }
            let rows = days.map { day in
                [CalendarDate(daysSinceEpoch: day).iso]
                    + histories.flatMap { history -> [String] in
                        guard let history, !history.isEmpty, history.firstDay <= day, day <= history.lastDay else {
                            return ["", "", ""]
                        }
                        return HistoryMetric.allCases.map {
                            history.values($0)[day - history.firstDay].map(String.init) ?? ""
                        }
                    }
            }
            return CSVResponse.page(
                header: header, rows: rows, filename: "compare-\(ids.joined(separator: "-")).csv")
        }
    }

    /// `GET /api/compare?countries=kr,jp&metric=…&interval=…&scale=…&per=…&time=…`: what the chart
    /// draws, as JSON: `{"metric", "interval", "per", "time", "countries": [{"id", "country",
    /// "population", "latest": {"cases", "deaths", "casesPerOneMillion", "deathsPerOneMillion",
    /// "testsPerOneMillion"}, "line": {"YYYY-MM-DD": value or null, …}}]}`, `line` the 7-day average of
    /// daily figures or the cumulative count, per million when asked (null where the chart has no point;
    /// no `line` for a country without a series or a population). Each `latest` also has
    /// `peopleFullyVaccinatedPerHundred`, Our World in Data's last report (null without one). With a
    /// vaccination `metric` (`vaccinated`, `doses`, `boosters`), `line` holds the OWID figure the chart
    /// draws for the view (`VaccinationMetric.comparedLine`) on the days it was reported, null on the
    /// others (the chart joins reports straight; no `line` for an entry OWID has no row for).
    /// Redirects as the page does.
    /// - Throws: `HTTPError(400)` as `csv`, and for any chart parameter the chart cannot show.
    func json(
        _ request: Request, _ parameters: RouteParameters, _ current: SnapshotCache.Current
    ) throws -> Response {
        let entries: [CountryCatalog.Entry]
        switch try CompareController.entries(request.target, catalog: current.catalog, path: "/api/compare") {
        case .success(let found): entries = found
        case .failure(let redirect): return redirect.response
        }
        let ids = entries.map(\.id)
        let view = try VaccinationChartSection.parse(request.target, defaults: CompareController.defaults) {
            Links.compare(ids, $0, path: "/api/compare")
        }
        let chart = view.history
        return try site.pageCache.response(
            for: request, key: Links.compare(ids, view, path: "/api/compare"), version: current.version,
            dataChangedAt: current.dataChangedAt, freshness: { nil }
        ) {
            // Two to eight series (tens of ms): built on a worker, served from the loop.
            if entries.count > 1 { try EventLoopThread.leave() }
            let vaccination: (days: ClosedRange<Int>, lines: [String: [Double?]])? = try view.metric.map { metric in
                try vaccinationLines(entries, metric: metric, query: chart, current)
            }
            var writer = JSONWriter()
            writer.beginObject()
            writer.field("metric", view.metric?.rawValue ?? chart.metric.rawValue)
            writer.field("interval", chart.interval.rawValue)
            writer.field("per", chart.per.rawValue)
            writer.field("time", chart.start.text + ".." + chart.end.text)
            writer.key("countries")
            writer.beginArray()
            for entry in entries {
                let country = entry.country
                writer.beginObject()
                writer.field("id", entry.id)
                writer.field("country", country.country)
                writer.field("population", country[.population].flatMap { $0 > 0 ? $0 : nil })
                writer.key("latest")
                writer.beginObject()
                for (name, figure) in [("cases", Figure.cases), ("deaths", .deaths)] {
                    writer.field(name, country[figure])
                }
                let populated = (country[.population] ?? 0) > 0
                for (name, figure) in [
                    ("casesPerOneMillion", Figure.casesPerOneMillion), ("deathsPerOneMillion", .deathsPerOneMillion),
                ] {
                    writer.field(name, populated ? country[ratio: figure] : nil)
                }
                // No tests reported is unknown (null), not 0, as in the list and on the map.
                writer.field("testsPerOneMillion", CountryQuery.figure(.testsPerMillion, of: entry))
                writer.field("peopleFullyVaccinatedPerHundred", CountryQuery.figure(.fullyVaccinated, of: entry))
                writer.endObject()
                if let vaccination {
                    if let line = vaccination.lines[entry.id] {
                        writer.key("line")
                        writer.beginObject()
                        for (offset, value) in line.enumerated() {
                            writer.field(CalendarDate(daysSinceEpoch: vaccination.days.lowerBound + offset).iso, value)
                        }
                        writer.endObject()
                    }
                } else if let history = try site.histories.history(entry.id, version: current.version),
                    !history.isEmpty,
                    let days = chart.days(within: history.firstDay...history.lastDay),
                    let series = ChartSeries(
                        history, metric: chart.metric, interval: chart.interval, per: chart.per,
                        population: country[.population], days: days)
                {
                    writer.key("line")
                    writer.beginObject()
                    for (index, value) in series.line.enumerated() {
                        writer.field(series.date(index).iso, value)
                    }
                    writer.endObject()
                }
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
            let response = JSONResponse.make(writer.output)
            return CacheablePage(
                status: response.status, fields: response.fields, content: SplicedContent(response.body))
        }
    }

    /// The canonical list of a data address, or the redirect to it.
    /// - Throws: `HTTPError(400)` for an empty list, unknown ids or too many countries.
    static func entries(
        _ target: RequestTarget, catalog: CountryCatalog, path: String
    ) throws -> Result<[CountryCatalog.Entry], RedirectResponse> {
        switch CompareSelection.read(target, catalog: catalog) {
        case .empty:
            throw HTTPError(
                .badRequest, "Name the countries to compare: countries=kr,jp,us (at most \(CompareSelection.maximum)).")
        case .redirect(let ids, let status):
            guard !ids.isEmpty else {
                throw HTTPError(
                    .badRequest,
                    "Name the countries to compare: countries=kr,jp,us (at most \(CompareSelection.maximum)).")
            }
            return .failure(RedirectResponse(Response.redirect(to: location(ids, target, path: path), status: status)))
        case .invalid(let problem):
            throw error(problem)
        case .canonical(let entries):
            return .success(entries)
        }
    }
}

extension CompareController {
    /// The `400` for a list that cannot be compared, in disease.sh's words: the first unknown id (and how
    /// many more), or how many countries too many. The data addresses throw it, and so does the compare
    /// page for a client that asks for JSON.
    static func error(_ problem: CompareSelection.Problem) -> HTTPError {
        if let first = problem.unknown.first {
            let more = problem.unknown.count > 1 ? " (and \(problem.unknown.count - 1) more unknown)" : ""
            return HTTPError.quoting(.badRequest, "There is no country with the id ", first.raw, "\(more).")
        }
        return HTTPError(
            .badRequest,
            "A comparison shows at most \(CompareSelection.maximum) countries; this list names "
                + "\(Formatting.grouped(Int64(problem.tooMany ?? 0))).")
    }
}

/// A redirect, as the failure of a `Result` (a `Response` is not an `Error`).
struct RedirectResponse: Error {
    let response: Response
    init(_ response: Response) { self.response = response }
}
