import Testing

@testable import HTTPServer

/// Timeouts judged with an injected clock: no sleeping. Times are nanoseconds.
struct ConnectionTimeoutsTests {
    static let second: UInt64 = 1_000_000_000
    static let timeouts = ConnectionTimeouts(
        headerRead: 10 * second, bodyRead: 20 * second, idle: 60 * second, write: 30 * second, linger: 2 * second)
    static let start: UInt64 = 1_000 * second

    typealias Phase = ConnectionTimeouts.Phase

    @Test(
        "each phase fires exactly at its own timeout with its own action",
        arguments: [
            (Phase.awaitingFirstRequest(since: start), UInt64(10), ConnectionTimeouts.Action.close),
            (Phase.idle(since: start), UInt64(60), .close),
            (Phase.readingRequest(since: start), UInt64(10), .sendRequestTimeout),
            (Phase.readingBody(since: start), UInt64(20), .sendRequestTimeout),
            (Phase.writing(since: start), UInt64(30), .close),
            (Phase.lingering(since: start), UInt64(2), .close),
        ])
    func firesAtTimeout(phase: Phase, seconds: UInt64, action: ConnectionTimeouts.Action) {
        #expect(Self.timeouts.action(for: phase, now: Self.start + seconds * Self.second - 1) == .none)
        #expect(Self.timeouts.action(for: phase, now: Self.start + seconds * Self.second) == action)
    }

    @Test("a half-sent request is timed out on the header clock even while bytes keep trickling (B09)")
    func trickle() {
        // The phase starts at the request's first byte and is not moved by later bytes.
        let phase = Phase.readingRequest(since: Self.start)
        #expect(Self.timeouts.action(for: phase, now: Self.start + 9 * Self.second) == .none)
        #expect(Self.timeouts.action(for: phase, now: Self.start + 11 * Self.second) == .sendRequestTimeout)
    }

    @Test("a zero timeout (nil) never fires")
    func unlimited() {
        let timeouts = ConnectionTimeouts(headerRead: nil, bodyRead: nil, idle: nil, write: nil, linger: Self.second)
        for phase in [
            Phase.awaitingFirstRequest(since: 0), .idle(since: 0), .readingRequest(since: 0), .readingBody(since: 0),
            .writing(since: 0),
        ] {
            #expect(timeouts.action(for: phase, now: UInt64.max / 2) == .none)
        }
    }

    @Test("a phase that starts after the clock reading does not fire")
    func futureStart() {
        #expect(Self.timeouts.action(for: .idle(since: Self.start), now: Self.start - Self.second) == .none)
    }

    @Test("configuration seconds become nanoseconds; zero means no limit")
    func fromConfiguration() {
        #expect(2.5.nanosecondsIfPositive == 2_500_000_000)
        #expect(0.0.nanosecondsIfPositive == nil)
        #expect((-1.0).nanosecondsIfPositive == nil)
    }
}
