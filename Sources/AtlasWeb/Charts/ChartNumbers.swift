import Foundation

/// Numbers as chart labels show them, the Our World in Data way (grapher's `formatValue`): short,
/// with K, M and B (thousand, million, billion) and at most three significant digits: `1.2M`, `850K`,
/// `12`, `0.25`; negative values keep their sign.
enum ChartNumbers {
    /// The abbreviated label of `value`.
    static func abbreviated(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let magnitude = abs(value)
        let sign = value < 0 ? "-" : ""
        let (scaled, suffix): (Double, String) =
            magnitude >= 1e9
            ? (magnitude / 1e9, "B")
            : magnitude >= 1e6 ? (magnitude / 1e6, "M") : magnitude >= 1e3 ? (magnitude / 1e3, "K") : (magnitude, "")
        return sign + significant(scaled) + suffix
    }

    /// `scaled` with three significant digits at most, trailing zeros dropped: 1.25 → `1.25`,
    /// 12.5 → `12.5`, 125.4 → `125`, 0.0123 → `0.0123`.
    static func significant(_ scaled: Double) -> String {
        guard scaled != 0 else { return "0" }
        let decimals: Int
        switch scaled {
        case 100...: decimals = 0
        case 10..<100: decimals = 1
        case 1..<10: decimals = 2
        default: decimals = min(6, 2 - Int(log10(scaled).rounded(.down)))
        }
        let factor = pow10(decimals)
        let rounded = (scaled * factor).rounded() / factor
        // A value that rounds up into the next band (999.6 → 1000) is written as that band would.
        if decimals > 0, rounded >= 100, scaled < 100 { return significant(rounded) }
        var text = Formatting.decimalDigits(rounded, decimals: decimals)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    private static func pow10(_ exponent: Int) -> Double {
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}
