/// The protocol version of a message, `HTTP/major.minor` (RFC 9112 §2.3).
public struct Version: Hashable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    public static let http1_0 = Version(major: 1, minor: 0)
    public static let http1_1 = Version(major: 1, minor: 1)

    /// `HTTP/1.1` form, as written on a status line.
    public var description: String { "HTTP/\(major).\(minor)" }
}
