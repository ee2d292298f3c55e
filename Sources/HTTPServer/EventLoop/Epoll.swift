import CLinux
import Glibc

/// The owner of one epoll(7) instance and its event array; every call goes through `Syscall`.
final class Epoll {
    let fd: Int32
    private let events: UnsafeMutableRawPointer
    private let capacity: Int

    init(maxEventsPerWait: Int = 256) throws(SystemError) {
        fd = try Syscall.run("epoll_create1") { clinux_epoll_create() }
        capacity = maxEventsPerWait
        events = UnsafeMutableRawPointer.allocate(
            byteCount: maxEventsPerWait * clinux_epoll_event_size(), alignment: 8)
    }

    deinit {
        events.deallocate()
        close(fd)
    }

    func add(_ descriptor: Int32, events mask: UInt32, data: UInt64) throws(SystemError) {
        try control(clinux_epoll_ctl_add, descriptor, mask, data)
    }

    func modify(_ descriptor: Int32, events mask: UInt32, data: UInt64) throws(SystemError) {
        try control(clinux_epoll_ctl_mod, descriptor, mask, data)
    }

    func remove(_ descriptor: Int32) throws(SystemError) {
        try control(clinux_epoll_ctl_del, descriptor, 0, 0)
    }

    private func control(_ operation: Int32, _ descriptor: Int32, _ mask: UInt32, _ data: UInt64)
        throws(SystemError)
    {
        _ = try Syscall.run("epoll_ctl") { clinux_epoll_ctl(fd, operation, descriptor, mask, data) }
    }

    /// Calls `handle(events, data)` for each ready descriptor; waits at most `timeoutMilliseconds`
    /// (-1: indefinitely).
    func wait(timeoutMilliseconds: Int32, _ handle: (UInt32, UInt64) -> Void) throws(SystemError) {
        let count: Int
        switch try Syscall.call("epoll_wait", { clinux_epoll_wait(fd, events, Int32(capacity), timeoutMilliseconds) }) {
        case .processed(let value): count = Int(value)
        case .wouldBlock: count = 0
        }
        for index in 0..<count {
            handle(clinux_epoll_event_mask(events, Int32(index)), clinux_epoll_event_data(events, Int32(index)))
        }
    }
}
