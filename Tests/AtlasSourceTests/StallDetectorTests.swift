import Testing

@testable import AtlasSource

/// The stall limit as a value: readings of (seconds, bytes so far) in, a verdict out, no clock.
struct StallDetectorTests {
    static let second: UInt64 = 1_000_000_000

    /// The first reading at which the detector says stalled, in seconds, for readings every `step`
    /// seconds from the start (the request sent at 0), where `received(t)` is the bytes by `t`.
    static func stalledAt(
        window: Int, bytesPerSecond: Int = 1, step: Double = 0.25, until: Double = 60,
        _ received: (Double) -> Int64
    ) -> Double? {
        var detector = StallDetector(seconds: window, bytesPerSecond: bytesPerSecond)
        detector.start(at: 10 * second)
        var t = step
        while t <= until {
            if detector.isStalled(received: received(t), at: 10 * second + UInt64(t * 1e9)) { return t }
            t += step
        }
        return nil
    }

    @Test(arguments: [1, 2, 20])
    func silenceFromTheStartIsAStallAfterTheWindow(_ window: Int) {
        #expect(Self.stalledAt(window: window) { _ in 0 } == Double(window))
    }

    /// libcurl's five-second average let this run for the window + 5 s.
    @Test(arguments: [2, 4, 20])
    func aBurstThenSilenceIsAStallAWindowAfterTheLastBytes(_ window: Int) {
        #expect(Self.stalledAt(window: window) { t in t < 3 ? Int64(t * 100_000) : 300_000 } == 3 + Double(window))
    }

    /// A byte every 1.2 s is under 1 B/s: stalled once a whole window of it has passed (libcurl's
    /// average rounded up to 1 B/s now and then, restarting its count: about three windows).
    @Test func aTrickleUnderTheRateIsAStallOnceAWindowOfItPassed() {
        let stalled = Self.stalledAt(window: 4) { t in Int64(t / 1.2) }
        #expect(stalled == 4)
    }

    @Test func aTrickleAtTheRateIsNoStall() {
        #expect(Self.stalledAt(window: 4) { t in Int64(t * 2) } == nil)
        #expect(Self.stalledAt(window: 2, bytesPerSecond: 100) { t in Int64(t * 100) } == nil)
    }

    @Test func nothingIsJudgedBeforeTheRequestWentOut() {
        var detector = StallDetector(seconds: 1, bytesPerSecond: 1)
        let beforeTheStart = detector.isStalled(received: 0, at: 100 * Self.second)
        #expect(!beforeTheStart)
        detector.start(at: 100 * Self.second)
        let halfAWindow = detector.isStalled(received: 0, at: 100 * Self.second + Self.second / 2)
        #expect(!halfAWindow)
        let aWindow = detector.isStalled(received: 0, at: 101 * Self.second)
        #expect(aWindow)
        #expect(detector.bytesInLastWindow == 0)
    }
}
