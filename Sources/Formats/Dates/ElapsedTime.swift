/// A coarse age, as the freshness line states it: a whole count of the largest unit that fits, with
/// the same thresholds in every language (`3 minutes`, `3분`), so both pages of a view say the same age
/// and change at the same moment.
public struct ElapsedTime: Equatable, Sendable {
    /// What `count` counts, each with its length in seconds (a month is 30 days, a year 365).
    public enum Unit: Int64, Sendable {
        case second = 1
        case minute = 60
        case hour = 3600
        case day = 86_400
        case month = 2_592_000
        case year = 31_536_000
    }

    /// Whole units, at least 0.
    public let count: Int64
    /// The unit the age is counted in.
    public let unit: Unit

    /// The age `seconds` old: seconds below a minute, minutes below an hour, hours below a day, days
    /// below 60 days, months (of 30 days) below 730 days, then years (of 365 days). A negative age
    /// is 0 seconds.
    public init(seconds: Int64) {
        let seconds = max(seconds, 0)
        switch seconds {
        case ..<60: unit = .second
        case ..<3600: unit = .minute
        case ..<86_400: unit = .hour
        case ..<(86_400 * 60): unit = .day
        case ..<(86_400 * 730): unit = .month
        default: unit = .year
        }
        count = seconds / unit.rawValue
    }
}
