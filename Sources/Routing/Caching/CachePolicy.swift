import HTTPCore

/// Who may keep a copy of a response, and for how long (RFC 9111 §5.2.2): the one rule for
/// `Cache-Control` and the `Vary: Cookie` of a visitor's own parts, static files included.
public enum CachePolicy: Sendable, Equatable {
    /// The same bytes for everyone: any cache may keep it but must revalidate each time
    /// (`no-cache`), which the page's `ETag` and `Last-Modified` make cheap.
    case shared
    /// The same for everyone without a session cookie; a visitor with one gets their own copy (pages with
    /// stars): `no-cache`, `Vary: Cookie`.
    case sharedVaryingByCookie
    /// One visitor's (their token, input or stars): `private, no-cache`, `Vary: Cookie`.
    case privateToVisitor
    /// Never kept (`no-store`): answers that only mean something now (health, the editor's autosave).
    case noStore
    /// Any cache may keep it for `seconds` without asking again (`public, max-age=N`): files that
    /// change only with a deploy.
    case publicFor(seconds: Int)
    /// Kept for a year, never revalidated (`public, max-age=31536000, immutable`, RFC 8246): files whose
    /// name holds a fingerprint of their content.
    case immutable

    /// An hour, in seconds.
    public static let hour = 3600
    /// A day, in seconds.
    public static let day = 86_400

    /// The `Cache-Control` value.
    public var cacheControl: String {
        switch self {
        case .shared, .sharedVaryingByCookie: return "no-cache"
        case .privateToVisitor: return "private, no-cache"
        case .noStore: return "no-store"
        case .publicFor(let seconds): return "public, max-age=\(seconds)"
        case .immutable: return "public, max-age=31536000, immutable"
        }
    }

    /// Sets `Cache-Control` (and `Vary` where the policy needs it) on `fields`.
    public func apply(to fields: inout Fields) {
        fields[.cacheControl] = cacheControl
        if self == .sharedVaryingByCookie || self == .privateToVisitor { fields.addVary("Cookie") }
    }

    /// `apply(to:)` on a response's fields.
    public func apply(to response: inout Response) { apply(to: &response.fields) }
}
