import AtlasCharts
import AtlasCore
import Mustache
import Testing

@testable import AtlasWeb

/// The days a chart offers as links: the presets of its span. Pure.
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
    func aPresetLongerThanTheDataIsLeftOut(_ length: Int, _ labels: [String]) throws {
        let days = (Self.november8 - length + 1)...Self.november8
        let presets = HistorySection.presets(days: days, query: ChartQuery(), words: try PageWordsTests.english()) {
            Links.chart("/", $0)
        }
        let shown = presets.compactMap { preset -> String? in
            guard case .object(let fields) = preset, case .string(let label)? = fields["label"] else { return nil }
            return label
        }
        #expect(shown == labels)
    }
}
