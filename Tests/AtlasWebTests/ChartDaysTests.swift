import AtlasCharts
import AtlasCore
import Mustache
import Testing

@testable import AtlasWeb

/// The days a page's charts offer: the presets of a span, and the span two charts cover together. Pure.
struct ChartDaysTests {
    static let november8 = CalendarDate(iso: "2021-11-08")!.daysSinceEpoch

    @Test(arguments: [
        // A span of 662 days (JHU's) gets every preset; 343 days (OWID's world) no "Last 365 days";
        // 60 days only All, since the others would show the same days.
        (662, ["All", "Last 365 days", "Last 90 days"]),
        (343, ["All", "Last 90 days"]),
        (90, ["All"]),
        (60, ["All"]),
    ])
    func aPresetLongerThanTheDataIsLeftOut(_ length: Int, _ labels: [String]) {
        let days = (Self.november8 - length + 1)...Self.november8
        let presets = HistorySection.presets(days: days, query: ChartQuery()) { Links.chart("/", $0) }
        let shown = presets.compactMap { preset -> String? in
            guard case .object(let fields) = preset, case .string(let label)? = fields["label"] else { return nil }
            return label
        }
        #expect(shown == labels)
    }

    @Test(
        arguments: [
            (1...5, 3...9, 1...9),
            (3...9, 1...5, 1...9),
            (2...4, 1...9, 1...9),
        ] as [(ClosedRange<Int>, ClosedRange<Int>, ClosedRange<Int>)])
    func twoChartsDaysTogetherRunFromTheEarlierFirstToTheLaterLast(
        _ one: ClosedRange<Int>, _ other: ClosedRange<Int>, _ union: ClosedRange<Int>
    ) {
        #expect(RangeForm.union(one, other) == union)
    }

    @Test func aChartWithoutDaysLeavesTheOthers() {
        #expect(RangeForm.union(nil, 1...5) == 1...5)
        #expect(RangeForm.union(1...5, nil) == 1...5)
        #expect(RangeForm.union(nil, nil) == nil)
    }
}
