/// An upstream countries entry the decoder left out (no name, not an object), so the import's report
/// can name it.
public struct LeftOutEntry: Sendable, Equatable, CustomStringConvertible {
    /// Its place in the upstream array, from 1.
    public var position: Int
    /// What else identifies it, e.g. `ISO2 FR, ISO3 FRA`; empty when it has nothing.
    public var identifiers: String
    /// Why it was left out, e.g. `no country name`.
    public var reason: String

    /// An entry from its parts.
    public init(position: Int, identifiers: String, reason: String) {
        self.position = position
        self.identifiers = identifiers
        self.reason = reason
    }

    /// E.g. `entry 17 (ISO2 FR, ISO3 FRA): no country name`.
    public var description: String {
        "entry \(position)" + (identifiers.isEmpty ? "" : " (\(identifiers))") + ": \(reason)"
    }
}
