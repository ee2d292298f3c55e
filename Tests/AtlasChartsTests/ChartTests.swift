import AtlasCore
import Formats
import Foundation
import Testing

@testable import AtlasCharts

/// The pure parts of a history chart, as tables: each expected value worked out by hand from the rule
/// the type documents (d3's tick steps, Our World in Data's abbreviations), not from the code.
struct TickTests {
    @Test(arguments: [
        // minimum, maximum → lower, upper, step
        (0.0, 97.0, 0.0, 100.0, 20.0),  // raw step 19.4: 1.94 ≥ √2 → 2 × 10
        (0, 55_672.71, 0, 60_000, 10_000),  // raw 11,134: 1.11 → 1 × 10⁴, widened to 60,000
        (-349_116, 117_900, -400_000, 200_000, 100_000),  // France's correction: below zero stays
        (0, 0.7, 0, 0.7, 0.1),  // raw 0.14: 1.4 < √2 → 1 × 10⁻¹
        (0, 0, 0, 1, 0.2),  // a flat series still gets an axis
        (0, 3_663, 0, 4_000, 1_000),  // raw 732.6: 7.3 ≥ √50 → 10 × 10²
    ])
    func linearTicksAreOneTwoOrFiveTimesAPowerOfTen(
        minimum: Double, maximum: Double, lower: Double, upper: Double, step: Double
    ) {
        let ticks = NiceTicks(minimum: minimum, maximum: maximum, count: 5)
        #expect(ticks.lower == lower)
        #expect(ticks.upper == upper)
        #expect(abs(ticks.step - step) < step * 1e-9)
        #expect(ticks.values.first == lower)
        #expect(abs((ticks.values.last ?? .nan) - upper) < step * 1e-9)
        #expect(ticks.values.count == Int(((upper - lower) / step).rounded()) + 1)
    }

