import AtlasCore
import Foundation
import Testing

@testable import AtlasCharts

/// The compare chart's pure parts: where the names at the lines' ends go, and one scale for all lines.
struct CompareChartTests {
    @Test(arguments: [
        // Far apart: each at its line's end.
        ([50.0, 150, 250], [50.0, 150, 250]),
        // Two too close: spread both ways about their mean (100), 24 apart.
        ([98.0, 102], [88.0, 112]),
        // Three at one place: a column centred on it, in the order given for equals.
        ([100.0, 100, 100], [76.0, 100, 124]),
        // Order given is kept in the result, whatever the order of the places.
        ([102.0, 98], [112.0, 88]),
        // Near the top: pushed inside, then the column goes down from there.
        ([0.0, 5], [10.0, 34]),
        // Near the bottom: pushed inside, then the column goes up.
        ([300.0, 299], [310.0, 286]),
        // A cluster that, spread, meets a neighbour: they join and centre together.
        ([100.0, 100, 130], [86.0, 110, 134]),
    ])
    func labelsKeepTheirGapAndStayNearTheirLines(wanted: [Double], placed: [Double]) {
        let result = EndLabels.place(wanted, gap: 24, top: 10, bottom: 310)
        #expect(result.count == placed.count)
        for (got, expected) in zip(result, placed) { #expect(abs(got - expected) < 0.001, "\(result)") }
    }

    @Test func moreLabelsThanFitShareTheHeightEvenly() {
        let result = EndLabels.place(Array(repeating: 50.0, count: 5), gap: 100, top: 0, bottom: 100)
        #expect(result == [0, 25, 50, 75, 100])
    }

    @Test(arguments: 1...8)
    func noTwoLabelsOverlapWhereverTheLinesEnd(count: Int) {
        // Every line ending at the same few places, the worst case.
        let wanted = (0..<count).map { Double(($0 * 37) % 3) * 5 + 150 }
        let result = EndLabels.place(wanted, gap: 24, top: 12, bottom: 308).sorted()
        for (upper, lower) in zip(result, result.dropFirst()) { #expect(lower - upper >= 24 - 0.001) }
        #expect(result.allSatisfy { $0 >= 12 && $0 <= 308 })
    }

    @Test func noLabelsNoPlaces() { #expect(EndLabels.place([], gap: 10, top: 0, bottom: 10).isEmpty) }

    /// A series of cumulative counts from day 0.
    func series(_ counts: [Int64], firstDay: Int = 0) -> ChartSeries {
        let history = History(
            firstDay: firstDay, cases: counts, deaths: counts.map { _ in 0 }, recovered: counts.map { _ in nil })
        return ChartSeries(
            history, metric: .cases, interval: .cumulative, per: .total, population: nil,
            days: firstDay...(firstDay + counts.count - 1))!
    }

    @Test func oneScaleFitsEveryLineAndTheTimeAxisEveryDay() throws {
        let chart = try #require(
            ComparisonChart(
                [
                    (id: "aa", name: "Small", series: series([1, 2, 3])),
                    (id: "bb", name: "Large", series: series([10, 500, 900], firstDay: 2)),
                ],
                query: {
                    var query = ChartQuery(per: .total); query.interval = .cumulative; return query
                }(), words: try ChartWordsFixture.english()))
        #expect(chart.yTicks.last?.label == "1K", "the axis reaches above the largest line")
        #expect(chart.yTicks.first?.label == "0")
        #expect(chart.lines.map(\.id) == ["aa", "bb"])
        #expect(chart.lines.map(\.colour) == [0, 1])
        // Days 0…4 in one geometry: the small line ends left of the large one, at a lower value.
        let (small, large) = (chart.lines[0], chart.lines[1])
        #expect(small.endX < large.endX)
        #expect(small.endY > large.endY)
        #expect(large.endX <= chart.plot.right)
        #expect(chart.title == "Total cases: Small and Large")
        #expect(chart.description.contains("Latest: Small 3, Large 900."))
    }

    @Test func aLineWithNothingToDrawIsNamedInTheDescription() throws {
        let chart = try #require(
            ComparisonChart(
                [
                    (id: "aa", name: "Drawn", series: series([1, 2, 3])),
                    (id: "bb", name: "Zero", series: series([0, 0, 0])),
                ],
                query: {
                    var query = ChartQuery(per: .total); query.scale = .log; return query
                }(), words: try ChartWordsFixture.english()))
        #expect(chart.lines.map(\.id) == ["aa"])
        #expect(chart.description.hasSuffix("No line for Zero."))
    }

    @Test func nothingAtAllIsNoChart() throws {
        #expect(ComparisonChart([], query: ChartQuery(), words: try ChartWordsFixture.english()) == nil)
    }

    @Test(arguments: [
        ("USA", "USA"), ("Bosnia and Herzegovina", "Bosnia and He…"), ("Guinea-Bissau", "Guinea-Bissau"),
    ])
    func longNamesAreShortenedOnTheChart(name: String, label: String) {
        #expect(ComparisonChart.shortened(name) == label)
        #expect(ComparisonChart.shortened(name).count <= ComparisonChart.maximumLabelLength)
    }

    @Test func namesAreListedInWords() {
        #expect(ComparisonChart.listed(["A"]) == "A")
        #expect(ComparisonChart.listed(["A", "B"]) == "A and B")
        #expect(ComparisonChart.listed(["A", "B", "C"]) == "A, B and C")
    }
}
