import AtlasCore

/// The numbers one chart draws, derived from a `History`: per shown day the daily change or the
/// cumulative count of one metric (per million people when asked), and for daily changes the
/// trailing 7-day average. Nothing is smoothed or clipped: a correction's negative day stays
/// negative (docs/field-cases.md B29) and counts in the average; a day without a report stays empty.
/// The first day of the data has no daily change unless its count is 0: what it adds to the day
/// before is unknown (China's series starts at 548 cases on 22 Jan 2020, a history cut to its last
/// 30 days at a million), so its count is never shown as that day's new figures.
public struct ChartSeries: Equatable, Sendable {
    /// The first shown day (days since the epoch).
    public let firstDay: Int
    /// What `values` are.
    public let interval: ChartQuery.Interval
    /// Per shown day: the daily change (`interval=daily`) or the cumulative count; `nil` where the
    /// metric was not reported, or the change is unknown.
    public let values: [Double?]
    /// Per shown day, for daily changes: the mean of that day's and the six days' before (taken from
    /// the whole series, so the first shown days have one too); `nil` where any of the seven is not
    /// reported or unknown (so the first six days of the data have none), and for cumulative counts.
    public let average: [Double?]

    /// - Parameters:
    ///   - population: people, for `per=million`.
    ///   - days: the shown days, within the history's.
    /// - Returns: `nil` for `per=million` without a population above zero (the cruise ships).
    public init?(
        _ history: History, metric: HistoryMetric, interval: ChartQuery.Interval, per: ChartQuery.Per,
        population: Int64?, days: ClosedRange<Int>
    ) {
        var scale = 1.0
        if per == .million {
            guard let population, population > 0 else { return nil }
            scale = 1_000_000 / Double(population)
        }
        let cumulative = history.values(metric)
        var daily: [Double?] = []
        daily.reserveCapacity(cumulative.count)
        for index in cumulative.indices {
            guard let value = cumulative[index] else {
                daily.append(nil)
                continue
            }
            if index == 0 {
                daily.append(value == 0 ? 0 : nil)
            } else if let previous = cumulative[index - 1] {
                daily.append(Double(value - previous))
            } else {
                daily.append(nil)
            }
        }
        let shown = max(days.lowerBound, history.firstDay)...min(days.upperBound, history.lastDay)
        let offset = shown.lowerBound - history.firstDay
        let indices = offset..<(offset + shown.count)
        firstDay = shown.lowerBound
        self.interval = interval
        switch interval {
        case .cumulative:
            values = indices.map { index in cumulative[index].map { Double($0) * scale } }
            average = Array(repeating: nil, count: indices.count)
        case .daily:
            values = indices.map { daily[$0].map { $0 * scale } }
            average = indices.map { index in
                guard index >= 6 else { return nil }
                var sum = 0.0
                for day in (index - 6)...index {
                    guard let value = daily[day] else { return nil }
                    sum += value
                }
                return sum / 7 * scale
            }
        }
    }

    /// The line the chart draws: the 7-day average of daily changes (none where seven days do not
    /// exist yet: never the daily values instead), or the cumulative count.
    public var line: [Double?] { interval == .daily ? average : values }

    /// The index of the line's highest point, the earliest of equals; `nil` when it has none.
    public var peakIndex: Int? {
        var best: Int?
        for (index, value) in line.enumerated() {
            guard let value else { continue }
            if best == nil || value > line[best!]! { best = index }
        }
        return best
    }

    /// The index of the line's last point; `nil` when it has none.
    public var latestIndex: Int? { line.lastIndex { $0 != nil } }

    /// The index of the last day with a value.
    public var lastReportIndex: Int? { values.lastIndex { $0 != nil } }

    /// The calendar date of the shown day at `index`.
    public func date(_ index: Int) -> CalendarDate { CalendarDate(daysSinceEpoch: firstDay + index) }
}
