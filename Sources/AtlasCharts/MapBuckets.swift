import Formats

/// A choropleth's bands: `count` quantiles of about as many countries each, edges rounded to two
/// significant digits so the legend reads `1,200`, not `1,187.4`.
public struct MapBuckets: Sendable, Equatable {
    /// The lower edges of bands 1…n−1, ascending and distinct; a value at an edge is in the band above.
    public let thresholds: [Double]

    public init(thresholds: [Double]) { self.thresholds = thresholds }

    /// - Parameters:
    ///   - values: the figures of the countries that have one.
    ///   - count: the bands wanted; fewer when edges meet after rounding or there are few values.
    public init(values: [Double], count: Int = 6) {
        let sorted = values.filter(\.isFinite).sorted()
        guard sorted.count >= 2, count >= 2 else {
            thresholds = []
            return
        }
        var edges: [Double] = []
        for band in 1..<count {
            let position = Double(band) * Double(sorted.count - 1) / Double(count)
            let edge = MapBuckets.nice(sorted[Int(position.rounded(.down))])
            if edge > 0, edge > (edges.last ?? -.infinity), edge <= sorted.last! { edges.append(edge) }
        }
        thresholds = edges
    }

    /// The number of bands.
    public var count: Int { thresholds.count + 1 }

    /// The band of a value, 0 (lowest) to `count − 1`.
    public func bucket(_ value: Double) -> Int { thresholds.prefix { $0 <= value }.count }

    /// `value` rounded to two significant digits: 1,187.4 → 1,200; 0.837 → 0.84; 0 stays 0.
    public static func nice(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return 0 }
        var step = 1.0
        while value / step >= 100 { step *= 10 }
        while value / step < 10 { step /= 10 }
        return (value / step).rounded() * step
    }

    /// A figure in the map's words, rounded as everywhere else (`NumberText.figure`: `5,971`, `33.3`, `2.5`).
    public static func format(_ value: Double) -> String {
        NumberText.figure(value) ?? "n/a"
    }
}
