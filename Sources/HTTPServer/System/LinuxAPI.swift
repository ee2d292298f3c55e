// Swift's Glibc module map leaves out <sys/epoll.h> and <sys/eventfd.h> (and accept4(2), which
// needs _GNU_SOURCE), and this package may not
// add a C shim target of its own, so the few functions needed are bound to their C symbols here.
// Every parameter and result is a 32-bit integer or a pointer, for which the Swift and C calling
// conventions agree on Linux (x86_64 and arm64). The constants are the kernel ABI values from
// <sys/epoll.h> and <sys/eventfd.h>. A `systemLibrary` shim target could replace this file
// without changing any caller.

@_silgen_name("epoll_create1")
func linux_epoll_create1(_ flags: Int32) -> Int32

@_silgen_name("epoll_ctl")
func linux_epoll_ctl(_ epfd: Int32, _ op: Int32, _ fd: Int32, _ event: UnsafeMutableRawPointer?) -> Int32

@_silgen_name("epoll_wait")
func linux_epoll_wait(_ epfd: Int32, _ events: UnsafeMutableRawPointer?, _ maxEvents: Int32, _ timeout: Int32)
    -> Int32

@_silgen_name("accept4")
func linux_accept4(
    _ fd: Int32, _ address: UnsafeMutableRawPointer?, _ length: UnsafeMutablePointer<UInt32>?, _ flags: Int32
) -> Int32

@_silgen_name("eventfd")
func linux_eventfd(_ initialValue: UInt32, _ flags: Int32) -> Int32

enum LinuxAPI {
    static let epollIn: UInt32 = 0x001
    static let epollOut: UInt32 = 0x004
    static let epollErr: UInt32 = 0x008
    static let epollHup: UInt32 = 0x010
    static let epollRdHup: UInt32 = 0x2000
    static let epollExclusive: UInt32 = 1 << 28

    static let epollCtlAdd: Int32 = 1
    static let epollCtlDel: Int32 = 2
    static let epollCtlMod: Int32 = 3

    /// `O_CLOEXEC`, which is also `EPOLL_CLOEXEC` and `EFD_CLOEXEC`.
    static let closeOnExec: Int32 = 0o2000000
    /// `O_NONBLOCK`, which is also `EFD_NONBLOCK`.
    static let nonBlocking: Int32 = 0o4000

    /// `struct epoll_event` is packed on x86_64 (12 bytes: u32 events, u64 data) but naturally
    /// aligned elsewhere (16 bytes).
    #if arch(x86_64)
        static let epollEventSize = 12
        static let epollEventDataOffset = 4
    #else
        static let epollEventSize = 16
        static let epollEventDataOffset = 8
    #endif
}
