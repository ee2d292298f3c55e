/// Optimal string alignment distance, for "did you mean": Levenshtein plus a swap of neighbours as one
/// edit, the commonest slip (`korae`).
enum EditDistance {
    /// The edits turning `a` into `b`, or `limit + 1` once certain to exceed `limit` (cheap on long names).
    static func between(_ a: String, _ b: String, limit: Int) -> Int {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        if abs(x.count - y.count) > limit { return limit + 1 }
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
        // Rows i - 2, i - 1 and i; a swap reaches back two rows.
        var beforePrevious = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        var previousRowMinimum = 0
        for i in 1...x.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
                rowMinimum = min(rowMinimum, current[j])
            }
            // Later rows build on this row and, by a swap, the one before.
            if rowMinimum > limit, previousRowMinimum > limit { return limit + 1 }
            previousRowMinimum = rowMinimum
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return min(previous[y.count], limit + 1)
    }
}
