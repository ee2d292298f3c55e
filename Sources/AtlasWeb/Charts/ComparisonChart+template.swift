import AtlasCharts
import Mustache

extension ComparisonChart {
    /// The values the template writes out, coordinates as SVG numbers.
    var templateValue: TemplateValue {
        func tick(_ tick: ChartModel.Tick) -> TemplateValue {
            [
                "position": .string(ChartGeometry.coordinate(tick.position)), "label": .string(tick.label),
                "major": .bool(tick.isMajor), "anchor": .string(tick.anchor),
            ]
        }
        let coordinate = ChartGeometry.coordinate
        return [
            "width": .string(coordinate(ChartGeometry.width)),
            "height": .string(coordinate(ChartGeometry.height)),
            "plotLeft": .string(coordinate(plot.left)),
            "plotRight": .string(coordinate(plot.right)),
            "plotTop": .string(coordinate(plot.top)),
            "plotBottom": .string(coordinate(plot.bottom)),
            "tickBottom": .string(coordinate(plot.bottom + ChartGeometry.tickLength)),
            "xLabelY": .string(coordinate(plot.bottom + ChartGeometry.xLabelGap)),
            "yLabelX": .string(coordinate(plot.left - 6)),
            "title": .string(title),
            "description": .string(description),
            "yTicks": .array(yTicks.map(tick)),
            "xTicks": .array(xTicks.map(tick)),
            "narrowXTicks": .array(narrowXTicks.map(tick)),
            "zeroLine": zeroLine.map { .string(coordinate($0)) } ?? .null,
            "beyondAxis": .array(
                beyondAxis.map { marker in
                    [
                        "label": .string(marker.label), "anchor": .string(marker.anchor),
                        "labelX": .string(coordinate(marker.labelX)), "labelY": .string(coordinate(marker.labelY)),
                    ]
                }),
            "lines": .array(
                lines.map { line in
                    [
                        "id": .string(line.id), "name": .string(line.name), "label": .string(line.label),
                        "colour": .string(String(line.colour)), "path": .string(line.path),
                        "endX": .string(coordinate(line.endX)), "endY": .string(coordinate(line.endY)),
                        "labelX": .string(coordinate(line.endX + 10)), "labelY": .string(coordinate(line.labelY)),
                        "leaderX": .string(coordinate(line.endX + 8)),
                        "leaderY": .string(coordinate(line.labelY - LabelWidth.narrowFontSize * 0.35)),
                        "wideLabelY": .string(coordinate(line.wideLabelY)),
                        "wideLeaderY": .string(coordinate(line.wideLabelY - LabelWidth.wideFontSize * 0.35)),
                        "value": .string(line.value),
                    ]
                }),
        ]
    }
}
