import AtlasCharts
import AtlasCore
import HTTPCore
import Mustache
import Testing

@testable import AtlasWeb

/// The pure parts of the Vaccination section and its JSON twin, on hand-made series.
struct VaccinationViewModelTests {
    static let first = CalendarDate(iso: "2021-11-01")!.daysSinceEpoch

    /// A day with `figures` set (others not reported).
    static func day(_ offset: Int, _ figures: [VaccinationFigure: String]) -> VaccinationDay {
        VaccinationDay(day: first + offset, cells: VaccinationFigure.allCases.map { figures[$0] })
    }

    static let series = VaccinationSeries(
        location: "Somewhere", isoCode: "SMW",
        days: [
            day(0, [.totalVaccinations: "1000", .peopleFullyVaccinatedPerHundred: "10.5", .dailyVaccinations: "7"]),
            day(1, [.dailyVaccinations: "8"]),
            day(3, [.totalVaccinations: "1234567", .peopleVaccinatedPerHundred: "20.25"]),
        ])

    static let cells: [(VaccinationFigure, VaccinationSummary.Unit, String, String?)] = [
        (.totalVaccinations, .count, "1,234,567", "2021-11-04"),
        (.peopleVaccinatedPerHundred, .percent, "20.25 %", "2021-11-04"),
        (.peopleFullyVaccinatedPerHundred, .percent, "10.5 %", "2021-11-01"),
        (.totalBoostersPerHundred, .perHundred, "not reported", nil),
    ]

    @Test(arguments: cells)
    func eachFigureIsItsOwnLastReport_B42(
        _ figure: VaccinationFigure, _ unit: VaccinationSummary.Unit, value: String, iso: String?
    ) throws {
        let cell = VaccinationSummary.cell("x", figure, unit, in: Self.series, words: try PageWordsTests.english())
        guard case .object(let fields) = cell else { Issue.record("not an object"); return }
        #expect(fields["value"] == .string(value))
        #expect(fields["iso"] == iso.map { .string($0) })
    }

    @Test func aPlaceWithoutRowsSaysSoInOneSentenceWithoutFiguresOrChartLinks() throws {
        let words = try PageWordsTests.english()
        let value = VaccinationSummary(words: words, place: "Réunion", series: nil).templateValue
        guard case .object(let fields) = value else {
            Issue.record("not the expected shape")
            return
        }
        #expect(
            fields["absent"]
                == .string(
                    "Our World in Data has no row for Réunion in its vaccination data, so there is no figure or chart "
                        + "to show."))
        #expect(fields["figures"] == nil)
        #expect(fields["csv"] == nil)
        let chart = VaccinationChartSection(
            series: nil, place: "Réunion", query: .init(history: ChartQuery(), metric: .doses), path: "/countries/re",
            words: words)
        #expect(chart.templateValue == .null)
    }

    static func options(_ query: String) throws -> VaccineCoverageJSON.Options {
        try VaccineCoverageJSON.Options(try RequestTarget(parsing: "/api/vaccine/coverage?" + query))
    }

    @Test func theTimelineHasOnlyTheDaysTotalsWereReported() throws {
        let json = VaccineCoverageJSON.write(
            Self.series, country: "Somewhere", options: try Self.options("lastdays=all"))
        #expect(json == #"{"country":"Somewhere","timeline":{"11/1/21":1000,"11/4/21":1234567}}"#)
        let last = VaccineCoverageJSON.write(Self.series, country: nil, options: try Self.options("lastdays=1"))
        #expect(last == #"{"11/4/21":1234567}"#)
    }

    /// `lastdays=N` is the last N calendar days of the rows, the same days in both shapes: the series ends
    /// on 4 Nov, so `lastdays=3` is 2–4 Nov (3 Nov has no row; the total was not reported on 2 Nov).
    @Test func lastDaysAreCalendarDaysEndingOnTheLastRowInBothShapes() throws {
        let totals = VaccineCoverageJSON.write(Self.series, country: nil, options: try Self.options("lastdays=3"))
        #expect(totals == #"{"11/4/21":1234567}"#)
        let full = VaccineCoverageJSON.write(
            Self.series, country: nil, options: try Self.options("lastdays=3&fullData=true"))
        #expect(
            full
                == #"[{"total":null,"daily":8,"totalPerHundred":null,"dailyPerMillion":null,"date":"11/2/21"},"#
                + #"{"total":1234567,"daily":null,"totalPerHundred":null,"dailyPerMillion":null,"date":"11/4/21"}]"#)
        let two = VaccineCoverageJSON.write(
            Self.series, country: nil, options: try Self.options("lastdays=2&fullData=true"))
        #expect(two.hasPrefix(#"[{"total":1234567"#), "\(two)")
    }

    @Test func fullDataWritesNullForAFigureNotReportedThatDay() throws {
        let json = VaccineCoverageJSON.write(
            Self.series, country: nil, options: try Self.options("lastdays=all&fullData=true"))
        #expect(
            json
                == #"[{"total":1000,"daily":7,"totalPerHundred":null,"dailyPerMillion":null,"date":"11/1/21"},"#
                + #"{"total":null,"daily":8,"totalPerHundred":null,"dailyPerMillion":null,"date":"11/2/21"},"#
                + #"{"total":1234567,"daily":null,"totalPerHundred":null,"dailyPerMillion":null,"date":"11/4/21"}]"#)
    }
}
