import Glibc

/// Facts about the machine the server runs on.
public enum System {
    /// The number of online processors (sysconf(3) `_SC_NPROCESSORS_ONLN`), at least 1.
    public static var coreCount: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// Monotonic time in nanoseconds (clock_gettime(2) `CLOCK_MONOTONIC`), for deadlines and durations.
    static func monotonicNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// Wall-clock seconds since the Unix epoch (`CLOCK_REALTIME_COARSE`: the `Date` field only needs
    /// whole seconds, and the coarse clock is the cheapest to read).
    static func wallClockSeconds() -> Int {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &spec)
        return Int(spec.tv_sec)
    }
}
