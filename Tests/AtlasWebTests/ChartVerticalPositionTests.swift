import AtlasCharts
import AtlasCore
import Mustache
import Testing

@testable import AtlasWeb

/// Where charts put values up and down. Every expected coordinate is worked out by hand from the plot's
/// box and the data, never from the code's own scale: in SVG y grows downwards, so the plot's top
/// (y = 30) is the axis' highest value and its bottom (y = 278) the lowest, 248 units apart. A chart
/// drawn upside down, or bars measured from the top of the plot, fails here.
struct ChartVerticalPositionTests {
    /// The default plot's top and bottom in view box units, which every table below assumes.
    static let top = 30.0
    static let bottom = 278.0

    /// The parts of one bar, as the chart writes it: `M left base V top h width V base z`.
    struct Bar: Equatable {
        let left: Double
        let base: Double
        let top: Double
        let width: Double
    }

    /// The bars of a bars path, in order.
    static func bars(_ path: String) throws -> [Bar] {
        try path.split(separator: "z").map { piece in
            let numbers = piece.split(whereSeparator: { "MVh".contains($0) || $0 == " " }).compactMap { Double($0) }
            try #require(numbers.count == 5, "a bar is M x y V y h w V y: \(piece)")
            #expect(numbers[4] == numbers[1], "a bar ends on the line it starts from: \(piece)")
            return Bar(left: numbers[0], base: numbers[1], top: numbers[2], width: numbers[3])
        }
    }

    /// The points of a line path (`M x y L x y …`), in order.
    static func points(_ path: String) -> [(x: Double, y: Double)] {
        let numbers = path.split(whereSeparator: { "ML ".contains($0) }).compactMap { Double($0) }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
    }

    /// Coordinates are written with one decimal: a hand-computed value matches within 0.05.
    static func near(_ got: Double?, _ wanted: Double, within tolerance: Double = 0.051) -> Bool {
        guard let got else { return false }
        return abs(got - wanted) <= tolerance
    }

