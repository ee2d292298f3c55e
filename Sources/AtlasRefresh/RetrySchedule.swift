/// When the background refresh tries again: `interval` after a success; after a failure, a backoff
/// doubling from `firstRetry` up to `interval`, never sooner than the upstream's `Retry-After`
/// (RFC 9110 §10.2.3, docs/field-cases.md B04), itself capped at `longestRetryAfter`.
struct RetrySchedule: Sendable, Equatable {
    /// Seconds between refreshes when all is well (`--refresh-interval`).
    let interval: Double
    /// Seconds before the first retry after a failure.
    let firstRetry: Double
    /// The longest `Retry-After` obeyed, in seconds (a day): a wild value must not stop refreshing for good.
    static let longestRetryAfter: Int64 = 86_400

    /// - Parameter firstRetry: seconds; defaults to a tenth of the interval, 1 s to 30 s.
    init(interval: Double, firstRetry: Double? = nil) {
        self.interval = interval
        self.firstRetry = firstRetry ?? min(30, max(1, interval / 10))
    }

    var afterSuccess: Double { interval }

    /// Seconds to wait after the `failures`-th failure in a row (1 for the first).
    /// - Parameter retryAfterSeconds: the upstream's `Retry-After` in seconds, if it sent one.
    func afterFailure(_ failures: Int, retryAfterSeconds: Int64?) -> Double {
        let exponent = min(max(failures, 1) - 1, 30)
        let backoff = min(max(interval, firstRetry), firstRetry * Double(1 << exponent))
        guard let retryAfterSeconds else { return backoff }
        return max(backoff, Double(min(retryAfterSeconds, RetrySchedule.longestRetryAfter)))
    }
}
