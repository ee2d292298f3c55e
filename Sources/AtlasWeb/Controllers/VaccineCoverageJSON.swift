import AtlasCore
import AtlasSource
import HTTPCore
import Routing

/// The body of `/api/vaccine/coverage[/countries/{id}]`, in the shape of disease.sh's
/// `/v3/covid-19/vaccine/coverage` (https://disease.sh/docs/#/COVID-19%3A%20Vaccine) but holding only
/// days Our World in Data reported: disease.sh pads zeros before the first report and carries the last
/// total forward to the day of the request; this writes neither (README, "What differs from disease.sh").
///
/// - `fullData=false` (the default): `{"M/D/YY": total_vaccinations, …}`, the days `total_vaccinations`
///   was reported.
/// - `fullData=true`: `[{"total", "daily", "totalPerHundred", "dailyPerMillion", "date"}, …]`, the days
///   any of them was reported, `null` for a figure not reported that day; `daily` is OWID's 7-day
///   smoothed `daily_vaccinations`.
/// - A country's is `{"country": name, "timeline": <either>}`.
/// - `lastdays=N` keeps the days among those in the last N calendar days of the location's rows, ending
///   on its last row (30 by default, as disease.sh, whose window ends on the day of the request); both
///   shapes cover the same days, and a day OWID did not report is absent, not counted twice. `all`
///   keeps every day.
enum VaccineCoverageJSON {
    /// The query's choices.
    struct Options: Sendable {
        /// The number of calendar days to keep, ending on the location's last row; `nil` for all.
        var lastDays: Int?
        var fullData: Bool

        /// Reads `lastdays` and `fullData`.
        /// - Throws: `HTTPError(400)` listing the valid values of the one that is wrong.
        init(_ target: RequestTarget) throws {
            lastDays = try HistoryController.lastDays(target)
            switch target.queryValue("fullData")?.lowercased() {
            case nil, "", "false": fullData = false
            case "true": fullData = true
            case let other?:
                throw HTTPError.quoting(
                    .badRequest, "fullData must be true or false; ", other, " is neither.",
                    context: ErrorContext(
                        invalidParameter: .init(
                            name: "fullData",
                            choices: [.init(value: "true", href: nil), .init(value: "false", href: nil)])))
            }
        }

        /// The options as a query, the same for every spelling (the page cache's key).
        var canonicalQuery: String { "lastdays=\(lastDays.map(String.init) ?? "all")&fullData=\(fullData)" }
    }

    /// The figures of `fullData=true`, by disease.sh's names.
    static let fullFigures: [(name: String, figure: VaccinationFigure)] = [
        ("total", .totalVaccinations), ("daily", .dailyVaccinations),
        ("totalPerHundred", .totalVaccinationsPerHundred), ("dailyPerMillion", .dailyVaccinationsPerMillion),
    ]

    /// The JSON text for `series`; `country` wraps it as a country's answer.
    static func write(_ series: VaccinationSeries, country: String?, options: Options) -> String {
        let firstKept = options.lastDays.flatMap { count in series.span.map { $0.upperBound - count + 1 } }
        func isKept(_ day: Int) -> Bool { firstKept.map { day >= $0 } ?? true }
        var writer = JSONWriter()
        if let country {
            writer.beginObject()
            writer.field("country", country)
            writer.key("timeline")
        }
        if options.fullData {
            let days = series.days.filter { day in
                isKept(day.day) && fullFigures.contains { day[text: $0.figure] != nil }
            }
            writer.beginArray()
            for day in days {
                writer.beginObject()
                for (name, figure) in fullFigures { writer.field(name, day[figure]) }
                writer.field("date", JHUDate.format(day.date))
                writer.endObject()
            }
            writer.endArray()
        } else {
            writer.beginObject()
            for (day, value) in series.reports(.totalVaccinations) where isKept(day) {
                writer.field(JHUDate.format(CalendarDate(daysSinceEpoch: day)), value)
            }
            writer.endObject()
        }
        if country != nil { writer.endObject() }
        return writer.output
    }
}
