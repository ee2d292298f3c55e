import Dispatch
import Glibc
import Synchronization

/// A fixed set of threads for the requests a responder cannot answer without blocking, with a
/// bounded queue. A job hands its result back with `EventLoop.execute(_:)`, so connections stay on
/// their loop. When `capacity` jobs wait, `submit` refuses: the caller answers `503` rather than
/// queue requests behind a slow database that will time out anyway.
final class WorkerPool: Sendable {
    private let jobs = Mutex<Jobs>(Jobs())
    private let available = DispatchSemaphore(value: 0)
    private let capacity: Int
    private let threadCount: Int

    private struct Jobs {
        var queue: [@Sendable () -> Void] = []
        /// Index of the next job in `queue`, so popping does not shift the array.
        var head = 0
        var stopped = false

        var waiting: Int { queue.count - head }
    }

    /// - Parameters:
    ///   - threads: how many jobs run at once (at least 1).
    ///   - capacity: how many more may wait for a thread (at least 1).
    init(threads: Int, capacity: Int) {
        self.threadCount = max(1, threads)
        self.capacity = max(1, capacity)
    }

    /// Starts the threads.
    /// - Throws: `SystemError` from pthread_create(3).
    func start() throws(SystemError) {
        for index in 0..<threadCount {
            let box = Unmanaged.passRetained(self)
            var thread = pthread_t()
            let result = pthread_create(
                &thread, nil,
                { argument in
                    let pool = Unmanaged<WorkerPool>.fromOpaque(argument!).takeRetainedValue()
                    pool.run()
                    return nil
                }, box.toOpaque())
            guard result == 0 else {
                box.release()
                throw SystemError(syscall: "pthread_create (worker \(index))", errno: result)
            }
            pthread_detach(thread)
        }
    }

    /// Queues `job` for the next free worker (any thread).
    /// - Returns: `false` when `capacity` jobs wait or the pool was stopped: the job will not run.
    func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        let queued = jobs.withLock { jobs -> Bool in
            guard !jobs.stopped, jobs.waiting < capacity else { return false }
            jobs.queue.append(job)
            return true
        }
        if queued { available.signal() }
        return queued
    }

    /// Lets each worker finish its current job and exit; queued jobs still run first.
    func stop() {
        jobs.withLock { $0.stopped = true }
        for _ in 0..<threadCount { available.signal() }
    }

    private func run() {
        while true {
            available.wait()
            let job: (@Sendable () -> Void)? = jobs.withLock { jobs in
                guard jobs.head < jobs.queue.count else { return nil }
                let job = jobs.queue[jobs.head]
                jobs.head += 1
                // Reclaim the consumed front now and then, not on every pop.
                if jobs.head > 64, jobs.head * 2 > jobs.queue.count {
                    jobs.queue.removeFirst(jobs.head)
                    jobs.head = 0
                }
                return job
            }
            if let job {
                job()
            } else if jobs.withLock({ $0.stopped }) {
                return
            }
        }
    }
}
