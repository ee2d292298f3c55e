import Foundation

/// Linear axis ticks as d3 chooses them (d3-array `ticks`, d3-scale `nice`): a step of 1, 2 or 5 × 10ᵏ
/// (the raw step compared with √50, √10 and √2), the domain widened to whole steps.
public struct NiceTicks: Equatable, Sendable {
    /// The widened domain.
    public let lower: Double
    public let upper: Double
    /// The ticks from `lower` to `upper`, both included.
    public let values: [Double]
    /// The distance between ticks.
    public let step: Double

    /// Ticks for values from `minimum` to `maximum`, about `count` of them.
    public init(minimum: Double, maximum: Double, count: Int = 5) {
        var lower = min(minimum, maximum)
        var upper = max(minimum, maximum)
        if lower == upper {
            // A flat series still gets an axis: 0 to 1, or between 0 and the value.
            if lower == 0 {
                upper = 1
            } else if lower > 0 {
                lower = 0
            } else {
                upper = 0
            }
        }
        var step = NiceTicks.increment(lower, upper, count)
        // d3's nice(): widen to whole steps until the step stops changing (at most ten rounds).
        for _ in 0..<10 {
            // Below 1, divide by the step's inverse: 7 × 0.1 is 0.7000000000000001.
            let inverse = (1 / step).rounded()
            let widenedLower =
                step < 1 ? (lower * inverse).rounded(.down) / inverse : (lower / step).rounded(.down) * step
            let widenedUpper = step < 1 ? (upper * inverse).rounded(.up) / inverse : (upper / step).rounded(.up) * step
            let next = NiceTicks.increment(widenedLower, widenedUpper, count)
            lower = widenedLower
            upper = widenedUpper
            if next == step { break }
            step = next
        }
        self.lower = lower
        self.upper = upper
        self.step = step
        let first = Int((lower / step).rounded())
        let last = Int((upper / step).rounded())
        // Each tick from its index, not by adding steps, which drifts.
        values = (first...last).map { index in
            step >= 1 ? Double(index) * step : Double(index) / (1 / step).rounded()
        }
    }

    /// The step between about `count` ticks from `start` to `stop`: 1, 2 or 5 × 10ᵏ.
    public static func increment(_ start: Double, _ stop: Double, _ count: Int) -> Double {
        let raw = (stop - start) / Double(max(1, count))
        guard raw > 0, raw.isFinite else { return 1 }
        let power = (log10(raw)).rounded(.down)
        let error = raw / pow(10, power)
        let factor: Double =
            error >= 50.squareRoot() ? 10 : error >= 10.squareRoot() ? 5 : error >= 2.squareRoot() ? 2 : 1
        return factor * pow(10, power)
    }
}

/// Logarithmic axis ticks (d3-scale `log`): the domain widened to powers of ten, the ticks those
/// powers, plus 2 × and 5 × 10ᵏ when it spans fewer than three.
public struct LogTicks: Equatable, Sendable {
    public let lower: Double
    public let upper: Double
    public let values: [Double]

    /// Ticks for positive values from `minimum` to `maximum`.
    public init(minimum: Double, maximum: Double) {
        let low = max(minimum, Double.leastNormalMagnitude)
        let high = max(maximum, low)
        var lowerPower = log10(low).rounded(.down)
        var upperPower = log10(high).rounded(.up)
        if upperPower == lowerPower { upperPower += 1 }
        if upperPower - lowerPower < 1 { lowerPower = upperPower - 1 }
        lower = pow(10, lowerPower)
        upper = pow(10, upperPower)
        let powers = (Int(lowerPower)...Int(upperPower)).map { pow(10, Double($0)) }
        if upperPower - lowerPower < 3 {
            var values: [Double] = []
            for power in powers {
                for multiple in [1.0, 2, 5] where power * multiple <= pow(10, upperPower) * 1.000001 {
                    values.append(power * multiple)
                }
            }
            self.values = values
        } else {
            values = powers
        }
    }
}