    @Test(arguments: [
        (3.0, 55_672.0, [1.0, 10, 100, 1_000, 10_000, 100_000]),  // five powers: powers only
        (12, 850, [10, 20, 50, 100, 200, 500, 1_000]),  // two powers: 2 × and 5 × as well
        (1_000, 1_000, [1_000, 2_000, 5_000, 10_000]),  // one value: one power of ten above it
        (0.4, 7.5, [0.1, 0.2, 0.5, 1, 2, 5, 10]),  // per million figures below one
    ])
    func logTicksArePowersOfTen(minimum: Double, maximum: Double, expected: [Double]) {
        let ticks = LogTicks(minimum: minimum, maximum: maximum)
        #expect(ticks.values.count == expected.count, "\(ticks.values)")
        for (value, wanted) in zip(ticks.values, expected) { #expect(abs(value - wanted) < wanted * 1e-9) }
    }

    /// Ticks for `days` on a plot from x = 64 to 548 (the default plot), labels at `fontSize`.
    static func timeTicks(_ first: String, _ last: String, fontSize: Double = LabelWidth.wideFontSize) -> TimeTicks {
        TimeAxisFixture.ticks(first, last, fontSize: fontSize)
    }

    @Test func aShortRangeIsTickedEverySecondDayWithTheYearOnTheFirst() {
        // 13 days, 37.2 units each: every second day is 74.5 units apart, and "1 Nov 2021" (76.4 units
        // at 13) and "3 Nov" (39.2) need 38.2 + 19.6 + 6.5 (half an em) = 64.3.
        let ticks = Self.timeTicks("2021-11-01", "2021-11-13").ticks
        #expect(ticks.map(\.label) == ["1 Nov 2021", "3 Nov", "5 Nov", "7 Nov", "9 Nov", "11 Nov", "13 Nov"])
        // At 23 units the two labels need 113.7 apart: a week (260) is the densest that fits.
        let narrow = Self.timeTicks("2021-11-01", "2021-11-13", fontSize: LabelWidth.narrowFontSize)
        #expect(narrow.ticks.map(\.label) == ["1 Nov 2021", "8 Nov"])
    }

    @Test func elevenDaysInMayAreTickedEverySecondDayWithoutOverlap() {
        // /countries/fr?time=2021-05-15..2021-05-25 once drew "15 May 202117 May": the first label was
        // anchored at its start and ran into the second. 44 units a day: 88 apart, 74.9 needed.
        let wide = Self.timeTicks("2021-05-15", "2021-05-25")
        #expect(wide.ticks.map(\.label) == ["15 May 2021", "17 May", "19 May", "21 May", "23 May", "25 May"])
        #expect(wide.ticks.allSatisfy { $0.anchor == "middle" })
        let narrow = Self.timeTicks("2021-05-15", "2021-05-25", fontSize: LabelWidth.narrowFontSize)
        #expect(narrow.ticks.map(\.label) == ["15 May 2021", "22 May"])
    }

    @Test(arguments: [
        ("2021-05-15", "2021-05-25"), ("2021-11-01", "2021-11-13"), ("2021-10-05", "2021-11-13"),
        ("2021-08-16", "2021-11-13"), ("2020-10-10", "2021-11-13"), ("2020-01-22", "2021-11-13"),
        ("2020-12-20", "2021-01-10"), ("2021-11-13", "2021-11-13"), ("2020-01-01", "2024-12-31"),
    ])
    func noTwoLabelsOverlapNorLeaveTheChartAtEitherSize(first: String, last: String) {
        // The wide axis is shown at 13 units; the narrow one at 18 (up to 40rem) and 23 (up to 30rem).
        let sizes = [
            (LabelWidth.wideFontSize, LabelWidth.wideFontSize), (LabelWidth.narrowFontSize, 18),
            (LabelWidth.narrowFontSize, LabelWidth.narrowFontSize),
        ]
        for (placedAt, fontSize) in sizes {
            let ticks = Self.timeTicks(first, last, fontSize: placedAt)
            TimeAxisFixture.expectLabelsFit(ticks, from: first, to: last, measuredAt: fontSize)
        }
    }

    @Test func aNewYearInADayRangeShowsItsYear() {
        let ticks = Self.timeTicks("2020-12-20", "2021-01-10").ticks
        #expect(ticks.first?.label == "20 Dec 2020")
        #expect(ticks.contains { $0.label.hasSuffix(" 2021") }, "\(ticks.map(\.label))")
    }

    @Test(arguments: [
        // text, at 10 units → width, worked out from DejaVu Sans' advance widths
        ("100K", 10.0, 26.95),  // 3 × 0.636 + K 0.787
        ("\u{2212}400K", 10, 35.33),  // − 0.838 + 3 × 0.636 + 0.787
        ("Jan 2021", 10, 45.45),  // J 0.411 + a n 2 × 0.636 + space 0.318 + 4 × 0.636
    ])
    func labelWidthsAreEstimatedFromTheirCharacters(text: String, fontSize: Double, width: Double) {
        #expect(abs(LabelWidth.of(text, fontSize: fontSize) - width) < 0.01)
    }

    @Test func theShippedHistoryIsTickedQuarterlyWithTheYearWhereItStarts() {
        let ticks = Self.timeTicks("2020-01-22", "2021-11-13").ticks
        #expect(ticks.map(\.label) == ["Apr 2020", "Jul", "Oct", "Jan 2021", "Apr", "Jul", "Oct"])
        #expect(ticks.filter(\.startsYear).map(\.label) == ["Jan 2021"])
        #expect(ticks.first?.day == CalendarDate(iso: "2020-04-01")!.daysSinceEpoch)
        let narrow = Self.timeTicks("2020-01-22", "2021-11-13", fontSize: LabelWidth.narrowFontSize).ticks
        #expect(narrow.map(\.label) == ["Jul 2020", "Jan 2021", "Jul"])
    }

    @Test func fiveYearsAreTickedEveryHalfYearOrEveryYearWhenLabelsAreLarger() {
        // 0.265 units a day: January to July is 48 units, "Jan 2020" and "Jul" need 44.6 at 13.
        let ticks = Self.timeTicks("2020-01-01", "2024-12-31").ticks
        #expect(
            ticks.map(\.label) == [
                "Jan 2020", "Jul", "Jan 2021", "Jul", "Jan 2022", "Jul", "Jan 2023", "Jul", "Jan 2024", "Jul",
            ])
        let narrow = Self.timeTicks("2020-01-01", "2024-12-31", fontSize: LabelWidth.narrowFontSize).ticks
        // At 23 units "Jan 2020" (104.5) would need more than a year (96.7): a yearly tick is its year.
        #expect(narrow.map(\.label) == ["2020", "2021", "2022", "2023", "2024"])
    }

