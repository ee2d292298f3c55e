import Glibc

/// The wall clock in the unit every `updated`/`importedAt` field uses.
public enum WallClock {
    /// Milliseconds since the Unix epoch (UTC), from `CLOCK_REALTIME`.
    public static func millisecondsSinceEpoch() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
