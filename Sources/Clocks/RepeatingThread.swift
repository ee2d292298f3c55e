import Foundation
import Synchronization

/// A thread of its own that runs `work` round after round until stopped, waiting between rounds as
/// long as the last round asked: the background jobs, kept off the event loops and request workers.
public final class RepeatingThread: Sendable {
    private let name: String
    private let work: @Sendable () -> Double
    private let wakeUp = NSCondition()
    private let stopped = Atomic<Bool>(false)

    /// - Parameters:
    ///   - name: the thread's name, as `top -H` and debuggers show it.
    ///   - work: one round; returns the seconds to wait before the next (0 or less: at once).
    public init(name: String, work: @escaping @Sendable () -> Double) {
        self.name = name
        self.work = work
    }

    /// Starts the thread; its first round runs at once.
    public func start() {
        let thread = Thread { [self] in
            while !isStopped { wait(seconds: work()) }
        }
        thread.name = name
        thread.start()
    }

    /// Stops the thread after its current round (waking it if it waits); returns without waiting for a
    /// round in progress, which bounds itself with store and fetch timeouts.
    public func stop() {
        stopped.store(true, ordering: .releasing)
        wakeUp.lock()
        wakeUp.broadcast()
        wakeUp.unlock()
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
