import Clocks
import Synchronization

/// How many new visitors (a first stored row) one client address may create: a token bucket per
/// address of `perMinute` tokens refilled at `perMinute` a minute, so a burst passes (an office behind
/// one NAT address) and a script inventing sessions is held to the rate. Per process: N processes
/// behind a load balancer let a client through at up to N times the rate. Full (idle) buckets are
/// dropped past `maxTrackedAddresses`.
final class NewVisitorLimit: Sendable {
    static let maxTrackedAddresses = 100_000

    private struct Bucket {
        var tokens: Double
        var updatedAt: UInt64
    }

    let perMinute: Int
    private let buckets = Mutex<[String: Bucket]>([:])

    /// - Parameter perMinute: new visitors per address and minute; 0 or less means no limit.
    init(perMinute: Int) {
        self.perMinute = perMinute
    }

    /// Seconds between new visitors once the burst is spent, as the rule writes them: `30`, `0.5`. The
    /// `429` page states the rule as the bucket applies it (`error.429.newVisitors`: "120 at once, then
    /// one every 0.5 s"): a burst of `perMinute`, then an even refill, so "in the last minute" would be
    /// untrue (a client may make nearly twice `perMinute` in its first minute).
    var intervalSeconds: String {
        let interval = 60.0 / Double(max(perMinute, 1))
        return interval >= 1 && interval == interval.rounded() ? "\(Int(interval))" : String(format: "%.2g", interval)
    }

    /// Seconds until the next token for a refused address: what `Retry-After` says.
    var retryAfterSeconds: Int { perMinute > 0 ? max(1, (60 + perMinute - 1) / perMinute) : 1 }

    /// Takes a token for `address` when it has one.
    /// - Parameter now: monotonic nanoseconds (injected for tests).
    /// - Returns: whether a new visitor from `address` may be created.
    func admit(_ address: String, now: UInt64 = MonotonicClock.nanoseconds()) -> Bool {
        guard perMinute > 0 else { return true }
        let capacity = Double(perMinute)
        let perNanosecond = capacity / 60e9
        return buckets.withLock { buckets in
            if buckets.count >= Self.maxTrackedAddresses {
                buckets = buckets.filter {
                    Double(now &- $0.value.updatedAt) * perNanosecond + $0.value.tokens < capacity
                }
            }
            var bucket = buckets[address] ?? Bucket(tokens: capacity, updatedAt: now)
            bucket.tokens = min(capacity, bucket.tokens + Double(now &- bucket.updatedAt) * perNanosecond)
            bucket.updatedAt = now
            let admitted = bucket.tokens >= 1
            if admitted { bucket.tokens -= 1 }
            buckets[address] = bucket
            return admitted
        }
    }
}
