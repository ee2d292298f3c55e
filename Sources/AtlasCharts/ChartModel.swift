import AtlasCore
import Foundation

/// One history chart as the template writes it: ticks (the time axis twice, wide and narrow), bars and
/// line as SVG paths, the peak and latest value marked, title, legend, and the description standing
/// for it for people who cannot see it. Pure: the same input gives the same bytes.
public struct ChartModel: Equatable, Sendable {
    /// A marked point and its label.
    public struct Marker: Equatable, Sendable {
        public let x: Double
        public let y: Double
        public let label: String
        /// The label's anchor (`start`, `middle`, `end`) and place.
        public let anchor: String
        public let labelX: Double
        public let labelY: Double
    }

    /// A tick and where it is drawn.
    public struct Tick: Equatable, Sendable {
        public let position: Double
        public let label: String
        public let isMajor: Bool
        /// `middle`, or `start`/`end` near the plot's edges, so no label runs off the chart.
        public var anchor = "middle"
    }

    /// A legend entry: what `bars`, `negative` bars or the `line` mean.
    public struct LegendItem: Equatable, Sendable {
        public let kind: String
        public let label: String
    }

    public let title: String
    public let description: String
    /// The plot's box, its left edge leaving room for the value labels.
    public let plot: ChartGeometry.Box
    public let yTicks: [Tick]
    /// The time axis on wide screens, labels at `LabelWidth.wideFontSize`.
    public let xTicks: [Tick]
    /// The time axis on narrow screens, where labels are larger in view box units: fewer ticks.
    public let narrowXTicks: [Tick]
    /// `M x y V y h w V y z` per bar above zero, in one path to keep the SVG small.
    public let barsPath: String
    /// The bars below zero (corrections), drawn apart.
    public let negativeBarsPath: String
    /// The 7-day average or the cumulative count, broken where a day has no value.
    public let linePath: String
    /// The zero line when the axis reaches below zero.
    public let zeroLine: Double?
    public let peak: Marker?
    /// Bars beyond the axis (`OutlierDays`), drawn to its edge: each labelled with its figure and date.
    public let beyondAxis: [Marker]
    /// The line's last point, labelled beside it where there is room.
    public let latest: Marker?
    /// What the marks mean, shown above the chart.
    public let legend: [LegendItem]
    /// Days per bar, more than one when a day would be under a pixel wide; 0 without bars.
    public let daysPerBar: Int

    /// The most bars drawn: the plot is about 480 units wide, so more would be well under a pixel each.
    public static let maximumBars = 700

