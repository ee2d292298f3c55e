import Foundation

/// The drawing of one chart in SVG user units: the plot's box inside the view box, and the scales
/// that place days and values in it. Pure values: `ChartModel` uses them to make paths and ticks.
struct ChartGeometry: Equatable {
    /// The view box: 640 × 320 units, scaled by the page to its width.
    static let width = 640.0
    static let height = 320.0
    /// The plot inside it, leaving room for the value axis (left), the latest value (right), the peak's
    /// label (top) and the time axis (bottom).
    static let plot = (left: 64.0, right: 564.0, top: 30.0, bottom: 284.0)

    /// The first and last day drawn.
    let days: ClosedRange<Int>
    /// The value axis.
    let axis: ValueAxis

    /// Where a day's bar or point is centred.
    func x(ofDay day: Int) -> Double {
        let span = Double(max(1, days.count))
        return ChartGeometry.plot.left + (Double(day - days.lowerBound) + 0.5) / span * plotWidth
    }

    /// How wide one day is.
    var dayWidth: Double { plotWidth / Double(max(1, days.count)) }

    var plotWidth: Double { ChartGeometry.plot.right - ChartGeometry.plot.left }

    /// Where a value lies; `nil` for one the scale cannot show (≤ 0 on a log scale).
    func y(of value: Double) -> Double? {
        let top = ChartGeometry.plot.top
        let bottom = ChartGeometry.plot.bottom
        switch axis {
        case .linear(let ticks):
            let span = ticks.upper - ticks.lower
            return bottom - (value - ticks.lower) / (span == 0 ? 1 : span) * (bottom - top)
        case .log(let ticks):
            guard value > 0 else { return nil }
            let low = log10(ticks.lower)
            let high = log10(ticks.upper)
            let clamped = min(max(log10(value), low), high)
            return bottom - (clamped - low) / (high - low) * (bottom - top)
        }
    }

    /// Where bars start: the zero line on a linear scale, the bottom on a log scale.
    var baseline: Double {
        switch axis {
        case .linear(let ticks): return y(of: min(max(0, ticks.lower), ticks.upper)) ?? ChartGeometry.plot.bottom
        case .log: return ChartGeometry.plot.bottom
        }
    }

    /// A coordinate as SVG gets it: one decimal at most (`123.4`, `56`), the same in every locale.
    static func coordinate(_ value: Double) -> String {
        var text = Formatting.decimalDigits(value, decimals: 1)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}

/// A value axis: linear with nice ticks, or logarithmic with powers of ten.
enum ValueAxis: Equatable {
    case linear(NiceTicks)
    case log(LogTicks)

    /// The axis for `values` (every value drawn, bars and line): linear from below the lowest (never
    /// above 0) to above the highest; log from the lowest value above 0 to the highest; `nil` on a log
    /// scale when nothing is above 0.
    static func fitting(_ values: [Double], log: Bool) -> ValueAxis? {
        if log {
            let positive = values.filter { $0 > 0 }
            guard let low = positive.min(), let high = positive.max() else { return nil }
            return .log(LogTicks(minimum: low, maximum: high))
        }
        return .linear(NiceTicks(minimum: min(0, values.min() ?? 0), maximum: max(0, values.max() ?? 0)))
    }

    /// The tick values.
    var ticks: [Double] {
        switch self {
        case .linear(let ticks): return ticks.values
        case .log(let ticks): return ticks.values
        }
    }
}
