import AtlasCharts
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
    /// Other spellings of the id answer `301` to the canonical address (words `302`), keeping `time`.
    /// - Throws: `HTTPError(404)` for an unknown id, an entry JHU does not cover, or a `time` with no day
    ///   of the data (each saying so); `400` for a bad `time`.
    func csv(
        _ request: Request, _ parameters: RouteParameters, _ current: SnapshotCache.Current
    ) throws -> Response {
        let entry: CountryCatalog.Entry
        let resolution = current.catalog.resolve(parameters["id"])
        switch resolution {
        case .found(let found): entry = found
        case .moved, .matched:
            let (id, status) = resolution.redirect!
            return Response.redirect(
                to: Links.keepingChartParameters(Links.country(id) + "/history.csv", from: request.target),
                status: status)
        case .notFound: throw HTTPError(.notFound, "There is no country with this id.")
        }
        return try csv(
            request, path: Links.country(entry.id) + "/history.csv", key: entry.id, place: entry.country.nameInSentence,
            filename: entry.id + "-history.csv", current: current)
    }

    /// `GET /history.csv?time=…`: the world's series (the sum of every JHU row) as a country's CSV.
    /// - Throws: `HTTPError(404)` when no history is stored or `time` has no day of it; `400` for a bad `time`.
    func worldCSV(
        _ request: Request, _ parameters: RouteParameters, _ current: SnapshotCache.Current
    ) throws -> Response {
        try csv(
            request, path: "/history.csv", key: HistoryKey.world, place: "the world",
            filename: "world-history.csv", current: current)
    }

    private func csv(
        _ request: Request, path: String, key: String, place: String, filename: String, current: SnapshotCache.Current
    ) throws -> Response {
        let chart = try ChartQuery.parse(request.target, defaults: ChartQuery(), subject: .csv) {
            Links.chart(path, $0)
        }
        // Only `time` changes a CSV: every other view of it shares one cached answer.
        var range = ChartQuery()
        (range.start, range.end) = (chart.start, chart.end)
        return try site.pageCache.response(
            for: request, key: Links.chart(path, range), version: current.version, dataChangedAt: current.dataChangedAt,
            freshness: { nil }
        ) {
            let history = try site.histories.history(key, version: current.version).flatMap { $0.isEmpty ? nil : $0 }
            let days = try HistoryDownload.days(
                chart, within: history.map { $0.firstDay...$0.lastDay }, place: place)
            guard let shown = history?.days(days) else {
                _ = try HistoryDownload.days(chart, within: nil, place: place);
                return CSVResponse.page(header: [], rows: [], filename: filename)
            }
            let rows = (0..<shown.count).map { index in
                [
                    shown.date(at: index).iso, String(shown.cases[index]), String(shown.deaths[index]),
                    shown.recovered[index].map(String.init) ?? "",
                ]
            }
            return CSVResponse.page(header: ["date", "cases", "deaths", "recovered"], rows: rows, filename: filename)
        }
    }

    /// `GET /api/historical/{id}` (an object) or `{id},{id}` (an array), `lastdays=N|all` (default 30, as
    /// disease.sh): `{"country", "province": ["mainland"], "timeline": {"cases": {"M/D/YY": n, …},
    /// "deaths": …, "recovered": …}}`, recovered 0 where not reported, as disease.sh. Other spellings answer
    /// `301` to the canonical ids; an entry named twice is answered once, so every spelling shares one
    /// cached answer.
    /// - Throws: `HTTPError(400)` for a list of more than `maximumIDs(in:)` ids or a bad `lastdays`;
    ///   `404` with disease.sh's message and the id that failed when an id is unknown or has no series.
    func countries(
        _ request: Request, _ parameters: RouteParameters, _ current: SnapshotCache.Current
    ) throws -> Response {
        let lastDays = try HistoryController.lastDays(request.target)
        let query = request.target.queryValue("lastdays").map { "?" + FormURLEncoding.encode([("lastdays", $0)]) } ?? ""
        // Counted before anything is resolved: an unknown id costs a search for near matches.
        let limit = HistoryController.maximumIDs(in: current.catalog)
        let count = parameters["ids"].utf8.count { $0 == UInt8(ascii: ",") } + 1
        guard count <= limit else {
            throw HTTPError(
                .badRequest,
                "A list may name at most \(limit) ids (one per entry); this one names \(Formatting.grouped(Int64(count)))."
            )
        }
        let raw = parameters["ids"].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if raw.count == 1, raw[0].lowercased() == "all" {
            return Response.redirect(to: "/api/historical/all" + query, status: .movedPermanently)
        }
        var entries: [CountryCatalog.Entry] = []
        var canonical: [String] = []
        var redirectStatus = StatusCode.movedPermanently
        for id in raw {
            let resolution = current.catalog.resolve(id)
            switch resolution {
            case .found(let entry):
                if !entries.contains(where: { $0.id == entry.id }) { entries.append(entry) }
                canonical.append(entry.id)
            case .moved, .matched:
                let (id, status) = resolution.redirect!
                canonical.append(id)
                // One word match makes the whole list's redirect temporary.
                if status == .found { redirectStatus = .found }
            case .notFound:
                throw HTTPError(.notFound, HistoryController.notFoundMessage + ": “\(id.shownInMessages)”")
            }
        }
        guard canonical == raw else {
            return Response.redirect(
                to: "/api/historical/" + canonical.map { PercentDecoding.encode($0) }.joined(separator: ",") + query,
                status: redirectStatus)
        }
        // The shape follows the request: a list (even of one entry named twice) is an array.
        let isList = raw.count > 1
        let key =
            "/api/historical/" + entries.map(\.id).joined(separator: ",") + (isList ? "," : "") + "?lastdays="
            + (lastDays.map(String.init) ?? "all")
        return try site.pageCache.response(
            for: request, key: key, version: current.version, dataChangedAt: current.dataChangedAt, freshness: { nil }
        ) {
            // More than one series takes milliseconds per entry (all 223: 0.6 s): built on a worker.
            if entries.count > 1 { try EventLoopThread.leave() }
            var writer = JSONWriter()
            if isList { writer.beginArray() }
            for entry in entries {
                guard let history = try site.histories.history(entry.id, version: current.version) else {
                    throw HTTPError(
                        .notFound,
                        HistoryController.notFoundMessage + ": “\(entry.id)” (JHU CSSE has no series for "
                            + "\(entry.country.country))")
                }
                writer.beginObject()
                writer.field("country", entry.country.country)
                writer.key("province")
                writer.beginArray()
                for province in HistoryController.provinces(of: entry, history) { writer.value(province) }
                writer.endArray()
                writer.key("timeline")
                HistoryController.timeline(history, lastDays: lastDays, to: &writer)
                writer.endObject()
            }
            if isList { writer.endArray() }
            return HistoryController.cacheable(writer.output)
        }
    }

    /// disease.sh's `province` list: the JHU rows the series sums, each its lower-case province, a country's
    /// own row `mainland` (`["mainland"]` for one country row; Australia's 8 states). A series stored
    /// without its rows falls back to what the mapping knows: a territory's own JHU province(s), else
    /// `mainland`.
    static func provinces(of entry: CountryCatalog.Entry, _ history: History) -> [String] {
        var names: [String] = []
        for row in history.rows {
            let name = row.province ?? "mainland"
            if !names.contains(name) { names.append(name) }
        }
        if !names.isEmpty { return names }
        let own = entry.country.countryInfo.iso2.map(HistoryMapping.ownProvinces(ofISO2:)) ?? []
        return own.isEmpty ? ["mainland"] : own
    }

    /// The most ids one `/api/historical/{ids}` list may name: one per entry. disease.sh documents no
    /// limit; without one, a list repeating one id answers megabytes.
    static func maximumIDs(in catalog: CountryCatalog) -> Int { max(1, catalog.entries.count) }

    /// `GET /api/historical/all?lastdays=N|all`: the world's series, disease.sh's
    /// `{"cases": {…}, "deaths": {…}, "recovered": {…}}`.
    /// - Throws: `HTTPError(404)` when no history is stored; `400` for a bad `lastdays`.
    func world(
        _ request: Request, _ parameters: RouteParameters, _ current: SnapshotCache.Current
    ) throws -> Response {
        let lastDays = try HistoryController.lastDays(request.target)
        return try site.pageCache.response(
            for: request, key: "/api/historical/all?lastdays=" + (lastDays.map(String.init) ?? "all"),
            version: current.version, dataChangedAt: current.dataChangedAt, freshness: { nil }
        ) {
            guard let history = try site.histories.history(HistoryKey.world, version: current.version) else {
                throw HTTPError(.notFound, HistoryController.notFoundMessage)
            }
            var writer = JSONWriter()
            HistoryController.timeline(history, lastDays: lastDays, to: &writer)
            return HistoryController.cacheable(writer.output)
        }
    }

    /// `lastdays`: `nil` for `all` and for a whole number of more days than any series can hold (over
    /// 999,999: 2,700 years), else the number of days (30 when absent, as disease.sh).
    /// - Throws: `HTTPError(400)` listing the valid values for anything but a whole number from 1 or `all`.
    static func lastDays(_ target: RequestTarget) throws -> Int? {
        guard let raw = target.queryValue("lastdays"), !raw.isEmpty else { return 30 }
        if raw.lowercased() == "all" { return nil }
        let digits = raw.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
        let significant = raw.utf8.drop { $0 == 48 }
        if digits, significant.count > 6 { return nil }
        guard digits, significant.count <= 6, let days = Int(String(decoding: significant, as: UTF8.self)), days > 0
        else {
            throw HTTPError.quoting(
                .badRequest, "lastdays must be a whole number of days from 1, or all; ", raw, " is neither.",
                context: ErrorContext(
                    invalidParameter: .init(
                        name: "lastdays",
                        choices: [.init(value: "all", href: nil), .init(value: "a whole number from 1", href: nil)])))
        }
        return days
    }

    /// `{"cases": {"M/D/YY": n, …}, "deaths": {…}, "recovered": {…}}` of the last `lastDays` days
    /// (all of them for `nil`), oldest first. A day whose recovered figure is not reported (`nil`: after
    /// JHU stopped, or a series that never had any) is left out of `recovered`, never written as 0.
    static func timeline(_ history: History, lastDays: Int?, to writer: inout JSONWriter) {
        let first = max(0, history.count - (lastDays ?? history.count))
        let dates = (first..<history.count).map { JHUDate.format(history.date(at: $0)) }
        writer.beginObject()
        for metric in HistoryMetric.allCases {
            let values = history.values(metric)
            writer.key(metric.rawValue)
            writer.beginObject()
            for (offset, index) in (first..<history.count).enumerated() {
                if let value = values[index] { writer.field(dates[offset], value) }
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
