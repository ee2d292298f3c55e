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
/// - `lastdays=N` keeps the last N of those days (30 by default, as disease.sh), `all` every one.
enum VaccineCoverageJSON {
    /// The query's choices.
    struct Options: Sendable {
        /// The number of reported days to keep from the end; `nil` for all.
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
        var writer = JSONWriter()
        if let country {
            writer.beginObject()
            writer.field("country", country)
            writer.key("timeline")
        }
        if options.fullData {
            let days = keepLast(
                options.lastDays,
                of: series.days.filter { day in
                    fullFigures.contains { day[text: $0.figure] != nil }
                })
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
            for (day, value) in keepLast(options.lastDays, of: series.reports(.totalVaccinations)) {
                writer.field(JHUDate.format(CalendarDate(daysSinceEpoch: day)), value)
            }
            writer.endObject()
        }
        if country != nil { writer.endObject() }
        return writer.output
    }

    private static func keepLast<Element>(_ count: Int?, of elements: [Element]) -> ArraySlice<Element> {
        elements.suffix(count ?? elements.count)
    }
}
