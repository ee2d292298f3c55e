/// Days so far from the rest that an axis fitted to them would flatten every other day: JHU's
/// corrections (France's −349,116 cases on 20 May 2021 against ordinary days under 120,000). The axis
/// is fitted to the ordinary days and the outliers are drawn to its edge with their figure and date;
/// the table, the CSV and the JSON keep them as published.
public struct OutlierDays: Equatable, Sendable {
    /// How many times the ordinary scale (the 98th percentile of the days' magnitudes) a day must
    /// exceed to be an outlier.
    public static let factor = 2.5
    /// At most this share of the days (and at most `maximumCount`) may be outliers: beyond it they are
    /// no longer exceptions, and the axis shows them all.
    public static let maximumShare = 0.01
    public static let maximumCount = 5

    /// The outliers' indices into the values, in order.
    public let indices: [Int]
    /// The largest magnitude an ordinary day may have.
    public let bound: Double

    /// The outliers among `values` (`nil` days skipped, zeros not counted for the scale); `nil` when
    /// there are none, too few days to judge (under 28), or too many to be exceptions.
    public init?(_ values: [Double?]) {
        let magnitudes = values.compactMap { $0.map(abs) }.filter { $0 > 0 }.sorted()
        guard magnitudes.count >= 28 else { return nil }
        let reference = magnitudes[Int((Double(magnitudes.count - 1) * 0.98).rounded(.down))]
        let bound = reference * OutlierDays.factor
        let indices = values.indices.filter { values[$0].map { abs($0) > bound } ?? false }
        let allowed = min(
            OutlierDays.maximumCount, max(1, Int(Double(magnitudes.count) * OutlierDays.maximumShare)))
        guard !indices.isEmpty, indices.count <= allowed else { return nil }
        self.indices = indices
        self.bound = bound
    }
}
