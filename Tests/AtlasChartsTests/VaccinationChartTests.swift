import AtlasCore
import Testing

@testable import AtlasCharts

/// `VaccinationChart`: lines through reported days only, a 0–100 % axis for shares, the words.
struct VaccinationChartTests {
    static let first = CalendarDate(iso: "2021-11-01")!.daysSinceEpoch

    static func day(_ offset: Int, _ figures: [VaccinationFigure: String]) -> VaccinationDay {
        VaccinationDay(day: first + offset, cells: VaccinationFigure.allCases.map { figures[$0] })
    }

    static let series = VaccinationSeries(
        location: "Somewhere", isoCode: "SMW",
        days: [
            day(0, [.totalVaccinations: "100", .peopleVaccinatedPerHundred: "10", .dailyVaccinations: "5"]),
            day(1, [.dailyVaccinations: "6"]),
            day(4, [.totalVaccinations: "400", .peopleVaccinatedPerHundred: "40.5"]),
            day(5, [.peopleFullyVaccinatedPerHundred: "20.25"]),
        ])

    static let joins: [([(Int, Double)], ClosedRange<Int>, [Double?])] = [
        ([(0, 100), (4, 400)], 0...5, [100, 175, 250, 325, 400, nil]),
        ([(2, 5)], 0...3, [nil, nil, 5, nil]),
        ([(0, 100), (4, 80)], 1...3, [95, 90, 85]),
        ([], 0...1, [nil, nil]),
    ]

    @Test(arguments: joins)
    func aLineJoinsReportedDaysAndStopsAtItsLastReport_B42(
        _ reports: [(Int, Double)], _ days: ClosedRange<Int>, _ expected: [Double?]
    ) {
        #expect(VaccinationChart.joined(reports.map { (day: $0.0, value: $0.1) }, days: days) == expected)
    }

    @Test func sharesAreTwoLinesOnAnAxisFromZeroToAHundred() throws {
        let chart = try #require(
            VaccinationChart(
                Self.series, place: "Somewhere", metric: .vaccinated, query: ChartQuery(),
                words: try ChartWordsFixture.english()))
        #expect(chart.lines.map(\.name) == ["At least one dose", "Fully vaccinated"])
        #expect(chart.yTicks.first?.label == "0 %")
        #expect(chart.yTicks.last?.label == "100 %")
        #expect(
            chart.description
                == "From 1 Nov 2021 to 6 Nov 2021; each line joins the days Our World in Data reported. Last reported: "
                + "at least one dose 40.5 % on 5 Nov 2021, fully vaccinated 20.25 % on 6 Nov 2021.")
    }

    @Test func dosesAreDailySmoothedOrCumulative() throws {
        let daily = try #require(
            VaccinationChart(
                Self.series, place: "S", metric: .doses, query: ChartQuery(), words: try ChartWordsFixture.english()))
        #expect(daily.title == "Doses a day (7-day average) in S")
        #expect(daily.description.hasSuffix("Last reported: doses a day 6 on 2 Nov 2021."))
        var cumulative = ChartQuery()
        cumulative.interval = .cumulative
        let total = try #require(
            VaccinationChart(
                Self.series, place: "S", metric: .doses, query: cumulative, words: try ChartWordsFixture.english()))
        #expect(total.description.hasSuffix("Last reported: doses given 400 on 5 Nov 2021."))
    }

    @Test func countsPerMillionSaySoAndOneLineIsTheLine() throws {
        var query = ChartQuery()
        query.interval = .cumulative
        query.per = .million
        let series = VaccinationSeries(
            location: "S", isoCode: "SSS",
            days: [
                Self.day(0, [.totalVaccinationsPerHundred: "1.5"]), Self.day(4, [.totalVaccinationsPerHundred: "2"]),
            ])
        let chart = try #require(
            VaccinationChart(series, place: "S", metric: .doses, query: query, words: try ChartWordsFixture.english()))
        #expect(chart.description.contains("; the line joins the days"))
        #expect(chart.description.contains("Last reported: doses given "))
        #expect(chart.description.hasSuffix("doses given 20,000 per million people on 5 Nov 2021."))
    }

    @Test func aFigureNeverReportedDrawsNoChart() throws {
        let words = try ChartWordsFixture.english()
        #expect(VaccinationChart(Self.series, place: "S", metric: .boosters, query: ChartQuery(), words: words) == nil)
    }
}
