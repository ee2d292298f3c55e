import AtlasCore
import AtlasStore
import HTTPCore
import Mustache

/// The visitor-specific parts of the country pages, kept apart (and in their own partials,
/// `partials/favorite-form` and `partials/starred-countries`) so the rest of a page is the same for everyone.
extension PageController {
    /// The favourite star for a detail page (`partials/favorite-form`, the `favorite` hole): the form's
    /// action and CSRF token and whether this visitor starred the country (no read for a new visitor).
    /// While the database is busy or down the fragment says the star cannot be shown.
    /// - Returns: the fragment's bytes, and a tag for the `ETag` that changes whenever they do (the starred
    ///   state and the token's first 64 bits), so the fragment is not hashed per request.
    /// - Throws: `StoreError` when the favourites cannot be read for another reason.
    func favoriteFragment(countryID: String, visitor: Visitor, words: PageWords) throws -> (bytes: [UInt8], tag: String)
    {
        let starred: Bool
        do {
            starred =
                visitor.isNew
                ? false : try profiles.favorites(visitor.sessionHash).contains { $0.countryID == countryID }
            try site.recordVisit(visitor, in: profiles)
        } catch let error as StoreError where error.isTemporary {
            let bytes = try site.renderer.fragment(
                "partials/favorite-form", context: ["favoriteUnavailable": true, "words": words.tree])
            return (bytes, "x")
        }
        let token = visitor.csrfTokenDigits
        let tag = Visitor.tokenTag(starred ? "s" : "u", token)
        let bytes = try favoriteForms.bytes(
            countryID: countryID, language: words.language, starred: starred, csrfToken: token
        ) { token in
            let form: TemplateValue = [
                "action": .string(words.language.target(forEnglish: Links.country(countryID) + "/favorite")),
                "csrfToken": .string(token),
                "starred": .bool(starred),
            ]
            return try site.renderer.fragment(
                "partials/favorite-form", context: ["favorite": form, "words": words.tree])
        }
        return (bytes, tag)
    }

    /// The visitor's starred countries for the country list (`partials/starred-countries`, the `starred`
    /// hole): no bytes for none; while the database is busy or down, a line saying they cannot be shown.
    /// - Throws: `StoreError` when the favourites cannot be read for another reason.
    func starredLine(visitor: Visitor, catalog: CountryCatalog, words: PageWords) throws -> [UInt8] {
        let language = words.language
        let starred: [FavoriteCountry]
        do {
            starred = try profiles.favorites(visitor.sessionHash).map {
                FavoriteCountry($0, catalog: catalog, flags: site.flags, language: language)
            }
            try site.recordVisit(visitor, in: profiles)
        } catch let error as StoreError where error.isTemporary {
            return try site.renderer.fragment(
                "partials/starred-countries",
                context: ["starredUnavailable": true, "words": words.tree])
        }
        guard !starred.isEmpty else { return [] }
        return try site.renderer.fragment(
            "partials/starred-countries",
            context: [
                "starred": [
                    "countries": .array(
                        starred.map { country in
                            var value = country.templateValue
                            if let href = country.isInTheData ? Links.country(country.id) : nil {
                                value.set("href", .string(language.target(forEnglish: href)))
                            }
                            if !country.isInTheData {
                                value.set("goneText", .string(words("starred.gone", ["name": country.name])))
                            }
                            return value
                        })
                ],
                "words": words.tree,
            ])
    }
}