    /// The chart of `series` viewed as `query`, for `place` (`S. Korea`, `the world`); `nil` when there is
    /// nothing to draw (no value, or none above 0 on a log scale).
    public init?(_ series: ChartSeries, query: ChartQuery, place: String, words: ChartWords) {
        let lastDay = series.firstDay + series.values.count - 1
        guard lastDay >= series.firstDay else { return nil }
        let days = series.firstDay...lastDay
        let daily = query.interval == .daily
        let bars = daily ? ChartModel.buckets(series.values) : []
        // A correction far beyond every other day would flatten them all: the axis fits the ordinary days.
        let outliers = query.scale == .linear ? OutlierDays(bars.map(\.value)) : nil
        let ordinary = bars.indices.filter { !(outliers?.indices.contains($0) ?? false) }.compactMap { bars[$0].value }
        let drawn = ordinary + series.line.compactMap { $0 }
        guard !drawn.isEmpty, let axis = ValueAxis.fitting(drawn, log: query.scale == .log) else { return nil }
        let format = words.axisFigure
        var box = ChartGeometry.defaultPlot
        box.left = ChartGeometry.plotLeft(yLabels: axis.ticks.map(format))
        let geometry = ChartGeometry(days: days, axis: axis, plot: box)
        plot = box

        yTicks = axis.ticks.compactMap { value in
            geometry.y(of: value).map { Tick(position: $0, label: format(value), isMajor: value == 0) }
        }
        xTicks = ChartModel.timeTicks(geometry, fontSize: LabelWidth.wideFontSize, labels: words.tickLabels)
        narrowXTicks = ChartModel.timeTicks(geometry, fontSize: LabelWidth.narrowFontSize, labels: words.tickLabels)
        daysPerBar = daily ? ChartModel.bucketSize(series.values.count) : 0
        var above = ""
        var below = ""
        var beyond: [Marker] = []
        if daily {
            let width = max(0.4, geometry.dayWidth * Double(daysPerBar) * 0.8)
            let base = geometry.baseline
            for (index, bar) in bars.enumerated() {
                guard let value = bar.value, value != 0 else { continue }
                let isOutlier = outliers?.indices.contains(index) ?? false
                guard let top = geometry.y(of: isOutlier ? axis.clamped(value) : value) else { continue }
                let (baseText, topText) = (ChartGeometry.coordinate(base), ChartGeometry.coordinate(top))
                // A bar too short to see at this precision is left out.
                guard baseText != topText else { continue }
                // Centred on its days, as the ticks and the line's points are.
                let lastOfBar = min(series.values.count - 1, bar.start + daysPerBar - 1)
                let centre =
                    (geometry.x(ofDay: series.firstDay + bar.start) + geometry.x(ofDay: series.firstDay + lastOfBar))
                    / 2
                let piece =
                    "M\(ChartGeometry.coordinate(centre - width / 2)) \(baseText)V\(topText)"
                    + "h\(ChartGeometry.coordinate(width))V\(baseText)z"
                if value > 0 { above += piece } else { below += piece }
                if isOutlier {
                    let label = words.beyondAxisLabel(value, firstDay: series.date(bar.start), days: daysPerBar)
                    beyond.append(ChartModel.edgeMarker(x: centre, y: top, label: label, plot: box))
                }
            }
        }
        beyondAxis = beyond
        barsPath = above
        negativeBarsPath = below
        let line = ChartModel.linePath(series.line, firstDay: series.firstDay, geometry: geometry)
        linePath = line
        if case .linear(let ticks) = axis, ticks.lower < 0 { zeroLine = geometry.y(of: 0) } else { zeroLine = nil }

        let latestIndex = series.latestIndex
        latest = latestIndex.flatMap { index in
            series.line[index].flatMap { value in
                geometry.y(of: value).map { y in
                    ChartModel.latestMarker(
                        x: geometry.x(ofDay: series.firstDay + index), y: y, label: words.markerFigure(value),
                        plot: box)
                }
            }
        }
        // A peak no higher than the latest value adds nothing; one whose label would cover the latest's is
        // left to the words.
        let peakIndex = series.peakIndex
        let peakValue = peakIndex.flatMap { series.line[$0] }
        var peakMarker: Marker?
        if let peakIndex, let peakValue, peakValue > latestIndex.flatMap({ series.line[$0] }) ?? 0,
            let y = geometry.y(of: peakValue)
        {
            // A log scale brings the peak and the latest value close: the label moves beside or below its
            // point rather than cover the latest's, and only goes when no place is free.
            let places = ChartModel.markerPlaces(
                x: geometry.x(ofDay: series.firstDay + peakIndex), y: y, label: words.peakLabel(peakValue), plot: box)
            let latestMarker = latest
            peakMarker = places.first { place in latestMarker.map { !ChartModel.overlap(place, $0) } ?? true }
        }
        peak = peakMarker
        let legend = words.legend(query: query, hasNegativeBars: !below.isEmpty, hasLine: !line.isEmpty)
        self.legend = legend.map { LegendItem(kind: $0.kind, label: $0.label) }
        title = words.title(query: query, place: place)
        description =
            words.description(series, query: query, place: place, daysPerBar: daysPerBar)
            + (beyond.isEmpty ? "" : " " + words.beyondAxis(beyond.map(\.label)))
    }

    /// The time axis' ticks for labels at `fontSize`, in the words of `labels`.
    public static func timeTicks(
        _ geometry: ChartGeometry, fontSize: Double, labels: TimeTicks.Labels = .english
    ) -> [Tick] {
        TimeTicks(days: geometry.days, fontSize: fontSize, labels: labels) { geometry.x(ofDay: $0) }.ticks.map { tick in
            Tick(
                position: geometry.x(ofDay: tick.day), label: tick.label, isMajor: tick.startsYear,
                anchor: tick.anchor)
        }
    }

    /// SVG path data through `values` (one a day from `firstDay`), broken where a day has no value or one
    /// the scale cannot show.
    public static func linePath(_ values: [Double?], firstDay: Int, geometry: ChartGeometry) -> String {
        var line = ""
        var drawing = false
        for (index, value) in values.enumerated() {
            guard let value, let y = geometry.y(of: value) else {
                drawing = false
                continue
            }
            let x = geometry.x(ofDay: firstDay + index)
            line += (drawing ? "L" : "M") + ChartGeometry.coordinate(x) + " " + ChartGeometry.coordinate(y)
            drawing = true
        }
        return line
    }

