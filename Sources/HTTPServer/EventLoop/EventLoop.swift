import CLinux
import Clocks
import Formats
import Glibc
import HTTPCore
import Synchronization

/// Something registered with an event loop: a listening socket or a connection.
protocol EventHandler: AnyObject {
    /// Called on the loop thread when epoll reports `events` (`clinux_epoll_*` bits) for the handler.
    func handleEvents(_ events: UInt32)
    /// Called on the loop thread about every `EventLoop.sweepInterval`; closes the handler when one of
    /// its deadlines (monotonic nanoseconds) has passed.
    func checkDeadline(now: UInt64)
    /// Closes the handler's descriptor at once (the loop is stopping).
    func closeNow()
}

/// One thread running epoll_wait(2) over the sockets it owns. Everything but `execute(_:)` and
/// `start()` is confined to that thread (hence `@unchecked Sendable`); `execute(_:)` hands work over
/// through a mutex-guarded queue and an eventfd(2) wake-up.
final class EventLoop: @unchecked Sendable {
    /// How often handlers' deadlines are checked, in nanoseconds: timeouts fire up to this late, fine at
    /// second granularity, and timers stay O(1) per connection.
    static let sweepInterval: UInt64 = 200_000_000

    let index: Int
    private let epoll: Epoll
    private let wakeFD: Int32
    private let pendingTasks = Mutex<[@Sendable () -> Void]>([])

    // Loop-thread state.
    private struct Slot {
        var handler: EventHandler
        var generation: UInt32
    }
    private var slots: [Slot?] = []
    private var nextGeneration: UInt32 = 0
    private var timers: [(deadline: UInt64, task: () -> Void)] = []
    private var nextSweep: UInt64 = 0
    private var running = true
    private(set) var handlerCount = 0
    /// Monotonic nanoseconds, refreshed as every epoll_wait returns (before its events are handled)
    /// and after its events.
    private(set) var now: UInt64 = MonotonicClock.nanoseconds()
    /// Scratch space for socket reads, shared by the loop's connections.
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    private var cachedDateSecond = Int.min
    private var cachedDate = ""

    /// Set on the loop thread when the server begins a graceful shutdown.
    var isShuttingDown = false
    /// Called on the loop thread once after the loop stops, before the thread exits.
    var onStop: (() -> Void)?
    /// Called on the loop thread after each batch of events (with its tasks and timers) and once as the
    /// loop stops. Set before the loop starts.
    var afterEvents: (@Sendable () -> Void)?

    /// - Throws: `SystemError` from epoll_create1(2), eventfd(2) or epoll_ctl(2).
    init(index: Int) throws(SystemError) {
        self.index = index
        epoll = try Epoll()
        wakeFD = try Syscall.run("eventfd") { clinux_eventfd() }
        // The wake-up descriptor's data is the reserved UInt64.max.
        try epoll.add(wakeFD, events: clinux_epoll_in, data: UInt64.max)
    }

    deinit {
        close(wakeFD)
        readBuffer.deallocate()
    }

