/// Decides when a transfer stalled: since the request went out, a whole `seconds` window brought
/// fewer than `bytesPerSecond × seconds` bytes (docs/field-cases.md B24). So a stopped transfer ends
/// `seconds` after its last bytes, and a trickle after one window. libcurl's low-speed check averages
/// five seconds, which a burst or trickle keeps up. Fed at each progress call; the clock is passed in.
struct StallDetector: Sendable {
    /// The window, in nanoseconds.
    let window: UInt64
    /// The fewest bytes a window must bring.
    let minimumBytes: Int64
    /// When the request went out (monotonic ns), `nil` until then (connecting is the connect timeout's).
    private(set) var startedAt: UInt64?
    /// Readings (monotonic ns, bytes so far), oldest first: the newest at least a window old, then every
    /// later one.
    private var readings: [(time: UInt64, received: Int64)] = []

    /// - Parameters:
    ///   - seconds: the window (`FetchLimits.lowSpeedSeconds`), at least 1.
    ///   - bytesPerSecond: the slowest rate that is not a stall (`FetchLimits.lowSpeedBytesPerSecond`).
    init(seconds: Int, bytesPerSecond: Int) {
        window = UInt64(max(1, seconds)) * 1_000_000_000
        minimumBytes = Int64(max(1, bytesPerSecond)) * Int64(max(1, seconds))
    }

    /// Notes that the request went out at `time` (monotonic ns): the first window starts there. Later
    /// calls change nothing.
    mutating func start(at time: UInt64) {
        guard startedAt == nil else { return }
        startedAt = time
        readings = [(time, 0)]
    }

    /// Records `received` bytes by `time` (monotonic ns, not before the last reading); returns whether a
    /// window has passed since the start and the last one brought fewer than `minimumBytes`.
    mutating func isStalled(received: Int64, at time: UInt64) -> Bool {
        guard let startedAt, time >= startedAt else { return false }
        readings.append((time, received))
        guard time - startedAt >= window else { return false }
        let windowStart = time - window
        // The newest reading at or before the window's start: what had arrived when it began.
        while readings.count > 1, readings[1].time <= windowStart { readings.removeFirst() }
        return received - readings[0].received < minimumBytes
    }

    /// The bytes the last window brought, for the message.
    var bytesInLastWindow: Int64 { (readings.last?.received ?? 0) - (readings.first?.received ?? 0) }
}
