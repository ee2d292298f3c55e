import Formats
import Foundation

/// Numbers as chart labels show them, as Our World in Data's grapher (`formatValue`): K, M and B, at
/// most three significant digits (`1.2M`, `850K`, `0.25`), negatives with U+2212 (`−200K`).
public enum ChartNumbers: Sendable {
    /// The abbreviated label, rounded to three significant digits first (999,600 is `1M`, not `1000K`).
    public static func abbreviated(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        guard value != 0 else { return "0" }
        let sign = value < 0 ? "\u{2212}" : ""
        var magnitude = abs(value)
        let power = log10(magnitude).rounded(.down)
        let unit = pow(10, power - 2)
        magnitude = (magnitude / unit).rounded() * unit
        let bands: [(Double, String)] = [(1e9, "B"), (1e6, "M"), (1e3, "K")]
        let (divisor, suffix) = bands.first { magnitude >= $0.0 } ?? (1, "")
        return sign + significant(magnitude / divisor) + suffix
    }

    /// `scaled` (already three significant digits) without trailing zeros: 1.25 → `1.25`, 125 → `125`.
    public static func significant(_ scaled: Double) -> String {
        guard scaled != 0 else { return "0" }
        let decimals = max(0, min(6, 2 - Int(log10(scaled).rounded(.down))))
        var text = NumberText.fixed(scaled, decimals: decimals)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
