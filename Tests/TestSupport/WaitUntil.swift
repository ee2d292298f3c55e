import Foundation

/// Waits for `condition` to hold: checks it every `interval` until it does or `deadline` has passed
/// (on the monotonic clock), then says whether it held.
///
/// For an event a test waits for (a lock taken, a connection closed, a line logged, a reload done),
/// never for time to pass: on two busy cores the wait is longer and the outcome the same, where a
/// fixed sleep followed by an assertion fails, or passes without having checked anything. The deadline
/// is how long to wait before calling the event missing, so it is generous: it costs time only when
/// the test fails.
/// - Parameters:
///   - deadline: how long to wait at most, from now.
///   - interval: how long to wait between checks.
///   - condition: what to wait for; checked once more at the deadline.
/// - Returns: whether `condition` held.
/// - Throws: what `condition` throws, at once.
public func waitUntil(
    deadline: Duration, every interval: Duration = .milliseconds(20), _ condition: () throws -> Bool
) rethrows -> Bool {
    let clock = ContinuousClock()
    let end = clock.now + deadline
    while clock.now < end {
        if try condition() { return true }
        let pause = interval.components
        Thread.sleep(forTimeInterval: Double(pause.seconds) + Double(pause.attoseconds) / 1e18)
    }
    return try condition()
}
