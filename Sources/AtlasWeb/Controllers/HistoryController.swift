import AtlasCore
import AtlasSource
import AtlasStore
import HTTPCore
import Routing

/// The history as data: a country's every day as CSV, and the JSON twins of disease.sh's
/// `/v3/covid-19/historical/{country}`, `/historical/{a},{b}` and `/historical/all`
/// (https://disease.sh/docs/#/COVID-19%3A%20JHUCSSE), each from the page cache per data version.
struct HistoryController: Sendable {
    let site: SiteContext

    /// disease.sh's answer for a place without a series.
    static let notFoundMessage = "Country not found or doesn't have any historical data"

    /// `GET /countries/{id}/history.csv?time=…`: `date,cases,deaths,recovered`, one row per day of
    /// `time` (ISO dates), the counts cumulative as published, recovered empty after its last report.
    /// Other spellings of the id answer `301` to the canonical address, keeping `time`.
    /// - Throws: `HTTPError(404)` for an unknown id or an entry JHU does not cover; `400` for a bad `time`.
    func csv(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let current = site.snapshots.current()
        let entry: CountryCatalog.Entry
        switch current.catalog.resolve(parameters["id"]) {
        case .found(let found): entry = found
        case .moved(let id), .matched(let id):
            return Response.redirect(
                to: Links.keepingChartParameters(Links.country(id) + "/history.csv", from: request.target),
                status: .movedPermanently)
        case .notFound: throw HTTPError(.notFound, "There is no country with this id.")
        }
        let path = Links.country(entry.id) + "/history.csv"
        let chart = try ChartQuery.parse(request.target, defaults: ChartQuery()) { Links.chart(path, $0) }
        var range = chart
        range.metric = .cases
        return try site.pageCache.response(
            for: request, key: Links.chart(path, range), version: current.version, loadedAt: current.loadedAt,
            freshness: { nil }
        ) {
            guard let history = try site.histories.history(entry.id),
                let days = chart.days(within: history.firstDay...history.lastDay)
            else {
                throw HTTPError(
                    .notFound, "JHU CSSE’s time series has no days for \(entry.country.country) in this range.")
            }
            var text = "date,cases,deaths,recovered\n"
            let shown = history.days(days)
            for index in 0..<shown.count {
                text +=
                    shown.date(at: index).iso + "," + String(shown.cases[index]) + "," + String(shown.deaths[index])
                    + "," + (shown.recovered[index].map(String.init) ?? "") + "\n"
            }
            var fields = Fields()
            fields[.contentType] = "text/csv; charset=utf-8"
            fields["Content-Disposition"] = "attachment; filename=\"\(entry.id)-history.csv\""
            fields[.xContentTypeOptions] = "nosniff"
            CachePolicy.shared.apply(to: &fields)
            return CacheablePage(status: .ok, fields: fields, content: SplicedContent(Array(text.utf8)))
        }
    }

