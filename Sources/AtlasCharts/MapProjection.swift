import Foundation

/// The Equal Earth projection (Šavrič, Patterson and Jenny, 2018): equal-area, so a choropleth's big
/// countries do not outweigh small ones by distortion, with straight parallels.
public enum EqualEarth: Sendable {
    private static let a1 = 1.340264
    private static let a2 = -0.081106
    private static let a3 = 0.000893
    private static let a4 = 0.003796
    private static let m = 3.0.squareRoot() / 2

    /// A position in degrees on the plane, in Earth radii: x grows east (±2.7066 at ±180°), y north
    /// (±1.3174 at the poles).
    public static func project(long: Double, lat: Double) -> (x: Double, y: Double) {
        let lambda = long * .pi / 180
        let phi = lat * .pi / 180
        let theta = asin(m * sin(phi))
        let t2 = theta * theta
        let t6 = t2 * t2 * t2
        let x = lambda * cos(theta) / (m * (a1 + 3 * a2 * t2 + t6 * (7 * a3 + 9 * a4 * t2)))
        let y = theta * (a1 + a2 * t2 + t6 * (a3 + a4 * t2))
        return (x, y)
    }
}
