/// Numbers as text, independent of the process locale (docs/field-cases.md B28): `,` groups of three,
/// the point `.`, rounding half away from zero.
public enum NumberText {
    /// `17967672` → `"17,967,672"`, `-1234` → `"-1,234"`.
    public static func grouped(_ value: Int64) -> String {
        let digits = String(value.magnitude)
        var result = ""
        result.reserveCapacity(digits.count + digits.count / 3 + 1)
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// A measured figure (an average, a figure per million, an area) rounded as its size calls for, the
    /// one rule for figures in words: whole and grouped from 100 up (`489,291.86` → `"489,292"`,
    /// `613.02` → `"613"`), one decimal from 10 (`33.34` → `"33.3"`), two below (`2.456` → `"2.46"`),
    /// trailing zeros dropped (`12.0` → `"12"`), `-` for negatives; `nil` when not finite or beyond
    /// 9.2 × 10¹⁶. Counts stay whole (`grouped`); coordinates use `decimal`.
    public static func figure(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        // The size is read after rounding to two decimals, so 99.996 counts as 100.
        let magnitude = (value.magnitude * 100).rounded() / 100
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2
        let factor: Double = decimals == 0 ? 1 : decimals == 1 ? 10 : 100
        let units = (value.magnitude * factor).rounded()
        guard units < 9.2e18 else { return nil }
        let whole = Int64(units) / Int64(factor)
        var text = grouped(whole)
        let fraction = Int(Int64(units) % Int64(factor))
        if fraction != 0 {
            var digits = Digits.padded(fraction, width: decimals)
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return value < 0 && units != 0 ? "-" + text : text
    }

    /// A ratio with grouping and at most two decimals, trailing zeros dropped: `1529.05` → `"1,529.05"`,
    /// `0.7` → `"0.7"`, `3901.0` → `"3,901"`; `nil` when not finite or beyond 9.2 × 10¹⁶.
    public static func decimal(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        let hundredths = (value.magnitude * 100).rounded()
        guard hundredths < 9.2e18 else { return nil }
        let whole = Int64(hundredths) / 100
        let fraction = Int(Int64(hundredths) % 100)
        var text = grouped(whole)
        if fraction != 0 {
            let padded = Digits.padded(fraction, width: 2)
            text += "." + (padded.hasSuffix("0") ? String(padded.dropLast()) : padded)
        }
        return value < 0 && hundredths != 0 ? "-" + text : text
    }

    /// `value` with exactly `decimals` digits after the point, no grouping: `(1.25, 1)` → `"1.3"`,
    /// `(-3.14159, 2)` → `"-3.14"`. No sign on a result that rounds to zero; not finite → `"0"`;
    /// magnitudes past 9 × 10¹⁸ units are clamped. For chart labels and SVG coordinates.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        var factor: Double = 1
        for _ in 0..<decimals { factor *= 10 }
        let units = Int64(min((value.magnitude * factor).rounded(), 9.0e18))
        let digits = String(units)
        let sign = value < 0 && units != 0 ? "-" : ""
        guard decimals > 0 else { return sign + digits }
        let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
        return sign + padded.dropLast(decimals) + "." + padded.suffix(decimals)
    }
}
