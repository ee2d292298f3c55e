/// The protocol version of a message, `HTTP/major.minor` (RFC 9112 §2.3).
public struct Version: Hashable, Sendable, CustomStringConvertible {
    /// The major version, 1 for HTTP/1.x.
    public var major: Int
    /// The minor version: 0 or 1 (a later HTTP/1 minor version is read as 1).
    public var minor: Int

    /// Creates `HTTP/major.minor`.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// `HTTP/1.0`: connections close after each response unless `Connection: keep-alive`.
    public static let http1_0 = Version(major: 1, minor: 0)
    /// `HTTP/1.1`: persistent connections by default (RFC 9112 §9.3).
    public static let http1_1 = Version(major: 1, minor: 1)

    /// `HTTP/1.1`, as on a status line.
    public var description: String { "HTTP/\(major).\(minor)" }
}