    @Test(arguments: [
        (1_234_567.0, "1.23M"), (55_672.71, "55.7K"), (9_171.29, "9.17K"), (850, "850"), (0.25, "0.25"),
        (0, "0"), (-200_000, "\u{2212}200K"), (-0.5, "\u{2212}0.5"), (999_600, "1M"), (1_500, "1.5K"),
        (2_500_000, "2.5M"),
        (7_900_000_000, "7.9B"), (12.345, "12.3"), (0.0123, "0.0123"), (100_000, "100K"),
    ])
    func labelsAreAbbreviatedToThreeSignificantDigits(value: Double, label: String) {
        #expect(ChartNumbers.abbreviated(value) == label)
    }

    @Test(arguments: [
        (-349_116.0, "\u{2212}349,116"), (1_234, "1,234"), (-0.004, "0"), (-12.5, "\u{2212}12.5"), (0, "0"),
    ])
    func figuresInWordsUseTheMinusSign(value: Double, text: String) {
        #expect(ChartWords.figure(value) == text)
    }

    @Test(arguments: [
        (1.25, 1, "1.3"), (-3.14159, 2, "-3.14"), (-0.04, 1, "0.0"), (123.0, 0, "123"), (0.5, 3, "0.500"),
        (114.65, 1, "114.7"),
    ])
    func decimalsAreWrittenTheSameInEveryLocale(value: Double, decimals: Int, text: String) {
        #expect(NumberText.fixed(value, decimals: decimals) == text)
    }
}

/// What a chart draws from a series: daily changes, the 7-day average, per million, recoveries that end.
struct ChartSeriesTests {
    /// Ten days from 2021-01-01 with cumulative 0, 1, 3, 6, 10, 15, 21, 28, 36, 45 (daily unknown, then 1 … 9).
    static let history = History(
        firstDay: CalendarDate(iso: "2021-01-01")!.daysSinceEpoch, cases: [0, 1, 3, 6, 10, 15, 21, 28, 36, 45],
        deaths: [0, 0, 0, 1, 1, 1, 1, 1, 0, 2], recovered: [0, 1, 1, 2, 2, 3, nil, nil, nil, nil])

    static var all: ClosedRange<Int> { history.firstDay...history.lastDay }

