/// Douglas–Peucker line simplification (1973): keeps the ends, then recursively the point farthest from
/// the chord while it lies more than `tolerance` away.
public enum PathSimplification: Sendable {
    /// The points of `line` that survive, in order, ends included.
    /// - Parameters:
    ///   - line: the positions (a ring may repeat its first point at its end).
    ///   - tolerance: the farthest a dropped point may lie from the result, in the positions' units.
    public static func douglasPeucker(_ line: [(Double, Double)], tolerance: Double) -> [(Double, Double)] {
        guard line.count > 2 else { return line }
        var keep = [Bool](repeating: false, count: line.count)
        keep[0] = true
        keep[line.count - 1] = true
        // An explicit stack: outlines have thousands of points.
        var stack = [(0, line.count - 1)]
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            var farthest = first
            var distance = -1.0
            for index in (first + 1)..<last {
                let d = PathSimplification.distance(line[index], from: line[first], to: line[last])
                if d > distance {
                    distance = d
                    farthest = index
                }
            }
            if distance > tolerance {
                keep[farthest] = true
                stack.append((first, farthest))
                stack.append((farthest, last))
            }
        }
        return line.indices.filter { keep[$0] }.map { line[$0] }
    }

    /// The distance of `point` from the segment `a`–`b` (from `a` when they coincide, as a ring's ends).
    public static func distance(_ point: (Double, Double), from a: (Double, Double), to b: (Double, Double)) -> Double {
        let dx = b.0 - a.0
        let dy = b.1 - a.1
        let lengthSquared = dx * dx + dy * dy
        var t = 0.0
        if lengthSquared > 0 {
            t = max(0, min(1, ((point.0 - a.0) * dx + (point.1 - a.1) * dy) / lengthSquared))
        }
        let x = a.0 + t * dx - point.0
        let y = a.1 + t * dy - point.1
        return (x * x + y * y).squareRoot()
    }
}
