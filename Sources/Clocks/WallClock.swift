import Glibc

/// The wall clock (`CLOCK_REALTIME`): the time of day, which may jump when the clock is set. For
/// timestamps shown or stored, never for durations (`MonotonicClock`).
public enum WallClock {
    /// Milliseconds since the Unix epoch (UTC), the unit of every `updated`/`importedAt` field.
    public static func millisecondsSinceEpoch() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// Whole seconds since the Unix epoch from `CLOCK_REALTIME_COARSE`, the cheapest clock: for the
    /// `Date` field of a response (RFC 9110 §6.6.1).
    public static func coarseSecondsSinceEpoch() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        return Int(now.tv_sec)
    }
}
