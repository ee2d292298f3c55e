import AtlasCharts
import AtlasCore
import Testing

/// Time axes for the tick tests, English and Korean alike: days from ISO dates, ticks on the default
/// plot (x = 64 to 548), and the one check that their labels fit.
enum TimeAxisFixture {
    /// The days from `first` to `last` (ISO `yyyy-MM-dd`), as days since 1970-01-01.
    static func days(_ first: String, _ last: String) -> ClosedRange<Int> {
        CalendarDate(iso: first)!.daysSinceEpoch...CalendarDate(iso: last)!.daysSinceEpoch
    }

    /// Ticks for the days from `first` to `last`, labels placed at `fontSize` (SVG user units).
    static func ticks(
        _ first: String, _ last: String, fontSize: Double = LabelWidth.wideFontSize,
        labels: TimeTicks.Labels = .english
    ) -> TimeTicks {
        let range = days(first, last)
        let geometry = ChartGeometry(days: range, axis: .linear(NiceTicks(minimum: 0, maximum: 1)))
        return TimeTicks(days: range, fontSize: fontSize, labels: labels) { geometry.x(ofDay: $0) }
    }

    /// Expects at least one tick, and every label, measured at `fontSize`, inside the chart and
    /// clear of the one before it.
    static func expectLabelsFit(
        _ ticks: TimeTicks, from first: String, to last: String, measuredAt fontSize: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let geometry = ChartGeometry(days: days(first, last), axis: .linear(NiceTicks(minimum: 0, maximum: 1)))
        #expect(!ticks.ticks.isEmpty, "\(first)…\(last) at \(fontSize)", sourceLocation: sourceLocation)
        var previousEnd = -Double.infinity
        for tick in ticks.ticks {
            let x = geometry.x(ofDay: tick.day)
            let width = LabelWidth.of(tick.label, fontSize: fontSize)
            let left = tick.anchor == "start" ? x : tick.anchor == "end" ? x - width : x - width / 2
            #expect(
                left >= 0 && left + width <= ChartGeometry.width, "\(tick.label) leaves the chart",
                sourceLocation: sourceLocation)
            #expect(
                left >= previousEnd, "\(tick.label) overlaps the label before it (\(first)…\(last))",
                sourceLocation: sourceLocation)
            previousEnd = left + width
        }
    }
}
