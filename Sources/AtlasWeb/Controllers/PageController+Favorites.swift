import AtlasCore
import AtlasStore
import HTTPCore
import Mustache

/// The visitor-specific parts of the country pages, kept apart (and in their own partials,
/// `partials/favorite-form` and `partials/starred-countries`) so the rest of a page is the same for everyone.
extension PageController {
    /// The favourite star for a detail page (`partials/favorite-form`, the page's `favorite` hole): the
    /// form's action and CSRF token, and whether the country is starred for this visitor (no database
    /// read for a new visitor, and no write ever).
    /// - Returns: the fragment's UTF-8 bytes, and a tag for the page's `ETag` that changes whenever they
    ///   do: the starred state and the token's first 64 bits, so the fragment need not be hashed per
    ///   request. (The country is the page's own URL, which a validator is only ever compared for, and
    ///   the partial is part of the template version in the cached page's tag.)
    ///   While the database is busy or unreachable the fragment says the star cannot be shown, and the
    ///   page (the same for everyone) is served all the same.
    /// - Throws: `StoreError` when the favourites cannot be read for another reason.
    func favoriteFragment(countryID: String, visitor: Visitor) throws -> (bytes: [UInt8], tag: String) {
        let starred: Bool
        do {
            starred =
                visitor.isNew
                ? false : try profiles.favorites(visitor.sessionHash).contains { $0.countryID == countryID }
            try site.recordVisit(visitor, in: profiles)
        } catch let error as StoreError where error.isTemporary {
            let bytes = try site.renderer.fragment("partials/favorite-form", context: ["favoriteUnavailable": true])
            return (bytes, "x")
        }
        let token = visitor.csrfTokenDigits
        let tag = (starred ? "s" : "u") + String(decoding: token.prefix(16), as: UTF8.self)
        let bytes = try favoriteForms.bytes(countryID: countryID, starred: starred, csrfToken: token) {
            token in
            let form: TemplateValue = [
                "action": .string(Links.country(countryID) + "/favorite"),
                "csrfToken": .string(token),
                "starred": .bool(starred),
            ]
            return try site.renderer.fragment("partials/favorite-form", context: ["favorite": form])
        }
        return (bytes, tag)
    }

    /// The visitor's starred countries for the country list (`partials/starred-countries`, the page's
    /// `starred` hole): empty bytes when there are none; a line saying they cannot be shown while the
    /// database is busy or unreachable (the list itself is served all the same); never writes.
    /// - Throws: `StoreError` when the favourites cannot be read for another reason.
    func starredLine(visitor: Visitor, catalog: CountryCatalog) throws -> [UInt8] {
        let starred: [FavoriteCountry]
        do {
            starred = try profiles.favorites(visitor.sessionHash).map {
                FavoriteCountry($0, catalog: catalog, flags: site.flags)
            }
            try site.recordVisit(visitor, in: profiles)
        } catch let error as StoreError where error.isTemporary {
            return try site.renderer.fragment("partials/starred-countries", context: ["starredUnavailable": true])
        }
        guard !starred.isEmpty else { return [] }
        return try site.renderer.fragment(
            "partials/starred-countries", context: ["starred": ["countries": .array(starred.map(\.templateValue))]])
    }
}
