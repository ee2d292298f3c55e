import AtlasCharts
import AtlasCore
import HTTPCore
import Routing

/// The days a history download (`history.csv`, `compare.csv`) holds, and its two 404s: one rule for
/// every CSV of JHU's series.
enum HistoryDownload {
    /// The days of `available` that `chart`'s `time` asks for.
    /// - Parameters:
    ///   - available: the days the series cover (days since the epoch); `nil` when there is none.
    ///   - place: what the series are of, for the messages (`S. Korea`, `these countries`).
    /// - Throws: `HTTPError(404)` when no series covers `place`, or `time` asks for none of its days.
    static func days(_ chart: ChartQuery, within available: ClosedRange<Int>?, place: String) throws
        -> ClosedRange<Int>
    {
        guard let available else {
            throw HTTPError(
                .notFound, "JHU CSSE’s time series does not cover \(place), so there is no history to download.")
        }
        guard let days = chart.days(within: available) else {
            throw HTTPError(
                .notFound,
                "JHU CSSE’s series for \(place) runs from \(CalendarDate(daysSinceEpoch: available.lowerBound).short) to "
                    + "\(CalendarDate(daysSinceEpoch: available.upperBound).short); "
                    + "time “\(chart.start.text)..\(chart.end.text)” asks for none of these days.")
        }
        return days
    }
}
