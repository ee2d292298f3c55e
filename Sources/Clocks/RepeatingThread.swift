import Foundation
import Synchronization

/// A thread of its own that runs `work` again and again until stopped, waiting between rounds as
/// long as the last round asked: the one shape of the background jobs (the data watcher, the live
/// refresh), so none of them runs on an event loop or a request's worker.
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

    /// Stops the thread after its current round, which wakes at once if it is waiting; returns
    /// without waiting for a round in progress (each bounds itself: store and fetch timeouts).
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
