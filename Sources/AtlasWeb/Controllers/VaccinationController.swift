import AtlasCore
import AtlasSource
import HTTPCore
import Routing

/// Our World in Data's vaccination rows as downloads: `vaccinations.csv` twins of the country and
/// world pages (OWID's columns, one row per day reported, as published), and JSON in the shape of
/// disease.sh's `/v3/covid-19/vaccine/coverage` without its invented days (docs/pages.md).
struct VaccinationController: Sendable {
    let site: SiteContext

    /// `GET /countries/{id}/vaccinations.csv`: the entry's OWID rows; other spellings of the id redirect.
    /// - Throws: `HTTPError(404)` for an unknown id or an entry OWID has no row for.
    func csv(_ request: Request, _ parameters: RouteParameters, _ current: SnapshotCache.Current) throws -> Response {
        let resolution = current.catalog.resolve(parameters["id"])
        switch resolution {
        case .found(let entry):
            return try csv(
                request, key: Links.country(entry.id) + "/vaccinations.csv",
                isoCode: VaccinationMapping.isoCode(of: entry.country), place: entry.country.nameInSentence,
                reason: VaccinationMapping.reasonNotJoined(entry.country), filename: entry.id + "-vaccinations.csv",
                current: current)
        case .moved, .matched:
            let (id, status) = resolution.redirect!
            return Response.redirect(to: Links.country(id) + "/vaccinations.csv", status: status)
        case .notFound: throw HTTPError(.notFound, "There is no country with this id.")
        }
    }

    /// `GET /vaccinations.csv`: the world's OWID rows (`OWID_WRL`).
    /// - Throws: `HTTPError(404)` when none are stored.
    func worldCSV(_ request: Request, _ parameters: RouteParameters, _ current: SnapshotCache.Current) throws
        -> Response
    {
        try csv(
            request, key: "/vaccinations.csv", isoCode: VaccinationMapping.worldISOCode, place: "the world",
            reason: nil, filename: "world-vaccinations.csv", current: current)
    }

    private func csv(
        _ request: Request, key: String, isoCode: String?, place: String, reason: String?, filename: String,
        current: SnapshotCache.Current
    ) throws -> Response {
        try site.pageCache.response(
            for: request, key: key, version: current.version, dataChangedAt: current.dataChangedAt, freshness: { nil }
        ) {
            let series = try Self.series(isoCode, place: place, reason: reason, site: site, current: current)
            let rows = series.days.map { day in
                [Self.csvField(series.location), series.isoCode, day.date.iso] + day.cells.map { $0 ?? "" }
            }
            return CSVResponse.page(
                header: VaccinationFigure.keyColumns + VaccinationFigure.allCases.map(\.rawValue), rows: rows,
                filename: filename)
        }
    }

    /// `GET /api/vaccine/coverage/countries/{id}?lastdays=N|all&fullData=true|false`.
    /// - Throws: `HTTPError(404)` for an unknown id or an entry OWID has no row for; `400` for a bad
    ///   `lastdays` or `fullData`.
    func country(_ request: Request, _ parameters: RouteParameters, _ current: SnapshotCache.Current) throws
        -> Response
    {
        let options = try VaccineCoverageJSON.Options(request.target)
        let resolution = current.catalog.resolve(parameters["id"])
        switch resolution {
        case .found(let entry):
            return try json(
                request, key: "/api/vaccine/coverage/countries/" + entry.id, options: options,
                isoCode: VaccinationMapping.isoCode(of: entry.country), place: entry.country.nameInSentence,
                reason: VaccinationMapping.reasonNotJoined(entry.country), country: entry.country.country,
                current: current)
        case .moved, .matched:
            let (id, status) = resolution.redirect!
            let query = request.target.query.map { "?" + $0 } ?? ""
            return Response.redirect(to: "/api/vaccine/coverage/countries/" + id + query, status: status)
        case .notFound: throw HTTPError(.notFound, "There is no country with this id.")
        }
    }

    /// `GET /api/vaccine/coverage?lastdays=N|all&fullData=true|false`: the world's doses.
    /// - Throws: `HTTPError(404)` when none are stored; `400` for a bad `lastdays` or `fullData`.
    func world(_ request: Request, _ parameters: RouteParameters, _ current: SnapshotCache.Current) throws
        -> Response
    {
        try json(
            request, key: "/api/vaccine/coverage", options: try VaccineCoverageJSON.Options(request.target),
            isoCode: VaccinationMapping.worldISOCode, place: "the world", reason: nil, country: nil, current: current)
    }

    private func json(
        _ request: Request, key: String, options: VaccineCoverageJSON.Options, isoCode: String?, place: String,
        reason: String?, country: String?, current: SnapshotCache.Current
    ) throws -> Response {
        try site.pageCache.response(
            for: request, key: key + "?" + options.canonicalQuery, version: current.version,
            dataChangedAt: current.dataChangedAt, freshness: { nil }
        ) {
            let series = try Self.series(isoCode, place: place, reason: reason, site: site, current: current)
            let response = JSONResponse.make(VaccineCoverageJSON.write(series, country: country, options: options))
            return CacheablePage(
                status: response.status, fields: response.fields, content: SplicedContent(response.body))
        }
    }

    /// The stored series of `isoCode`.
    /// - Throws: `HTTPError(404)` saying why there is none.
    private static func series(
        _ isoCode: String?, place: String, reason: String?, site: SiteContext, current: SnapshotCache.Current
    ) throws -> VaccinationSeries {
        guard let series = try site.vaccinations.series(isoCode, version: current.version) else {
            throw HTTPError(.notFound, reason ?? "Our World in Data publishes no vaccination figures for \(place).")
        }
        return series
    }

    /// A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
