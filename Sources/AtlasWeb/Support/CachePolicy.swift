import HTTPCore
import Routing

/// Who may keep a copy of a response (RFC 9111 §5.2.2): the app's one rule for `Cache-Control` and
/// the `Vary: Cookie` that goes with a visitor's own parts. Every response that is not a static file
/// gets one of these; static files carry their own lifetimes (`StaticFiles`).
enum CachePolicy {
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

    /// Sets `Cache-Control` (and `Vary` where the policy needs it) on `fields`.
    func apply(to fields: inout Fields) {
        switch self {
        case .shared:
            fields[.cacheControl] = "no-cache"
        case .sharedVaryingByCookie:
            fields[.cacheControl] = "no-cache"
            fields.addVary("Cookie")
        case .privateToVisitor:
            fields[.cacheControl] = "private, no-cache"
            fields.addVary("Cookie")
        case .noStore:
            fields[.cacheControl] = "no-store"
        }
    }

    /// `apply(to:)` on a response's fields.
    func apply(to response: inout Response) { apply(to: &response.fields) }
}
