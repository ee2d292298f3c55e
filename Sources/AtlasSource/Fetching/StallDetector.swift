/// Decides when a transfer has stalled: since the request went out, a whole `seconds`-long window
/// passed in which fewer than `bytesPerSecond × seconds` bytes arrived. So a transfer that stops
/// receiving is aborted `seconds` after its last bytes, and one that trickles under the rate is
/// aborted once a whole window of it has passed (docs/field-cases.md B24).
///
/// libcurl's own check (`CURLOPT_LOW_SPEED_TIME`/`LIMIT`) judges a moving average of the last five
/// seconds instead, which a burst keeps above the limit for five seconds after the bytes stop, and
/// which a trickle under the limit lifts over it now and then, restarting the count: an upstream
/// that sent a body's start and stopped was aborted after `seconds` + 5 s, one that trickled a byte
/// every 1.2 s after about 3 × `seconds`. This one is fed the byte count at each of libcurl's
/// progress calls (several a second while bytes arrive, about one a second while none do) and keeps
/// the readings of one window; it is a value with the clock passed in, so it is tested without time.
struct StallDetector: Sendable {
    /// The window, in nanoseconds.
    let window: UInt64
    /// The fewest bytes a window must bring.
    let minimumBytes: Int64
    /// When the request went out (monotonic ns), `nil` until then: connecting is the connect
    /// timeout's to bound.
    private(set) var startedAt: UInt64?
    /// Readings (monotonic ns, bytes so far), oldest first: the newest one at least a window old, then
    /// every later one.
    private var readings: [(time: UInt64, received: Int64)] = []

    /// - Parameters:
    ///   - seconds: the window (`FetchLimits.lowSpeedSeconds`), at least 1.
    ///   - bytesPerSecond: the slowest rate that is not a stall (`FetchLimits.lowSpeedBytesPerSecond`).
    init(seconds: Int, bytesPerSecond: Int) {
        window = UInt64(max(1, seconds)) * 1_000_000_000
        minimumBytes = Int64(max(1, bytesPerSecond)) * Int64(max(1, seconds))
    }

    /// Notes that the request went out at `time` (monotonic ns): the first window starts there, with
    /// nothing received. Later calls change nothing.
    mutating func start(at time: UInt64) {
        guard startedAt == nil else { return }
        startedAt = time
        readings = [(time, 0)]
    }

    /// Records that `received` bytes have arrived by `time` (monotonic ns, not before the last
    /// reading).
    /// - Returns: whether the transfer has stalled: a window has passed since the start, and the last
    ///   window brought fewer than `minimumBytes`. Always `false` before `start(at:)`.
    mutating func isStalled(received: Int64, at time: UInt64) -> Bool {
        guard let startedAt, time >= startedAt else { return false }
        readings.append((time, received))
        guard time - startedAt >= window else { return false }
        let windowStart = time - window
        // Keep the newest reading at or before the window's start: what had arrived when it began.
        while readings.count > 1, readings[1].time <= windowStart { readings.removeFirst() }
        return received - readings[0].received < minimumBytes
    }

    /// The bytes the last window brought, for the message (after `isStalled` said so).
    var bytesInLastWindow: Int64 { (readings.last?.received ?? 0) - (readings.first?.received ?? 0) }
}
