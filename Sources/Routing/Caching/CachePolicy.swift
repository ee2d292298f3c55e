import HTTPCore

/// Who may keep a copy of a response, and for how long (RFC 9111 §5.2.2): the one rule for
/// `Cache-Control` and the `Vary: Cookie` that goes with a visitor's own parts. Every response the
/// app sends that may be cached gets one of these, static files included.
public enum CachePolicy: Sendable, Equatable {
    /// The same bytes for everyone: any cache may keep it but must revalidate each time
    /// (`no-cache`), which the page's `ETag` and `Last-Modified` make cheap.
    case shared
    /// The same for everyone who sends no session cookie, while a visitor with one gets their own
    /// copy (the country pages with the star and the starred line): `no-cache`, `Vary: Cookie`.
    case sharedVaryingByCookie
    /// One visitor's: their token, their input or their stars. `private, no-cache`, `Vary: Cookie`,
    /// so no shared cache hands it to anyone else.
    case privateToVisitor
    /// Never kept (`no-store`): answers that only mean something now (health, the editor's autosave).
    case noStore
    /// Any cache may keep it for `seconds` without asking again (`public, max-age=N`): files that
    /// change only with a deploy.
    case publicFor(seconds: Int)
    /// Kept for a year and never revalidated (`public, max-age=31536000, immutable`): files whose
    /// address names their content (a fingerprint in the name).
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
