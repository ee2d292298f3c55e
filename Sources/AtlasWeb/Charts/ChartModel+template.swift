import AtlasCharts
import Mustache

extension ChartModel {
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
            "plotLeft": .string(ChartGeometry.coordinate(plot.left)),
            "plotRight": .string(ChartGeometry.coordinate(plot.right)),
            "plotTop": .string(ChartGeometry.coordinate(plot.top)),
            "plotBottom": .string(ChartGeometry.coordinate(plot.bottom)),
            "tickBottom": .string(ChartGeometry.coordinate(plot.bottom + ChartGeometry.tickLength)),
            "xLabelY": .string(ChartGeometry.coordinate(plot.bottom + ChartGeometry.xLabelGap)),
            "yLabelX": .string(ChartGeometry.coordinate(plot.left - 6)),
            "title": .string(title),
            "description": .string(description),
            "legend": .array(legend.map { ["kind": .string($0.kind), "label": .string($0.label)] }),
            "yTicks": .array(yTicks.map(tick)),
            "xTicks": .array(xTicks.map(tick)),
            "narrowXTicks": .array(narrowXTicks.map(tick)),
            "barsPath": barsPath.isEmpty ? .null : .string(barsPath),
            "negativeBarsPath": negativeBarsPath.isEmpty ? .null : .string(negativeBarsPath),
            "linePath": linePath.isEmpty ? .null : .string(linePath),
            "zeroLine": zeroLine.map { .string(ChartGeometry.coordinate($0)) } ?? .null,
            "peak": marker(peak),
            "beyondAxis": .array(beyondAxis.map(marker)),
            "latest": marker(latest),
        ]
    }
}
