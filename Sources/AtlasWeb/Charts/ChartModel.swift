import AtlasCore
import Foundation
import Mustache

/// One history chart as the template writes it out: the axes' ticks, the bars and the line as SVG
/// path data, the peak and the latest value marked, and the title and description that name it for
/// people who cannot see it. Pure: the same series and view give the same bytes.
struct ChartModel: Equatable {
    /// A marked point and its label.
    struct Marker: Equatable {
        let x: Double
        let y: Double
        let label: String
        /// Where the label is anchored (`start`, `middle`, `end`) and placed.
        let anchor: String
        let labelX: Double
        let labelY: Double
    }

    /// A tick and where it is drawn.
    struct Tick: Equatable {
        let position: Double
        let label: String
        let isMajor: Bool
        /// How its label is anchored: `middle`, or `start`/`end` near the plot's edges, so a label
        /// never runs off the chart.
        var anchor = "middle"
    }

    let title: String
    let description: String
    let yTicks: [Tick]
    let xTicks: [Tick]
    /// `M x y V y h w V y z` per bar above zero, one path (one element keeps the SVG small).
    let barsPath: String
    /// The bars below zero (corrections), drawn apart.
    let negativeBarsPath: String
    /// The line (the 7-day average, or the cumulative count), broken where a day has no value.
    let linePath: String
    /// The zero line when the axis reaches below zero.
    let zeroLine: Double?
    let peak: Marker?
    let latest: Marker?
    /// How many days each bar stands for (more than one when a day would be narrower than a pixel
    /// at the chart's usual width); 0 without bars.
    let daysPerBar: Int

    /// The most bars drawn (a day each up to here, so the 662 days of the shipped history are 662
    /// bars): the plot is about 500 units wide, so more would be bars of well under a pixel.
    static let maximumBars = 700

    /// The chart of `series` viewed as `query`, for `place` (`S. Korea`, `the world`).
    /// - Returns: `nil` when there is nothing to draw (no value, or none above 0 on a log scale).
    init?(_ series: ChartSeries, query: ChartQuery, place: String, words: ChartWords) {
        let lastDay = series.firstDay + series.values.count - 1
        guard lastDay >= series.firstDay else { return nil }
        let days = series.firstDay...lastDay
        let daily = query.interval == .daily
        let bars = daily ? ChartModel.buckets(series.values) : []
        let drawn = bars.compactMap(\.value) + series.line.compactMap { $0 }
        guard !drawn.isEmpty, let axis = ValueAxis.fitting(drawn, log: query.scale == .log) else { return nil }
        let geometry = ChartGeometry(days: days, axis: axis)
        let format = { (value: Double) in ChartNumbers.abbreviated(value) }

        yTicks = axis.ticks.compactMap { value in
            geometry.y(of: value).map { Tick(position: $0, label: format(value), isMajor: value == 0) }
        }
        xTicks = TimeTicks(days: days, maximum: 8).ticks.map { tick in
            let x = geometry.x(ofDay: tick.day)
            let anchor =
                x - ChartGeometry.plot.left < 32 ? "start" : ChartGeometry.plot.right - x < 32 ? "end" : "middle"
            return Tick(position: x, label: tick.label, isMajor: tick.startsYear, anchor: anchor)
        }
        daysPerBar =
            daily ? max(1, Int((Double(series.values.count) / Double(ChartModel.maximumBars)).rounded(.up))) : 0
        var above = ""
        var below = ""
        if daily {
            let width = geometry.dayWidth * Double(daysPerBar)
            let base = geometry.baseline
            for bar in bars {
                guard let value = bar.value, value != 0, let top = geometry.y(of: value) else { continue }
                let (baseText, topText) = (ChartGeometry.coordinate(base), ChartGeometry.coordinate(top))
                // A bar too short to see at this precision is left out (the SVG stays small).
                guard baseText != topText else { continue }
                let left = geometry.x(ofDay: series.firstDay + bar.start) - geometry.dayWidth / 2
                let piece =
                    "M\(ChartGeometry.coordinate(left)) \(baseText)V\(topText)"
                    + "h\(ChartGeometry.coordinate(max(0.4, width * 0.8)))V\(baseText)z"
                if value > 0 { above += piece } else { below += piece }
            }
        }
        barsPath = above
        negativeBarsPath = below
        var line = ""
        var drawing = false
        for (index, value) in series.line.enumerated() {
            guard let value, let y = geometry.y(of: value) else {
                drawing = false
                continue
            }
            let x = geometry.x(ofDay: series.firstDay + index)
            line += (drawing ? "L" : "M") + ChartGeometry.coordinate(x) + " " + ChartGeometry.coordinate(y)
            drawing = true
        }
        linePath = line
        if case .linear(let ticks) = axis, ticks.lower < 0 { zeroLine = geometry.y(of: 0) } else { zeroLine = nil }

        func marker(_ index: Int?, label: (Double) -> String, above: Bool) -> Marker? {
            guard let index, let value = series.line[index], let y = geometry.y(of: value) else { return nil }
            let x = geometry.x(ofDay: series.firstDay + index)
            if above {
                let anchor =
                    x < ChartGeometry.plot.left + 60 ? "start" : x > ChartGeometry.plot.right - 60 ? "end" : "middle"
                return Marker(x: x, y: y, label: label(value), anchor: anchor, labelX: x, labelY: max(14, y - 9))
            }
            return Marker(
                x: x, y: y, label: label(value), anchor: "start", labelX: ChartGeometry.plot.right + 6,
                labelY: min(ChartGeometry.plot.bottom, max(ChartGeometry.plot.top + 4, y + 4)))
        }
        let latestIndex = series.latestIndex
        latest = marker(latestIndex, label: format, above: false)
        let peakIndex = series.peakIndex
        // A peak no higher than the latest value says nothing the latest label does not (a flat series).
        let peakAboveLatest = peakIndex.flatMap { series.line[$0] } ?? 0 > latestIndex.flatMap { series.line[$0] } ?? 0
        peak = peakAboveLatest ? marker(peakIndex, label: { "Peak " + format($0) }, above: true) : nil
        title = words.title(query: query, place: place)
        description = words.description(series, query: query, place: place, daysPerBar: daysPerBar)
    }