    @Test func dailyChangesComeWithTheirTrailingSevenDayAverage() throws {
        let series = try #require(
            ChartSeries(Self.history, metric: .cases, interval: .daily, per: .total, population: nil, days: Self.all))
        // The first day's new cases are unknown (what it adds to the day before is not in the data).
        #expect(series.values == [nil, 1, 2, 3, 4, 5, 6, 7, 8, 9])
        // The mean of the day and the six before it: (1+…+7)/7 = 4 on the eighth day, (3+…+9)/7 = 6 on the tenth.
        #expect(series.average == [nil, nil, nil, nil, nil, nil, nil, 4, 5, 6])
        #expect(series.line == series.average)
        #expect(series.peakIndex == 9)
    }

    @Test(arguments: [
        // cumulative from the data's first day → the daily values shown
        ([Int64](arrayLiteral: 548, 643, 920), [Double?](arrayLiteral: nil, 95, 277)),  // China: 548 before day 1
        ([0, 3, 3], [nil, 3, 0]),  // from zero too: the day before is not in the data
        ([1_000_000, 1_000_010], [nil, 10]),  // a history cut to its last days: not a million new
    ])
    func theFirstDayOfTheDataHasNoDailyChange(cumulative: [Int64], daily: [Double?]) throws {
        let history = History(
            firstDay: 18_000, cases: cumulative, deaths: cumulative.map { _ in 0 },
            recovered: cumulative.map { _ in nil })
        let series = try #require(
            ChartSeries(
                history, metric: .cases, interval: .daily, per: .total, population: nil,
                days: history.firstDay...history.lastDay))
        #expect(series.values == daily)
        #expect(series.average.allSatisfy { $0 == nil })
    }

    @Test(arguments: [2, 7, 8])
    func theAverageIsUndefinedUntilSevenDaysExistNeverTheDailyValues(days: Int) throws {
        // Daily unknown, then 1, 2, 3, … from a cumulative series that starts at 0: seven known days
        // take eight days of data.
        let cumulative = (0..<days).map { Int64($0 * ($0 + 1) / 2) }
        let history = History(
            firstDay: 18_000, cases: cumulative, deaths: cumulative, recovered: cumulative.map { _ in nil })
        let series = try #require(
            ChartSeries(
                history, metric: .cases, interval: .daily, per: .total, population: nil,
                days: history.firstDay...history.lastDay))
        #expect(series.line == series.average)
        #expect(series.line.compactMap { $0 } == (days < 8 ? [] : [4]), "\(series.line)")
        let chart = try #require(
            ChartModel(series, query: ChartQuery(), place: "Testland", words: try ChartWordsFixture.english()))
        #expect(chart.linePath.isEmpty == (days < 8))
        #expect(chart.barsPath.isEmpty == (days == 1), "a day of 0 has no bar")
        let summary = try #require(try ChartWordsFixture.english().summary(series, query: ChartQuery()))
        if days < 8 {
            #expect(summary.hasPrefix("There is no 7-day average yet"), "\(summary)")
            #expect(chart.peak == nil && chart.latest == nil)
        } else {
            #expect(summary.contains("The 7-day average was highest on the latest day"), "\(summary)")
        }
    }

    /// A total that stops growing peaks on its first day at the top and holds: the words say it held,
    /// not "peaked at 5; the latest is 5".
    @Test func aPeakThatHoldsToTheLatestDayIsOneFigureNotTwo() throws {
        let history = History(
            firstDay: 18_000, cases: [0, 2, 5, 5, 5], deaths: [0, 0, 0, 0, 0], recovered: [nil, nil, nil, nil, nil])
        var query = ChartQuery()
        query.interval = .cumulative
        let series = try #require(
            ChartSeries(
                history, metric: .cases, interval: .cumulative, per: .total, population: nil,
                days: history.firstDay...history.lastDay))
        let summary = try #require(try ChartWordsFixture.english().summary(series, query: query))
        #expect(
            summary == "The total was highest on \(series.date(2).short) and is still there on the latest day, "
                + "\(series.date(4).short): 5.")
    }

    @Test(arguments: [ChartQuery.Interval.daily, .cumulative])
    func aSeriesOfZerosSaysThereWereNone(interval: ChartQuery.Interval) throws {
        let history = History(
            firstDay: 18_000, cases: Array(repeating: 0, count: 10), deaths: Array(repeating: 0, count: 10),
            recovered: Array(repeating: nil, count: 10))
        var query = ChartQuery()
        query.interval = interval
        let series = try #require(
            ChartSeries(
                history, metric: .cases, interval: interval, per: .total, population: nil,
                days: history.firstDay...history.lastDay))
        let summary = try #require(try ChartWordsFixture.english().summary(series, query: query))
        #expect(summary.hasPrefix("There were no"), "\(summary)")
        #expect(!summary.contains("peak"))
        let chart = try #require(
            ChartModel(series, query: query, place: "Testland", words: try ChartWordsFixture.english()))
        #expect(chart.peak == nil)
    }

    @Test func theDescriptionNamesTheDaysBelowZero_B29() throws {
        let series = try #require(
            ChartSeries(Self.history, metric: .deaths, interval: .daily, per: .total, population: nil, days: Self.all))
        var query = ChartQuery()
        query.metric = .deaths
        let text = try ChartWordsFixture.english().description(series, query: query, place: "Testland", daysPerBar: 1)
        #expect(text.contains("One day is below zero (a correction):"), "\(text)")
        #expect(text.contains("on 9 Jan 2021"), "\(text)")
    }

    @Test(arguments: [
        (ChartQuery.Interval.daily, "Log scale: days with no new deaths, or fewer, are left out."),
        (.cumulative, "Log scale: days with a total of 0 are left out."),
    ])
    func theLogScaleSaysWhatItLeavesOut(interval: ChartQuery.Interval, words: String) throws {
        let series = try #require(
            ChartSeries(Self.history, metric: .deaths, interval: interval, per: .total, population: nil, days: Self.all)
        )
        var query = ChartQuery()
        (query.metric, query.interval, query.scale) = (.deaths, interval, .log)
        #expect(
            try ChartWordsFixture.english().description(series, query: query, place: "Testland", daysPerBar: 1)
                .contains(words))
    }

    @Test func theDescriptionsDaysAreTheDaysWithValuesRecoveriesEndingEarly_B30() throws {
        let series = try #require(
            ChartSeries(
                Self.history, metric: .recovered, interval: .daily, per: .total, population: nil, days: Self.all))
        var query = ChartQuery()
        query.metric = .recovered
        let text = try ChartWordsFixture.english().description(series, query: query, place: "Testland", daysPerBar: 1)
        #expect(text.hasPrefix("Bars: new recoveries per day from 2 Jan 2021 to 6 Jan 2021."), "\(text)")
    }

    @Test func aCorrectionStaysBelowZeroAndCountsInTheAverage_B29() throws {
        let series = try #require(
            ChartSeries(Self.history, metric: .deaths, interval: .daily, per: .total, population: nil, days: Self.all))
        #expect(series.values == [nil, 0, 0, 1, 0, 0, 0, 0, -1, 2])
        #expect(series.average[8] == 0)  // (0+1+0+0+0+0-1)/7
    }

    @Test func aShownRangeStillTakesItsFirstAveragesFromTheDaysBefore() throws {
        let days = (Self.history.firstDay + 7)...Self.history.lastDay
        let series = try #require(
            ChartSeries(Self.history, metric: .cases, interval: .daily, per: .total, population: nil, days: days))
        #expect(series.values == [7, 8, 9])
        #expect(series.average == [4, 5, 6])
        #expect(series.firstDay == Self.history.firstDay + 7)
    }

    @Test func perMillionDividesByThePopulationAndNeedsOne() throws {
        let series = try #require(
            ChartSeries(
                Self.history, metric: .cases, interval: .cumulative, per: .million, population: 2_000_000,
                days: Self.all))
        #expect(series.values.last == 22.5)  // 45 per 2 million people
        #expect(series.average.allSatisfy { $0 == nil })
        for population in [nil, 0] as [Int64?] {
            #expect(
                ChartSeries(
                    Self.history, metric: .cases, interval: .daily, per: .million, population: population,
                    days: Self.all)
                    == nil)
        }
    }

    @Test func recoveriesEndAtTheirLastReportInsteadOfFallingToZero_B30() throws {
        let series = try #require(
            ChartSeries(
                Self.history, metric: .recovered, interval: .cumulative, per: .total, population: nil, days: Self.all))
        #expect(series.values == [0, 1, 1, 2, 2, 3, nil, nil, nil, nil])
        #expect(series.latestIndex == 5)
        #expect(History.reportedRecoveries([5, 7, 0, 9, 0, 0]) == [5, 7, 0, 9, nil, nil])
        #expect(History.reportedRecoveries([0, 0, 0]) == [nil, nil, nil])
        #expect(History.reportedRecoveries([3, -1, 4]) == [3, nil, 4])
    }

    @Test func onALogScaleDaysAtOrBelowZeroAreLeftOutNotDrawnAsACliff_B29() throws {
        let series = try #require(
            ChartSeries(Self.history, metric: .deaths, interval: .daily, per: .total, population: nil, days: Self.all))
        var query = ChartQuery()
        query.metric = .deaths
        query.scale = .log
        let chart = try #require(
            ChartModel(series, query: query, place: "Testland", words: try ChartWordsFixture.english()))
        // Bars only for the days above zero: 1 (day 4) and 2 (day 10); none for 0 or -1.
        #expect(chart.barsPath.components(separatedBy: "M").count - 1 == 2)
        #expect(chart.negativeBarsPath.isEmpty)
        #expect(!chart.linePath.contains("nan") && !chart.linePath.contains("inf"))
        var linear = query
        linear.scale = .linear
        let drawn = try #require(
            ChartModel(series, query: linear, place: "Testland", words: try ChartWordsFixture.english()))
        #expect(drawn.negativeBarsPath.components(separatedBy: "M").count - 1 == 1)
        #expect(drawn.zeroLine != nil)
    }
}

