import AtlasCharts
import AtlasCore
import HTTPCore
import Routing

/// The compare page's twins in a vaccination view: Our World in Data's figures per country, only on the
/// days OWID reported them (docs/field-cases.md B41, B42: a day not reported is neither a 0 nor the last
/// total carried forward).
extension CompareController {
    /// Each entry's OWID series, keyed by id; an entry OWID has no row for is absent.
    private func vaccinationSeries(_ entries: [CountryCatalog.Entry], _ current: SnapshotCache.Current) throws
        -> [String: VaccinationSeries]
    {
        var found: [String: VaccinationSeries] = [:]
        for entry in entries {
            guard let isoCode = VaccinationMapping.isoCode(of: entry.country),
                let series = try site.vaccinations.series(isoCode, version: current.version)
            else { continue }
            found[entry.id] = series
        }
        return found
    }

    /// The body of `/compare.csv?…&metric=vaccinated`: `date`, then `{id}_{column}` for each of
    /// `VaccinationMetric.comparedFigures` per entry in the list's order; a row per day of `time` on which
    /// any entry reported any of them, each cell as OWID published it or empty.
    /// - Throws: `HTTPError(404)` when OWID has no row for any entry, or `time` asks for none of their days.
    func vaccinationCSV(_ entries: [CountryCatalog.Entry], time: ChartQuery, _ current: SnapshotCache.Current) throws
        -> CacheablePage
    {
        let found = try vaccinationSeries(entries, current)
        let figures = VaccinationMetric.comparedFigures
        let reportedDays = Set(
            found.values.flatMap { series in
                series.days.filter { day in figures.contains { day[text: $0] != nil } }.map(\.day)
            })
        guard let first = reportedDays.min(), let last = reportedDays.max() else {
            throw HTTPError(
                .notFound,
                "Our World in Data has no vaccination figures for these countries, so there is nothing to download.")
        }
        guard let days = time.days(within: first...last) else {
            throw HTTPError(
                .notFound,
                "Our World in Data’s figures for these countries run from \(CalendarDate(daysSinceEpoch: first).short) "
                    + "to \(CalendarDate(daysSinceEpoch: last).short); time “\(time.start.text)..\(time.end.text)” "
                    + "asks for none of these days.")
        }
        let ids = entries.map(\.id)
        let byDay = ids.map { id in
            Dictionary((found[id]?.days ?? []).map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let rows = reportedDays.filter(days.contains).sorted().map { day in
            [CalendarDate(daysSinceEpoch: day).iso]
                + byDay.flatMap { reports in figures.map { reports[day]?[text: $0] ?? "" } }
        }
        return CSVResponse.page(
            header: ["date"] + ids.flatMap { id in figures.map { "\(id)_\($0.rawValue)" } }, rows: rows,
            filename: "compare-\(ids.joined(separator: "-"))-vaccinations.csv")
    }

    /// What `/api/compare?…&metric=…` writes as each entry's `line` in a vaccination view: the days of the
    /// chart (those `query.time` asks for within the first and last report of any entry) and, per entry
    /// OWID has a row for, the figure the chart draws (`VaccinationMetric.comparedLine`, scaled as drawn)
    /// on each of them, `nil` where it was not reported; no lines at all when no entry reported it on any
    /// of those days.
    func vaccinationLines(
        _ entries: [CountryCatalog.Entry], metric: VaccinationMetric, query: ChartQuery,
        _ current: SnapshotCache.Current
    ) throws -> (days: ClosedRange<Int>, lines: [String: [Double?]]) {
        let found = try vaccinationSeries(entries, current)
        let spec = metric.comparedLine(interval: query.interval, per: query.per)
        let reports = found.mapValues(spec.reports(in:))
        let reported = reports.values.flatMap { $0.map(\.day) }
        guard let first = reported.min(), let last = reported.max(), let days = query.days(within: first...last)
        else { return (0...0, [:]) }
        return (
            days,
            reports.mapValues { reports in
                var line = [Double?](repeating: nil, count: days.count)
                for report in reports where days.contains(report.day) {
                    line[report.day - days.lowerBound] = report.value
                }
                return line
            }
        )
    }
}
