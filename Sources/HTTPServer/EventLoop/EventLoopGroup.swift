import Dispatch

/// A fixed set of event loops, one thread each, and a way to wait until every thread has exited.
final class EventLoopGroup: Sendable {
    let loops: [EventLoop]
    private let stopped = DispatchGroup()

    init(count: Int) throws(SystemError) {
        var loops: [EventLoop] = []
        for index in 0..<max(1, count) { loops.append(try EventLoop(index: index)) }
        self.loops = loops
    }

    /// Starts every loop's thread.
    /// - Throws: `SystemError` from pthread_create(3).
    func start() throws(SystemError) {
        for loop in loops {
            stopped.enter()
            let group = stopped
            let previous = loop.onStop
            loop.onStop = {
                previous?()
                group.leave()
            }
            do throws(SystemError) {
                try loop.start()
            } catch {
                stopped.leave()
                throw error
            }
        }
    }

    func waitUntilStopped() {
        stopped.wait()
    }
}