/// Where a chart puts its marks: bars, line points and ticks on the same days; the latest value beside
/// the line's last point; a visible legend.
struct ChartModelTests {
    /// x of a value at the plot's bottom edge → its label's anchor: beside it where there is room, else
    /// centred and kept inside the plot.
    @Test(arguments: [(100.0, "start"), (540.0, "end"), (300.0, "middle")])
    func aLabelAtTheEdgeStaysInsideThePlot(_ x: Double, _ anchor: String) {
        let plot = ChartGeometry.defaultPlot
        let label = "\u{2212}349,116 on 20 May 2021"
        let marker = ChartModel.edgeMarker(x: x, y: plot.bottom, label: label, plot: plot)
        #expect(marker.anchor == anchor)
        let width = LabelWidth.of(label, fontSize: LabelWidth.narrowFontSize, bold: true)
        let left =
            marker.anchor == "start"
            ? marker.labelX : marker.anchor == "end" ? marker.labelX - width : marker.labelX - width / 2
        #expect(left >= plot.left && left + width <= plot.right)
    }

    /// (x, y) of the point → the anchors of the places its label may take, best first.
    @Test(arguments: [
        (320.0, 150.0, ["middle", "middle", "end", "start"]),  // room everywhere: above, below, left, right
        (320.0, ChartGeometry.defaultPlot.bottom - 2, ["middle", "end", "start"]),  // no room below
        (630.0, 150.0, ["end", "end", "end"]),  // at the right edge: nothing to its right
        (10.0, 150.0, ["start", "start", "start"]),  // at the left edge: nothing to its left
    ])
    func aLabelHasPlacesAroundItsPointInsideThePlot(_ x: Double, _ y: Double, _ anchors: [String]) {
        let places = ChartModel.markerPlaces(x: x, y: y, label: "Peak 1.2K", plot: ChartGeometry.defaultPlot)
        #expect(places.map(\.anchor) == anchors)
        #expect(places.allSatisfy { $0.x == x && $0.y == y })
    }

