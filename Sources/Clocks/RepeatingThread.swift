import Foundation
import Synchronization

/// A thread of its own that runs `work` round after round until stopped, waiting between rounds as
/// long as the last round asked: the background jobs, kept off the event loops and request workers.
public final class RepeatingThread: Sendable {
    private let name: String
    private let work: @Sendable () -> Double
    private let wakeUp = NSCondition()
    private let stopped = Atomic<Bool>(false)
    /// Signalled once the thread has left its loop, for `stop(waitingAtMost:)`.
    private let exited = DispatchSemaphore(value: 0)
    private let started = Atomic<Bool>(false)

    /// - Parameters:
    ///   - name: the thread's name, as `top -H` and debuggers show it.
    ///   - work: one round; returns the seconds to wait before the next (0 or less: at once).
    public init(name: String, work: @escaping @Sendable () -> Double) {
        self.name = name
        self.work = work
    }

    /// Starts the thread; its first round runs at once.
    public func start() {
        started.store(true, ordering: .releasing)
        let thread = Thread { [self] in
            while !isStopped { wait(seconds: work()) }
            exited.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Stops the thread after its current round (waking it if it waits). A round bounds itself with
    /// store and fetch timeouts and checks `isStopped` between its steps.
    /// - Parameter seconds: how long to wait for a round in progress to end (0: return at once), so
    ///   that what the round uses (a database connection) can be closed after it.
    public func stop(waitingAtMost seconds: Double = 0) {
        stopped.store(true, ordering: .releasing)
        wakeUp.lock()
        wakeUp.broadcast()
        wakeUp.unlock()
        if seconds > 0, started.load(ordering: .acquiring) {
            _ = exited.wait(timeout: .now() + seconds)
        }
    }

    /// Whether `stop()` was called.
    public var isStopped: Bool { stopped.load(ordering: .acquiring) }

    private func wait(seconds: Double) {
        let deadline = Date(timeIntervalSinceNow: seconds)
        wakeUp.lock()
        while !isStopped && Date() < deadline {
            _ = wakeUp.wait(until: deadline)
        }
        wakeUp.unlock()
    }
}
