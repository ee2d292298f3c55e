import Foundation

/// Numbers as Korean readers write them, with no locale from the environment. Whole figures are
/// grouped by threes with `,` as in English (`NumberText.grouped`: `47,138,921`); what differs is the
/// share sign, written without a space, and the short figures of chart axes, which count in myriads
/// (만 = 10⁴, 억 = 10⁸, 조 = 10¹²) where English counts in thousands (CLDR `ko` compact-short).
public enum KoreanNumbers {
    /// A share in percent as published, at most two decimals (`NumberText.decimal`), the sign against
    /// the figure: `77` → `"77%"`, `76.98` → `"76.98%"`; `nil` when not finite.
    public static func percent(_ value: Double) -> String? {
        NumberText.decimal(value).map { $0 + "%" }
    }

    /// A chart label's short figure, the Korean of `ChartNumbers.abbreviated` (`1.2M`): rounded to three
    /// significant digits first, then counted in the largest of 조, 억 and 만 it reaches, trailing
    /// zeros dropped; a figure under 만 grouped as in the text beside the chart (`5,000`), a count of a
    /// unit not (it is at most 9999, as CLDR writes `1230만`): `10만`, `12.3만`, `1230만`, `1억`,
    /// `2.5억`; negatives with U+2212 (`−20만`); `–` when not finite.
    public static func abbreviated(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        guard value != 0 else { return "0" }
        let sign = value < 0 ? "\u{2212}" : ""
        var magnitude = value.magnitude
        let power = Int(log10(magnitude).rounded(.down))
        let unit = tenTo(power - 2)
        magnitude = (magnitude / unit).rounded() * unit
        let bands: [(Double, String)] = [(1e12, "조"), (1e8, "억"), (1e4, "만")]
        let (divisor, suffix) = bands.first { magnitude >= $0.0 } ?? (1, "")
        let scaled = magnitude / divisor
        // Three significant digits of the scaled count: 2.5 keeps one decimal, 1230 none.
        let decimals = max(0, min(6, 2 - Int(log10(scaled).rounded(.down))))
        var text = NumberText.fixed(scaled, decimals: decimals)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        if suffix.isEmpty, scaled >= 1000 { text = NumberText.grouped(Int64(scaled)) }
        return sign + text + suffix
    }

    /// 10 to the power `exponent`, exactly for the exponents of finite doubles' digits.
    static func tenTo(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<abs(exponent) { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }
}