    /// A series of `cumulative` counts from day 0, viewed as `interval`.
    static func series(_ cumulative: [Int64], _ interval: ChartQuery.Interval) throws -> ChartSeries {
        let history = History(
            firstDay: 18_000, cases: cumulative, deaths: cumulative.map { _ in 0 },
            recovered: cumulative.map { _ in nil })
        return try #require(
            ChartSeries(
                history, metric: .cases, interval: interval, per: .total, population: nil,
                days: history.firstDay...history.lastDay))
    }

    static func query(_ interval: ChartQuery.Interval, _ scale: ChartQuery.Scale = .linear) -> ChartQuery {
        var query = ChartQuery()
        (query.interval, query.scale) = (interval, scale)
        return query
    }

    @Test func theTablesPlotBoxIsTheChartsDefault() {
        #expect(ChartGeometry.defaultPlot.top == Self.top)
        #expect(ChartGeometry.defaultPlot.bottom == Self.bottom)
        #expect(ChartGeometry.height == 320, "the box lies inside the view box")
    }

    // MARK: The scales

    @Test(arguments: [
        // value → y on an axis from 0 to 100: 278 − value / 100 × 248
        (0.0, 278.0),  // the lowest value sits on the bottom
        (100, 30),  // the highest reaches the top
        (50, 154),
        (25, 216),
        (97, 37.44),
        (1, 275.52),
    ])
    func aLinearScaleRisesFromTheBottomToTheTop(value: Double, y: Double) throws {
        let ticks = NiceTicks(minimum: 0, maximum: 97)
        try #require(ticks.lower == 0 && ticks.upper == 100)
        let geometry = ChartGeometry(days: 0...9, axis: .linear(ticks))
        #expect(Self.near(geometry.y(of: value), y, within: 1e-9), "\(value): \(geometry.y(of: value) ?? .nan)")
        #expect(geometry.baseline == Self.bottom, "bars stand on the bottom when nothing is below zero")
    }

    @Test(arguments: [
        // value → y on an axis from −20 to 100 (120 in all): 278 − (value + 20) / 120 × 248
        (-20.0, 278.0),
        (0, 236.6667),  // the zero line: a sixth of the way up
        (40, 154),
        (100, 30),
    ])
    func aScaleReachingBelowZeroPutsZeroAboveTheBottom(value: Double, y: Double) throws {
        let ticks = NiceTicks(minimum: -20, maximum: 100)
        try #require(ticks.lower == -20 && ticks.upper == 100)
        let geometry = ChartGeometry(days: 0...9, axis: .linear(ticks))
        #expect(Self.near(geometry.y(of: value), y, within: 0.0001), "\(value): \(geometry.y(of: value) ?? .nan)")
        #expect(Self.near(geometry.baseline, 236.6667, within: 0.0001), "bars stand on the zero line")
    }

    @Test(arguments: [
        // value → y on a log axis from 1 to 1,000 (three powers of ten): 278 − log₁₀(value) / 3 × 248
        (1.0, 278.0),
        (10, 195.3333),
        (100, 112.6667),
        (1_000, 30),
        (31.6227766, 154),  // 10^1.5: half-way in powers of ten is half-way up
        (0.5, 278),  // below the axis: held at its bottom
        (5_000, 30),  // above it: held at its top
    ])
    func aLogScaleRisesByEqualStepsPerPowerOfTen(value: Double, y: Double) throws {
        let ticks = LogTicks(minimum: 1, maximum: 1_000)
        try #require(ticks.lower == 1 && ticks.upper == 1_000)
        let geometry = ChartGeometry(days: 0...9, axis: .log(ticks))
        #expect(Self.near(geometry.y(of: value), y, within: 0.0001), "\(value): \(geometry.y(of: value) ?? .nan)")
        #expect(geometry.baseline == Self.bottom)
    }

    @Test(arguments: [0.0, -3])
    func aLogScaleHasNoPlaceForZeroOrLess(value: Double) {
        let geometry = ChartGeometry(days: 0...9, axis: .log(LogTicks(minimum: 1, maximum: 1_000)))
        #expect(geometry.y(of: value) == nil)
    }

    // MARK: A history chart

    /// Daily 0, 100, 50, 0, 10, 1: an axis from 0 to 100.
    static let dailyCumulative: [Int64] = [0, 100, 150, 150, 160, 161]

    @Test func barsStandOnTheBottomAndReachUpToTheirValue() throws {
        let chart = try #require(
            ChartModel(
                try Self.series(Self.dailyCumulative, .daily), query: Self.query(.daily), place: "Testland",
                words: try PageWordsTests.english().chart))
        try #require(chart.plot.top == Self.top && chart.plot.bottom == Self.bottom)
        try #require(chart.plot.left == 64 && chart.plot.right == 548)
        let bars = try Self.bars(chart.barsPath)
        // Days of 0 have no bar; 100 reaches the top; 50 half-way; 10 a tenth; 1 a sliver above the bottom.
        try #require(bars.count == 4, "\(chart.barsPath)")
        let tops = [30.0, 154, 253.2, 275.52]
        for (bar, top) in zip(bars, tops) {
            #expect(bar.base == Self.bottom, "every bar starts at the bottom of the plot: \(bar)")
            #expect(Self.near(bar.top, top), "\(bar) against \(top)")
            #expect(bar.top < bar.base, "a value above zero goes up")
        }
        // Heights in proportion to the values: 248, 124, 24.8, 2.48 units.
        #expect(Self.near(bars[0].base - bars[0].top, 248))
        #expect(Self.near(bars[1].base - bars[1].top, 124))
        #expect(Self.near(bars[2].base - bars[2].top, 24.8))
        #expect(bars[0].top < bars[1].top && bars[1].top < bars[2].top && bars[2].top < bars[3].top)
        // From left to right in the days' order: days 1, 2, 4 and 5 of 6 (80.7 units each from x = 64).
        let dayWidth = (548.0 - 64) / 6
        for (bar, day) in zip(bars, [1.0, 2, 4, 5]) {
            #expect(Self.near(bar.left + bar.width / 2, 64 + (day + 0.5) * dayWidth, within: 0.15), "\(bar)")
        }
        #expect(chart.negativeBarsPath.isEmpty)
        #expect(chart.zeroLine == nil)
    }

    @Test func theValueAxisTicksRiseFromZeroAtTheBottomToTheTop() throws {
        let chart = try #require(
            ChartModel(
                try Self.series(Self.dailyCumulative, .daily), query: Self.query(.daily), place: "Testland",
                words: try PageWordsTests.english().chart))
        #expect(chart.yTicks.map(\.label) == ["0", "20", "40", "60", "80", "100"])
        for (tick, value) in zip(chart.yTicks, [0.0, 20, 40, 60, 80, 100]) {
            #expect(Self.near(tick.position, 278 - value / 100 * 248, within: 1e-9), "\(tick.label)")
        }
        #expect(chart.yTicks.first?.position == Self.bottom)
        #expect(chart.yTicks.last?.position == Self.top)
    }

    @Test func aCorrectionsBarHangsDownFromTheZeroLine() throws {
        // Daily 0, 100, −20: the axis runs from −20 to 100, zero a sixth of the way up (236.7).
        let chart = try #require(
            ChartModel(
                try Self.series([0, 100, 80], .daily), query: Self.query(.daily), place: "Testland",
                words: try PageWordsTests.english().chart))
        #expect(Self.near(chart.zeroLine, 236.6667, within: 0.0001))
        let up = try Self.bars(chart.barsPath)
        let down = try Self.bars(chart.negativeBarsPath)
        try #require(up.count == 1 && down.count == 1, "\(chart.barsPath) \(chart.negativeBarsPath)")
        #expect(Self.near(up[0].base, 236.7) && Self.near(up[0].top, 30), "\(up[0])")
        #expect(Self.near(down[0].base, 236.7) && Self.near(down[0].top, 278), "\(down[0])")
        #expect(chart.yTicks.first?.label == "\u{2212}20" && chart.yTicks.first?.position == Self.bottom)
        #expect(chart.yTicks.first { $0.label == "0" }.map { Self.near($0.position, 236.6667) } == true)
    }

    @Test func aCumulativeLineClimbsAsItsCountGrows() throws {
        // Totals 10, 20, 40, 80 on an axis from 0 to 80 over four days 121 units wide from x = 64.
        let chart = try #require(
            ChartModel(
                try Self.series([10, 20, 40, 80], .cumulative), query: Self.query(.cumulative), place: "Testland",
                words: try PageWordsTests.english().chart))
        #expect(chart.linePath == "M124.5 247L245.5 216L366.5 154L487.5 30")
        let latest = try #require(chart.latest)
        #expect(latest.y == Self.top, "the highest total is at the top")
        #expect(chart.peak == nil, "the peak is the latest value")
    }

    @Test func onALogScaleEachPowerOfTenIsAnEqualStepUp() throws {
        // Totals 1, 10, 100, 1,000: a third of the plot (82.7 units) per power of ten.
        let chart = try #require(
            ChartModel(
                try Self.series([1, 10, 100, 1_000], .cumulative), query: Self.query(.cumulative, .log),
                place: "Testland", words: try PageWordsTests.english().chart))
        #expect(chart.linePath == "M124.5 278L245.5 195.3L366.5 112.7L487.5 30")
        #expect(chart.yTicks.map(\.label) == ["1", "10", "100", "1K"])
        for (tick, power) in zip(chart.yTicks, [0.0, 1, 2, 3]) {
            #expect(Self.near(tick.position, 278 - power / 3 * 248, within: 1e-9), "\(tick.label)")
        }
    }

    @Test func thePeakIsMarkedAboveTheLowerLatestValue() throws {
        // Daily 70 for seven days after the first (whose new count is unknown), then none: the 7-day
        // average is 70, 60, 50, 40, 30, 20, 10 from day 7; the axis runs from 0 to 70.
        let cumulative: [Int64] = [0, 70, 140, 210, 280, 350, 420, 490, 490, 490, 490, 490, 490, 490]
        let chart = try #require(
            ChartModel(
                try Self.series(cumulative, .daily), query: Self.query(.daily), place: "Testland",
                words: try PageWordsTests.english().chart
            ))
        let peak = try #require(chart.peak)
        let latest = try #require(chart.latest)
        #expect(peak.label == "Peak 70")
        #expect(Self.near(peak.y, 30, within: 1e-9), "70 is the top of the axis")
        #expect(Self.near(latest.y, 278 - 10.0 / 70 * 248, within: 1e-9), "10 is a seventh of the way up")
        #expect(peak.y < latest.y)
        #expect(peak.labelY < peak.y, "the peak's label is above its point")
        let line = Self.points(chart.linePath)
        let averages = [70.0, 60, 50, 40, 30, 20, 10]
        #expect(line.count == averages.count)
        for (point, average) in zip(line, averages) {
            #expect(Self.near(point.y, 278 - average / 70 * 248), "\(point) against \(average)")
        }
        let bars = try Self.bars(chart.barsPath)
        #expect(bars.count == 7, "\(chart.barsPath)")
        for bar in bars {
            #expect(bar.base == Self.bottom && bar.top == Self.top, "every 70 reaches the top: \(bar)")
        }
    }

    /// The history section hands the template the same coordinates, as the SVG numbers it writes out.
    @Test func theHistorySectionWritesOutTheChartTheRightWayUp() throws {
        let history = History(
            firstDay: 18_000, cases: Self.dailyCumulative, deaths: Self.dailyCumulative.map { _ in 0 },
            recovered: Self.dailyCumulative.map { _ in nil })
        let section = HistorySection(
            words: try PageWordsTests.english(), place: "Testland", history: history,
            catalog: CountryCatalog(
                snapshot: Snapshot(countries: [], totals: WorldTotals(), source: "test"), facts: [:]),
            population: nil, query: ChartQuery(), defaults: ChartQuery(),
            link: { _ in "/" }, path: "/")
        guard case .object(let value) = section.templateValue, case .object(let chart)? = value["chart"] else {
            Issue.record("no chart in \(section.templateValue)")
            return
        }
        #expect(chart["plotTop"] == .string("30"))
        #expect(chart["plotBottom"] == .string("278"))
        guard case .string(let barsPath)? = chart["barsPath"], case .array(let ticks)? = chart["yTicks"] else {
            Issue.record("no bars or ticks in \(chart)")
            return
        }
        #expect(try Self.bars(barsPath).map(\.top) == [30, 154, 253.2, 275.5])
        #expect(try Self.bars(barsPath).allSatisfy { $0.base == Self.bottom })
        let positions = ticks.compactMap { tick -> String? in
            guard case .object(let tick) = tick, case .string(let position)? = tick["position"] else { return nil }
            return position
        }
        #expect(positions == ["278", "228.4", "178.8", "129.2", "79.6", "30"], "0 at the bottom, 100 at the top")
    }

    // MARK: The compare page's chart

    @Test func comparedLinesEndAtTheHeightOfTheirValues() throws {
        // Totals 0 → 50 and 0 → 100 on one axis from 0 to 100.
        let chart = try #require(
            ComparisonChart(
                [
                    (id: "aa", name: "Half", series: try Self.series([0, 50], .cumulative)),
                    (id: "bb", name: "Whole", series: try Self.series([0, 100], .cumulative)),
                ],
                query: Self.query(.cumulative), words: try PageWordsTests.english().chart))
        try #require(chart.plot.top == Self.top && chart.plot.bottom == Self.bottom)
        let (half, whole) = (chart.lines[0], chart.lines[1])
        #expect(Self.near(half.endY, 154, within: 1e-9))
        #expect(Self.near(whole.endY, 30, within: 1e-9))
        #expect(Self.points(half.path).map(\.y) == [278, 154])
        #expect(Self.points(whole.path).map(\.y) == [278, 30])
        // Each name beside its own line's end (0.35 em below its centre at 23 units), not swapped.
        #expect(Self.near(half.labelY, 154 + 23 * 0.35, within: 1e-9))
        #expect(Self.near(whole.labelY, 30 + 23 * 0.35, within: 1e-9))
        #expect(chart.yTicks.first?.position == Self.bottom && chart.yTicks.first?.label == "0")
        #expect(chart.yTicks.last?.position == Self.top && chart.yTicks.last?.label == "100")
    }

    @Test func comparedLinesOnALogScaleStepUpPerPowerOfTen() throws {
        let chart = try #require(
            ComparisonChart(
                [
                    (id: "aa", name: "Ten", series: try Self.series([1, 10], .cumulative)),
                    (id: "bb", name: "Thousand", series: try Self.series([1, 1_000], .cumulative)),
                ],
                query: Self.query(.cumulative, .log), words: try PageWordsTests.english().chart))
        #expect(Self.near(chart.lines[0].endY, 195.3333, within: 0.0001))
        #expect(Self.near(chart.lines[1].endY, 30, within: 1e-9))
        #expect(Self.points(chart.lines[0].path).map(\.y) == [278, 195.3])
    }
}