    /// Consecutive days in groups of `maximumBars` at most: each group's mean of its reported days.
    static func buckets(_ values: [Double?]) -> [(start: Int, value: Double?)] {
        let size = max(1, Int((Double(values.count) / Double(maximumBars)).rounded(.up)))
        return stride(from: 0, to: values.count, by: size).map { start in
            let reported = values[start..<min(values.count, start + size)].compactMap { $0 }
            return (start, reported.isEmpty ? nil : reported.reduce(0, +) / Double(reported.count))
        }
    }

    /// The values the template writes out, coordinates as SVG numbers.
    var templateValue: TemplateValue {
        func tick(_ tick: Tick) -> TemplateValue {
            [
                "position": .string(ChartGeometry.coordinate(tick.position)), "label": .string(tick.label),
                "major": .bool(tick.isMajor), "anchor": .string(tick.anchor),
            ]
        }
        func marker(_ marker: Marker?) -> TemplateValue {
            guard let marker else { return .null }
            return [
                "x": .string(ChartGeometry.coordinate(marker.x)), "y": .string(ChartGeometry.coordinate(marker.y)),
                "label": .string(marker.label), "anchor": .string(marker.anchor),
                "labelX": .string(ChartGeometry.coordinate(marker.labelX)),
                "labelY": .string(ChartGeometry.coordinate(marker.labelY)),
            ]
        }
        return [
            "width": .string(ChartGeometry.coordinate(ChartGeometry.width)),
            "height": .string(ChartGeometry.coordinate(ChartGeometry.height)),
            "plotLeft": .string(ChartGeometry.coordinate(ChartGeometry.plot.left)),
            "plotRight": .string(ChartGeometry.coordinate(ChartGeometry.plot.right)),
            "plotTop": .string(ChartGeometry.coordinate(ChartGeometry.plot.top)),
            "plotBottom": .string(ChartGeometry.coordinate(ChartGeometry.plot.bottom)),
            "xLabelY": .string(ChartGeometry.coordinate(ChartGeometry.plot.bottom + 18)),
            "yLabelX": .string(ChartGeometry.coordinate(ChartGeometry.plot.left - 6)),
            "title": .string(title),
            "description": .string(description),
            "yTicks": .array(yTicks.map(tick)),
            "xTicks": .array(xTicks.map(tick)),
            "barsPath": barsPath.isEmpty ? .null : .string(barsPath),
            "negativeBarsPath": negativeBarsPath.isEmpty ? .null : .string(negativeBarsPath),
            "linePath": linePath.isEmpty ? .null : .string(linePath),
            "zeroLine": zeroLine.map { .string(ChartGeometry.coordinate($0)) } ?? .null,
            "peak": marker(peak),
            "latest": marker(latest),
        ]
    }
}