    /// `GET /api/historical/{id}` (one object), `/api/historical/{id},{id}` (an array) with
    /// `lastdays=N|all` (default 30, as disease.sh): `{"country", "province": ["mainland"], "timeline":
    /// {"cases": {"M/D/YY": n, …}, "deaths": …, "recovered": …}}`, recovered 0 where not reported (as
    /// disease.sh sends it). Other spellings answer `301` to the canonical ids.
    /// - Throws: `HTTPError(404)` with disease.sh's message when an id is unknown or has no series;
    ///   `400` for a bad `lastdays`.
    func countries(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let lastDays = try HistoryController.lastDays(request.target)
        let current = site.snapshots.current()
        let raw = parameters["ids"].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var entries: [CountryCatalog.Entry] = []
        var canonical: [String] = []
        for id in raw {
            switch current.catalog.resolve(id) {
            case .found(let entry):
                entries.append(entry)
                canonical.append(entry.id)
            case .moved(let id), .matched(let id): canonical.append(id)
            case .notFound: throw HTTPError(.notFound, HistoryController.notFoundMessage)
            }
        }
        guard canonical == raw else {
            let query =
                request.target.queryValue("lastdays").map { "?" + FormURLEncoding.encode([("lastdays", $0)]) } ?? ""
            return Response.redirect(
                to: "/api/historical/" + canonical.map { PercentDecoding.encode($0) }.joined(separator: ",") + query,
                status: .movedPermanently)
        }
        let key =
            "/api/historical/" + canonical.joined(separator: ",") + "?lastdays=" + (lastDays.map(String.init) ?? "all")
        return try site.pageCache.response(
            for: request, key: key, version: current.version, loadedAt: current.loadedAt, freshness: { nil }
        ) {
            var writer = JSONWriter()
            if entries.count > 1 { writer.beginArray() }
            for entry in entries {
                guard let history = try site.histories.history(entry.id) else {
                    throw HTTPError(.notFound, HistoryController.notFoundMessage)
                }
                writer.beginObject()
                writer.field("country", entry.country.country)
                writer.key("province")
                writer.beginArray()
                writer.value("mainland")
                writer.endArray()
                writer.key("timeline")
                HistoryController.timeline(history, lastDays: lastDays, to: &writer)
                writer.endObject()
            }
            if entries.count > 1 { writer.endArray() }
            return HistoryController.cacheable(writer.output)
        }
    }

    /// `GET /api/historical/all?lastdays=N|all`: the world's series, disease.sh's
    /// `{"cases": {…}, "deaths": {…}, "recovered": {…}}`.
    /// - Throws: `HTTPError(404)` when no history is stored; `400` for a bad `lastdays`.
    func world(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let lastDays = try HistoryController.lastDays(request.target)
        let current = site.snapshots.current()
        return try site.pageCache.response(
            for: request, key: "/api/historical/all?lastdays=" + (lastDays.map(String.init) ?? "all"),
            version: current.version, loadedAt: current.loadedAt, freshness: { nil }
        ) {
            guard let history = try site.histories.history(HistoryKey.world) else {
                throw HTTPError(.notFound, HistoryController.notFoundMessage)
            }
            var writer = JSONWriter()
            HistoryController.timeline(history, lastDays: lastDays, to: &writer)
            return HistoryController.cacheable(writer.output)
        }
    }

    /// `lastdays`: `nil` for `all`, else the number of days (30 when absent, as disease.sh).
    /// - Throws: `HTTPError(400)` listing the valid values for anything but a whole number from 1 or `all`.
    static func lastDays(_ target: RequestTarget) throws -> Int? {
        guard let raw = target.queryValue("lastdays"), !raw.isEmpty else { return 30 }
        if raw.lowercased() == "all" { return nil }
        guard raw.utf8.count <= 6, raw.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let days = Int(raw), days > 0 else {
            throw HTTPError.quoting(
                .badRequest, "lastdays must be a whole number of days from 1, or all; ", raw, " is neither.",
                context: ErrorContext(
                    invalidParameter: .init(
                        name: "lastdays", choices: [.init(value: "all", href: nil), .init(value: "30", href: nil)])))
        }
        return days
    }

    /// `{"cases": {"M/D/YY": n, …}, "deaths": {…}, "recovered": {…}}` of the last `lastDays` days
    /// (all of them for `nil`), oldest first.
    static func timeline(_ history: History, lastDays: Int?, to writer: inout JSONWriter) {
        let first = max(0, history.count - (lastDays ?? history.count))
        let dates = (first..<history.count).map { JHUDate.format(history.date(at: $0)) }
        writer.beginObject()
        for metric in HistoryMetric.allCases {
            let values = history.values(metric)
            writer.key(metric.rawValue)
            writer.beginObject()
            for (offset, index) in (first..<history.count).enumerated() {
                writer.field(dates[offset], values[index] ?? 0)
            }
            writer.endObject()
        }
        writer.endObject()
    }

    private static func cacheable(_ json: String) -> CacheablePage {
        let response = JSONResponse.make(json)
        return CacheablePage(status: response.status, fields: response.fields, content: SplicedContent(response.body))
    }
}