    func start() throws(SystemError) {
        let box = Unmanaged.passRetained(self)
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { argument in
                let loop = Unmanaged<EventLoop>.fromOpaque(argument!).takeRetainedValue()
                loop.run()
                return nil
            }, box.toOpaque())
        guard result == 0 else {
            box.release()
            throw SystemError(syscall: "pthread_create", errno: result)
        }
        pthread_detach(thread)
    }

    /// Runs `task` on the loop thread soon; callable from any thread.
    func execute(_ task: @escaping @Sendable () -> Void) {
        pendingTasks.withLock { $0.append(task) }
        var one: UInt64 = 1
        // A full counter (EAGAIN) still wakes the loop.
        _ = try? Syscall.call("write") { write(wakeFD, &one, 8) }
    }

    // MARK: Loop-thread API

    /// Registers `handler` for `fd`; returns the epoll data token (generation << 32 | fd).
    @discardableResult
    func register(_ handler: EventHandler, fd: Int32, events: UInt32) throws(SystemError) -> UInt64 {
        nextGeneration &+= 1
        let token = UInt64(nextGeneration) << 32 | UInt64(UInt32(bitPattern: fd))
        try epoll.add(fd, events: events, data: token)
        let index = Int(fd)
        if index >= slots.count { slots.append(contentsOf: repeatElement(nil, count: index - slots.count + 64)) }
        if slots[index] == nil { handlerCount += 1 }
        slots[index] = Slot(handler: handler, generation: nextGeneration)
        return token
    }

    func modify(fd: Int32, events: UInt32) throws(SystemError) {
        guard let slot = slots[Int(fd)] else { return }
        try epoll.modify(fd, events: events, data: UInt64(slot.generation) << 32 | UInt64(UInt32(bitPattern: fd)))
    }

    /// Forgets `fd`; `removeFromEpoll` also deletes it from the epoll set (a descriptor that stays open,
    /// such as the shared listening socket).
    func deregister(fd: Int32, removeFromEpoll: Bool) {
        if removeFromEpoll { try? epoll.remove(fd) }
        let index = Int(fd)
        if index < slots.count, slots[index] != nil {
            slots[index] = nil
            handlerCount -= 1
        }
        // A shutting-down loop ends when its last connection (and its listener) are gone.
        if isShuttingDown, handlerCount == 0 { running = false }
    }

    /// Runs `task` on the loop thread once `delay` nanoseconds have passed (about a millisecond's
    /// granularity).
    func schedule(after delay: UInt64, _ task: @escaping () -> Void) {
        timers.append((now + delay, task))
    }

    func stop() { running = false }

    var handlers: [EventHandler] { slots.compactMap { $0?.handler } }

    /// The `Date` field value for the current second, formatted at most once per second per loop.
    func currentDate() -> String {
        let second = WallClock.coarseSecondsSinceEpoch()
        if second != cachedDateSecond {
            cachedDateSecond = second
            cachedDate = HTTPDate.format(secondsSinceEpoch: second)
        }
        return cachedDate
    }

    // MARK: The loop

    private func run() {
        while running {
            let timeout = waitTimeout()
            var refreshed = false
            do throws(SystemError) {
                try epoll.wait(timeoutMilliseconds: timeout) { events, token in
                    // The clock as the wait ended, before any handler reads `now`: a connection accepted
                    // after a long stall (the process stopped, SIGSTOP) must not start with the time
                    // before it, or the sweep below takes it for one silent that long and closes it,
                    // resetting the request it carries.
                    if !refreshed {
                        refreshed = true
                        self.now = MonotonicClock.nanoseconds()
                    }
                    self.dispatch(events, token)
                }
            } catch {
                // epoll_wait fails only for programming errors (EBADF, EINVAL); stopping beats spinning.
                running = false
            }
            now = MonotonicClock.nanoseconds()
            runTasks()
            runTimers()
            if now >= nextSweep {
                nextSweep = now + Self.sweepInterval
                sweep()
            }
            afterEvents?()
        }
        for handler in handlers { handler.closeNow() }
        slots.removeAll()
        timers.removeAll()
        afterEvents?()
        onStop?()
        onStop = nil
    }

    private func waitTimeout() -> Int32 {
        var deadline = nextSweep
        for timer in timers where timer.deadline < deadline { deadline = timer.deadline }
        let current = MonotonicClock.nanoseconds()
        if deadline <= current { return 0 }
        // Rounded up, so the loop does not wake just before the deadline and wait again with 0.
        return Int32(min((deadline - current + 999_999) / 1_000_000, 1000))
    }

    private func dispatch(_ events: UInt32, _ token: UInt64) {
        if token == UInt64.max {
            var value: UInt64 = 0
            _ = try? Syscall.call("read") { read(wakeFD, &value, 8) }
            return
        }
        let index = Int(Int32(bitPattern: UInt32(truncatingIfNeeded: token)))
        let generation = UInt32(truncatingIfNeeded: token >> 32)
        // A descriptor closed earlier in this batch may already be reused: the generation tells.
        guard index < slots.count, let slot = slots[index], slot.generation == generation else { return }
        slot.handler.handleEvents(events)
    }

    private func runTasks() {
        let tasks = pendingTasks.withLock { tasks in
            let taken = tasks
            tasks.removeAll()
            return taken
        }
        for task in tasks { task() }
    }

    private func runTimers() {
        guard !timers.isEmpty else { return }
        var due: [() -> Void] = []
        timers.removeAll { timer in
            if timer.deadline <= now {
                due.append(timer.task)
                return true
            }
            return false
        }
        for task in due { task() }
    }

    private func sweep() {
        var index = 0
        while index < slots.count {
            if let slot = slots[index] { slot.handler.checkDeadline(now: now) }
            index += 1
        }
    }
}
