/// What a stored series covers, without its figures (`DataTransaction.storedSeries()`).
public struct StoredSeries: Sendable, Equatable {
    /// Its first and last day, days since 1970-01-01.
    public var firstDay: Int
    public var lastDay: Int
    /// Whether any day has a recovered figure.
    public var reportsRecovered: Bool

    public init(firstDay: Int, lastDay: Int, reportsRecovered: Bool) {
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.reportsRecovered = reportsRecovered
    }
}
