import Formats
import Foundation

/// One chart's layout in SVG user units: the plot's box in the view box, and the scales placing days
/// and values in it.
public struct ChartGeometry: Equatable, Sendable {
    /// The view box, 640 × 320 units; the page scales it to its width.
    public static let width = 640.0
    public static let height = 320.0

    /// A box in view box units.
    public struct Box: Equatable, Sendable {
        public var left: Double
        public var right: Double
        public var top: Double
        public var bottom: Double
    }

    /// The plot's box for short value labels, with room for the value axis, the latest value, the peak's
    /// label and the time axis at `LabelWidth.narrowFontSize`; `plotLeft(yLabels:)` widens it.
    public static let defaultPlot = Box(left: 64, right: 548, top: 30, bottom: 278)
    /// How far below the plot time labels start; tick marks are a little shorter.
    public static let tickLength = 6.0
    public static let xLabelGap = 8.0

    /// The first and last day drawn.
    public let days: ClosedRange<Int>
    /// The value axis.
    public let axis: ValueAxis
    /// The plot's box.
    public let plot: Box

    public init(days: ClosedRange<Int>, axis: ValueAxis, plot: Box = ChartGeometry.defaultPlot) {
        self.days = days
        self.axis = axis
        self.plot = plot
    }

    /// The plot's left edge for `yLabels`: the default, or further right so the widest label at the
    /// largest font (right-aligned 6 units left of the plot) stays in the view box.
    public static func plotLeft(yLabels: [String]) -> Double {
        let widest = yLabels.map { LabelWidth.of($0, fontSize: LabelWidth.narrowFontSize) }.max() ?? 0
        return max(defaultPlot.left, (widest + 6 + 2).rounded(.up))
    }

    /// The plot of a chart whose lines are named at their ends: `plotLeft` for `yLabels`, and the room
    /// right of the plot for the widest name (`widestName`, in view-box units at the largest font), a
    /// narrower plot rather than a name off the chart, but never under half the view box.
    public static func plotWithNames(yLabels: [String], widestName: Double) -> Box {
        var box = defaultPlot
        box.left = plotLeft(yLabels: yLabels)
        box.right = max(width / 2, min(width - 16, width - 12 - widestName))
        return box
    }

    /// Where a day's bar or point is centred.
    public func x(ofDay day: Int) -> Double {
        let span = Double(max(1, days.count))
        return plot.left + (Double(day - days.lowerBound) + 0.5) / span * plotWidth
    }

    /// How wide one day is.
    public var dayWidth: Double { plotWidth / Double(max(1, days.count)) }

    public var plotWidth: Double { plot.right - plot.left }

    /// Where a value lies; `nil` for one the scale cannot show (≤ 0 on a log scale).
    public func y(of value: Double) -> Double? {
        let top = plot.top
        let bottom = plot.bottom
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
    public var baseline: Double {
        switch axis {
        case .linear(let ticks): return y(of: min(max(0, ticks.lower), ticks.upper)) ?? plot.bottom
        case .log: return plot.bottom
        }
    }

    /// A coordinate for SVG: one decimal at most (`123.4`, `56`), the same in every locale.
    public static func coordinate(_ value: Double) -> String {
        var text = NumberText.fixed(value, decimals: 1)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}

/// A chart label's estimated width, so labels are placed where they cannot overlap or leave the view
/// box before a browser lays them out. DejaVu Sans' advance widths in ems (the Linux fallback, wider
/// than other platforms' fonts), so an estimate is never short; Hangul, which DejaVu Sans lacks, at the
/// full em of the CJK fonts that draw it (Noto Sans CJK, Malgun Gothic, Apple SD Gothic Neo:
/// docs/field-cases.md B44).
public enum LabelWidth: Sendable {
    /// The labels' font size in view box units on wide screens (`.chart-svg text`, atlas.css).
    public static let wideFontSize = 13.0
    /// The labels' largest font size, on narrow screens where the chart shrinks (atlas.css, `max-width:
    /// 30rem`): about 12 px at 390 px.
    public static let narrowFontSize = 23.0

    /// The width of `text` in view box units at `fontSize`, bold for marked values.
    public static func of(_ text: String, fontSize: Double, bold: Bool = false) -> Double {
        var ems = 0.0
        for character in text {
            ems += em(character, bold: bold)
        }
        return ems * fontSize
    }

    private static func em(_ character: Character, bold: Bool) -> Double {
        let (regular, heavy): (Double, Double)
        switch character {
        case "0"..."9": (regular, heavy) = (0.636, 0.696)
        case " ", ".", ",": (regular, heavy) = (0.318, 0.380)
        case "\u{2212}": (regular, heavy) = (0.838, 0.838)
        case "-": (regular, heavy) = (0.361, 0.415)
        case "%": (regular, heavy) = (0.950, 1.002)
        case "i", "j", "l": (regular, heavy) = (0.278, 0.343)
        case "f", "t", "r", "J": (regular, heavy) = (0.411, 0.493)
        case "m", "w", "M", "W": (regular, heavy) = (0.974, 1.042)
        case "A"..."Z": (regular, heavy) = (0.787, 0.850)
        // Hangul syllables and jamo: full width.
        case "\u{AC00}"..."\u{D7A3}", "\u{1100}"..."\u{11FF}", "\u{3130}"..."\u{318F}": (regular, heavy) = (1.0, 1.0)
        default: (regular, heavy) = (0.636, 0.716)
        }
        return bold ? heavy : regular
    }
}

/// A value axis: linear with nice ticks, or logarithmic with powers of ten.
public enum ValueAxis: Equatable, Sendable {
    case linear(NiceTicks)
    case log(LogTicks)

    /// The axis for every value drawn: linear from the lowest (at most 0) to the highest; log from the
    /// lowest above 0; `nil` on a log scale when nothing is above 0.
    public static func fitting(_ values: [Double], log: Bool) -> ValueAxis? {
        if log {
            let positive = values.filter { $0 > 0 }
            guard let low = positive.min(), let high = positive.max() else { return nil }
            return .log(LogTicks(minimum: low, maximum: high))
        }
        return .linear(NiceTicks(minimum: min(0, values.min() ?? 0), maximum: max(0, values.max() ?? 0)))
    }

    /// `value` brought within the axis' range: where a bar beyond it ends, at the plot's edge.
    public func clamped(_ value: Double) -> Double {
        switch self {
        case .linear(let ticks): return min(max(value, ticks.lower), ticks.upper)
        case .log(let ticks): return min(max(value, ticks.lower), ticks.upper)
        }
    }

    /// The tick values.
    public var ticks: [Double] {
        switch self {
        case .linear(let ticks): return ticks.values
        case .log(let ticks): return ticks.values
        }
    }
}
