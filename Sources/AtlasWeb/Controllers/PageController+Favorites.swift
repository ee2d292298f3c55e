import AtlasCore
import AtlasStore
import HTTPCore
import Mustache

/// The visitor-specific parts of the country pages, kept apart (and in their own partials,
/// `partials/favorite-form` and `partials/starred-countries`) so the rest of a page is the same for everyone.
extension PageController {
    /// The favourite star for a detail page: the form's action and CSRF token, and whether the country
    /// is starred for this visitor (no database read for a visitor without a cookie, and no write ever).
    /// - Throws: `StoreError` when the favourites cannot be read.
    func favoriteForm(countryID: String, visitor: Visitor) throws -> TemplateValue {
        let starred = visitor.isNew ? false : try profiles.favorites(visitor.sessionHash).contains(countryID)
        return [
            "action": .string(Links.country(countryID) + "/favorite"),
            "csrfToken": .string(visitor.csrfToken),
            "starred": .bool(starred),
        ]
    }

    /// The visitor's starred countries for the country list: empty without a cookie; never writes.
    /// - Throws: `StoreError` when the favourites cannot be read.
    func starredCountries(_ request: Request, catalog: CountryCatalog) throws -> TemplateValue {
        guard let visitor = Visitor.fromCookie(request) else { return .null }
        let starred = try profiles.favorites(visitor.sessionHash).map { FavoriteCountry(id: $0, catalog: catalog) }
        return starred.isEmpty ? .null : ["countries": .array(starred.map(\.templateValue))]
    }
}

extension AtlasConfiguration {
    /// Whether the request came over HTTPS: this server speaks plain HTTP, so only a trusted proxy's
    /// `X-Forwarded-Proto: https` (with `--trust-forwarded-proto`) says so.
    func isSecure(_ request: Request) -> Bool {
        trustForwardedProto && request.fields["X-Forwarded-Proto"]?.lowercased() == "https"
    }
}
