/// A path pattern such as `/countries/:id` or `/static/*`, matched against decoded path segments.
///
/// `:name` captures exactly one non-empty segment; a final `*` captures the remaining segments
/// (possibly none); a final `/` (`/ko/`) is an empty last segment, so the path must end with it. Literal segments compare exactly (paths are case-sensitive, RFC 3986 §6.2.2.1).
public struct RoutePattern: Sendable, Equatable, CustomStringConvertible {
    enum Component: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        case rest
    }

    let components: [Component]
    /// The pattern as written.
    public let description: String
    /// Whether the pattern has a `*`; without one only a path of exactly `components.count` segments
    /// can match, which rules most candidates out before any comparison (the ten `/ko/…` routes share
    /// their first segment).
    private let hasRest: Bool

    /// Parses a pattern; it must start with `/`.
    public init(_ pattern: String) {
        precondition(pattern.hasPrefix("/"), "route patterns start with /")
        description = pattern
        var components: [Component] = pattern.split(separator: "/").map { piece in
            if piece == "*" { return .rest }
            if piece.hasPrefix(":") { return .parameter(String(piece.dropFirst())) }
            return .literal(String(piece))
        }
        // `/ko/` is not `/ko`: a pattern ending in `/` matches only a path with the slash.
        if pattern.count > 1, pattern.hasSuffix("/") { components.append(.literal("")) }
        self.components = components
        hasRest = components.contains(.rest)
    }

    /// The captured parameters when `segments` match, else `nil`.
    func match(_ segments: [String]) -> RouteParameters? {
        guard hasRest || segments.count == components.count else { return nil }
        var parameters = RouteParameters()
        var index = 0
        for component in components {
            switch component {
            case .rest:
                parameters.rest = Array(segments[index...])
                return parameters
            case .literal(let literal):
                guard index < segments.count, segments[index] == literal else { return nil }
            case .parameter(let name):
                guard index < segments.count, !segments[index].isEmpty else { return nil }
                parameters.values[name] = segments[index]
            }
            index += 1
        }
        return index == segments.count ? parameters : nil
    }
}

/// Values captured by a `RoutePattern`.
public struct RouteParameters: Sendable, Equatable {
    /// `:name` captures, decoded.
    public var values: [String: String] = [:]
    /// The segments matched by a trailing `*`.
    public var rest: [String] = []

    /// No captures.
    public init() {}

    /// The capture named `name`; `""` when the pattern has none.
    public subscript(name: String) -> String { values[name] ?? "" }
}