    /// The numbers of an SVG path, in order.
    static func numbers(_ path: String) -> [Double] {
        path.split(whereSeparator: { "MLVHhz ".contains($0) }).compactMap { Double($0) }
    }

    @Test(arguments: [11, 90, 662, 1_500])
    func barsAreCentredOnTheirDaysLikeTheTicksAndTheLinesPoints(days: Int) throws {
        // Cumulative 0, 1, 3, 6, …: daily 0, 1, 2, … (every bar above zero but the first).
        let cumulative = (0..<days).map { Int64($0 * ($0 + 1) / 2) }
        let history = History(
            firstDay: 18_000, cases: cumulative, deaths: cumulative, recovered: cumulative.map { _ in nil })
        let series = try #require(
            ChartSeries(
                history, metric: .cases, interval: .daily, per: .total, population: nil,
                days: history.firstDay...history.lastDay))
        let chart = try #require(
            ChartModel(series, query: ChartQuery(), place: "Testland", words: try ChartWordsFixture.english()))
        let geometry = ChartGeometry(
            days: history.firstDay...history.lastDay, axis: .linear(NiceTicks(minimum: 0, maximum: 1)), plot: chart.plot
        )
        // Each bar is "M left base V top h width V base z": 5 numbers.
        let bars = Self.numbers(chart.barsPath)
        let centres = stride(from: 0, to: bars.count, by: 5).map { bars[$0] + bars[$0 + 3] / 2 }
        let size = chart.daysPerBar
        for (bar, centre) in centres.enumerated() {
            // Day 0's 0 has no bar: one day a bar, bars start at day 1; three days a bar, the first
            // bar's mean (of 0, 1, 2) is above zero.
            let start = size == 1 ? bar + 1 : bar * size
            let last = min(days - 1, start + size - 1)
            let wanted = (geometry.x(ofDay: 18_000 + start) + geometry.x(ofDay: 18_000 + last)) / 2
            #expect(abs(centre - wanted) <= 0.15, "bar \(bar): \(centre) against \(wanted)")
        }
        if size == 1 {
            // The line's points are the days' centres too, from the eighth day on (the first is unknown).
            let points = Self.numbers(chart.linePath)
            let xs = stride(from: 0, to: points.count, by: 2).map { points[$0] }
            #expect(abs(xs[0] - geometry.x(ofDay: 18_007)) <= 0.05)
            #expect(abs(xs[0] - centres[6]) <= 0.15, "day 8's bar and point")
            for tick in chart.xTicks {
                let day = Int(((tick.position - chart.plot.left) / geometry.dayWidth - 0.5).rounded())
                #expect(abs(tick.position - geometry.x(ofDay: 18_000 + day)) <= 0.05)
            }
        }
    }

    @Test func theLatestLabelSitsBesideTheLinesLastPointNotAtTheRightEdge_B30() throws {
        // Recoveries reported for 6 of 10 days: the line ends at day 6.
        let history = ChartSeriesTests.history
        var query = ChartQuery()
        (query.metric, query.interval) = (.recovered, .cumulative)
        let series = try #require(
            ChartSeries(
                history, metric: .recovered, interval: .cumulative, per: .total, population: nil,
                days: ChartSeriesTests.all))
        let chart = try #require(
            ChartModel(series, query: query, place: "Testland", words: try ChartWordsFixture.english()))
        let latest = try #require(chart.latest)
        let geometry = ChartGeometry(
            days: ChartSeriesTests.all, axis: .linear(NiceTicks(minimum: 0, maximum: 3)), plot: chart.plot)
        #expect(abs(latest.x - geometry.x(ofDay: history.firstDay + 5)) < 0.01)
        #expect(latest.labelX == latest.x + 6 && latest.anchor == "start")
        #expect(latest.labelX < chart.plot.right, "not pinned to the right edge")
    }

    @Test(arguments: [
        (
            ChartQuery.Interval.daily,
            ["bars: New deaths per day", "negative: Below zero: corrections", "line: 7-day average"]
        ),
        (.cumulative, ["line: Total deaths"]),
    ])
    func theLegendSaysWhatBarsAndLineMean(interval: ChartQuery.Interval, legend: [String]) throws {
        var query = ChartQuery()
        (query.metric, query.interval) = (.deaths, interval)
        let series = try #require(
            ChartSeries(
                ChartSeriesTests.history, metric: .deaths, interval: interval, per: .total, population: nil,
                days: ChartSeriesTests.all))
        let chart = try #require(
            ChartModel(series, query: query, place: "Testland", words: try ChartWordsFixture.english()))
        #expect(chart.legend.map { "\($0.kind): \($0.label)" } == legend)
    }
}

/// Which days are so far beyond the rest that the axis leaves them out (drawn to its edge instead).
struct OutlierDaysTests {
    /// 100 ordinary days of 1…100 with `extra` at the end.
    static func days(_ extra: [Double?]) -> [Double?] { (1...100).map { Double($0) } + extra }

    @Test(arguments: [
        ([-1_000.0], [100]),  // a correction ten times the largest day
        ([1_000.0], [100]),  // a backlog published on one day
        ([240.0], []),  // within 2.5 × the 98th percentile (98 × 2.5 = 245)
        ([nil, -1_000.0, nil], [101]),  // unknown days are skipped
        ([1_000.0, 1_000.0], []),  // two in 102 days: more than 1 % are no exceptions
    ])
    func theAxisLeavesOutOnlyRareDaysFarBeyondTheRest(_ extra: [Double?], _ indices: [Int]) {
        #expect(OutlierDays(Self.days(extra))?.indices ?? [] == indices)
    }

    @Test func aShortSeriesHasNoOutliers() {
        #expect(OutlierDays([1, 2, 3, -1_000]) == nil)
    }
}
