import AtlasCore

/// What one chart draws from a `History`: per shown day the daily change or cumulative count of one
/// metric (per million if asked), and for daily changes the trailing 7-day average. Nothing is smoothed
/// or clipped: a correction stays negative (docs/field-cases.md B29). The data's first day has no daily
/// change, whatever its count, since what it adds to the day before is unknown: every metric's daily
/// series starts on the second day.
public struct ChartSeries: Equatable, Sendable {
    /// The first shown day, days since 1970-01-01.
    public let firstDay: Int
    /// What `values` are.
    public let interval: ChartQuery.Interval
    /// Per shown day: the daily change (`interval=daily`) or the cumulative count; `nil` where not
    /// reported or unknown.
    public let values: [Double?]
    /// Per shown day, for daily changes: the mean of it and the six days before (from the whole series);
    /// `nil` where any of the seven is unknown, and for cumulative counts.
    public let average: [Double?]

    /// - Parameters:
    ///   - population: people, for `per=million`.
    ///   - days: the shown days, within the history's.
    /// - Returns: `nil` for `per=million` without a population above zero (the ships).
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
                daily.append(nil)
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

    /// What the line draws: the 7-day average of daily changes (none without seven days, never the daily
    /// values), or the cumulative count.
    public var line: [Double?] { interval == .daily ? average : values }

    /// The line's highest point, the earliest of equals; `nil` when it has none.
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