    /// The marker of the line's last point: its label to the right where the largest font fits, else
    /// above.
    public static func latestMarker(x: Double, y: Double, label: String, plot: ChartGeometry.Box) -> Marker {
        let width = LabelWidth.of(label, fontSize: LabelWidth.narrowFontSize, bold: true)
        if x + 6 + width <= ChartGeometry.width - 2 {
            return Marker(
                x: x, y: y, label: label, anchor: "start", labelX: x + 6,
                labelY: min(plot.bottom, max(plot.top + 4, y + 4)))
        }
        return markerAbove(x: x, y: y, label: label)
    }

    /// A marker labelled above the point: centred, or anchored at an end near the view box's edges.
    public static func markerAbove(x: Double, y: Double, label: String) -> Marker {
        let width = LabelWidth.of(label, fontSize: LabelWidth.narrowFontSize, bold: true)
        let anchor = x - width / 2 < 2 ? "start" : x + width / 2 > ChartGeometry.width - 2 ? "end" : "middle"
        // Low enough that the label's ascent stays inside the view box.
        return Marker(
            x: x, y: y, label: label, anchor: anchor, labelX: x,
            labelY: max(LabelWidth.narrowFontSize * 0.8 + 2, y - 9))
    }

    /// The places a point's label may take, best first: above it, below it, to its left, to its right;
    /// each inside the plot.
    public static func markerPlaces(x: Double, y: Double, label: String, plot: ChartGeometry.Box) -> [Marker] {
        let font = LabelWidth.narrowFontSize
        let width = LabelWidth.of(label, fontSize: font, bold: true)
        var places = [markerAbove(x: x, y: y, label: label)]
        let anchor = places[0].anchor
        if y + 9 + font * 0.8 <= plot.bottom {
            places.append(Marker(x: x, y: y, label: label, anchor: anchor, labelX: x, labelY: y + 9 + font * 0.8))
        }
        let middle = min(plot.bottom, max(plot.top + font * 0.8, y + 4))
        if x - 6 - width >= 2 {
            places.append(Marker(x: x, y: y, label: label, anchor: "end", labelX: x - 6, labelY: middle))
        }
        if x + 6 + width <= ChartGeometry.width - 2 {
            places.append(Marker(x: x, y: y, label: label, anchor: "start", labelX: x + 6, labelY: middle))
        }
        return places
    }

    /// The marker of a value drawn to the plot's edge: the label inside the plot at that edge, beside the
    /// point on the side with room, else centred on it as far as the plot allows (the value axis' labels
    /// are left of the plot, the latest value's right of it).
    public static func edgeMarker(x: Double, y: Double, label: String, plot: ChartGeometry.Box) -> Marker {
        let font = LabelWidth.narrowFontSize
        // A little more than the estimate: a label must never run off the chart.
        let width = LabelWidth.of(label, fontSize: font, bold: true) * 1.05
        let labelY = y <= plot.top + 1 ? plot.top + font * 0.8 + 2 : plot.bottom - 4
        if x + 6 + width <= plot.right {
            return Marker(x: x, y: y, label: label, anchor: "start", labelX: x + 6, labelY: labelY)
        }
        if x - 6 - width >= plot.left {
            return Marker(x: x, y: y, label: label, anchor: "end", labelX: x - 6, labelY: labelY)
        }
        let centre = min(max(x, plot.left + width / 2), plot.right - width / 2)
        return Marker(x: x, y: y, label: label, anchor: "middle", labelX: centre, labelY: labelY)
    }

    /// Whether two markers' labels (at the largest font) would overlap.
    public static func overlap(_ a: Marker, _ b: Marker) -> Bool {
        func box(_ marker: Marker) -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
            let font = LabelWidth.narrowFontSize
            let width = LabelWidth.of(marker.label, fontSize: font, bold: true)
            let left =
                marker.anchor == "start"
                ? marker.labelX : marker.anchor == "end" ? marker.labelX - width : marker.labelX - width / 2
            return ((left - 4)...(left + width + 4), (marker.labelY - font * 0.8)...(marker.labelY + font * 0.25))
        }
        let (first, second) = (box(a), box(b))
        return first.x.overlaps(second.x) && first.y.overlaps(second.y)
    }

    /// Consecutive days per bar: one, or more beyond `maximumBars` days.
    public static func bucketSize(_ count: Int) -> Int {
        max(1, Int((Double(count) / Double(maximumBars)).rounded(.up)))
    }

    /// Days in groups of `bucketSize`: each group's mean of its reported days.
    public static func buckets(_ values: [Double?]) -> [(start: Int, value: Double?)] {
        let size = bucketSize(values.count)
        return stride(from: 0, to: values.count, by: size).map { start in
            let reported = values[start..<min(values.count, start + size)].compactMap { $0 }
            return (start, reported.isEmpty ? nil : reported.reduce(0, +) / Double(reported.count))
        }
    }
}
