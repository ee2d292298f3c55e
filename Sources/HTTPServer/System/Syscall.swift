import Glibc

/// A failed system call: which call, and the `errno` it set.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name of the system call, such as `"bind"` or `"accept4"`.
    public let syscall: String
    /// The `errno` value the call left (see errno(3)), such as `EADDRINUSE`.
    public let errno: Int32

    /// Creates an error for `syscall` failing with `errno`.
    public init(syscall: String, errno: Int32) {
        self.syscall = syscall
        self.errno = errno
    }

    /// `"bind: Address already in use (errno 98)"`, using strerror(3) for the text.
    public var description: String {
        "\(syscall): \(reason)"
    }

    /// `"Address already in use (errno 98)"`: strerror(3)'s text and the number, without the call.
    public var reason: String {
        let text = strerror(errno).map { String(cString: $0) } ?? "unknown error"
        return "\(text) (errno \(errno))"
    }
}

/// What a non-blocking system call did: completed with a value, or would have had to wait.
enum IOResult<Value> {
    case processed(Value)
    case wouldBlock
}

/// The one wrapper of every system call here (as SwiftNIO's `System.swift`): `EINTR` is retried,
/// `EAGAIN`/`EWOULDBLOCK` become `.wouldBlock`, another -1 throws a `SystemError`.
enum Syscall {
    /// Runs `body` until it is not interrupted.
    /// - Throws: `SystemError` when `body` returns -1 with an errno other than `EINTR`/`EAGAIN`.
    @inline(__always)
    static func call<Value: FixedWidthInteger>(
        _ name: StaticString, _ body: () -> Value
    ) throws(SystemError) -> IOResult<Value> {
        while true {
            let result = body()
            if result != -1 { return .processed(result) }
            let error = Glibc.errno
            switch error {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                return .wouldBlock
            default:
                throw SystemError(syscall: name.description, errno: error)
            }
        }
    }

    /// `call` for calls that cannot meaningfully block.
    /// - Throws: `SystemError` as for `call`, or with `EAGAIN` for a would-block result.
    @inline(__always)
    static func run<Value: FixedWidthInteger>(
        _ name: StaticString, _ body: () -> Value
    ) throws(SystemError) -> Value {
        switch try call(name, body) {
        case .processed(let value): return value
        case .wouldBlock: throw SystemError(syscall: name.description, errno: EAGAIN)
        }
    }
}
