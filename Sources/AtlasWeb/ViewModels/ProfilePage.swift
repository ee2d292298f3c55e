import AtlasCore
import AtlasStore
import Localization
import Mustache

/// The committed profile page: the username as the title, the settings, the starred countries, and
/// a notice when an unfinished draft (one that differs from the profile) exists.
struct ProfilePage {
    /// The page's words.
    let words: PageWords
    let profile: Profile
    let draft: Draft?
    let favorites: [FavoriteCountry]
    /// The visitor's CSRF token, for the forms that remove a star whose country left the data; empty
    /// where the token is a hole (`{{{holes.csrfToken}}}`).
    var csrfToken = ""

    /// Whether a draft that differs from the profile exists (the page's notice).
    var hasDraft: Bool { draft.map { $0.profile != profile } ?? false }

    /// Whether the page has a form to remove a star whose country left the data (one that carries the
    /// visitor's token).
    var hasGoneFavorites: Bool { favorites.contains { !$0.isInTheData } }

    /// Everything of the visitor's the page shows, for the page cache: the profile's fields, whether a
    /// draft differs, and each star (its id, and for one that left the data its stored name). The rest
    /// (flags, names, links) follows from the data version, which the cache keys apart.
    var state: VisitorState {
        var state = VisitorState()
        state.add(profile)
        state.add(hasDraft)
        for favorite in favorites {
            state.add(favorite.isInTheData)
            state.add(favorite.id)
            if !favorite.isInTheData { state.add(favorite.name) }
        }
        return state
    }

    var templateValue: TemplateValue {
        let inLanguage = { (english: String) in words.language.target(forEnglish: english) }
        return [
            "username": .string(profile.username.echoedAsOwnText),
            "notifications": .string(words(profile.notifications ? "profile.on" : "profile.off")),
            "seasonEmoji": .string(profile.season.emoji),
            "seasonName": .string(words("season." + profile.season.rawValue)),
            "photoLabel": .string(words("profile.photoLabel", ["season": words("season." + profile.season.rawValue)])),
            "goalDateISO": .string(profile.goalDate.iso),
            "goalDate": .string(words.readableDate(profile.goalDate)),
            "editHref": .string(inLanguage("/profile/edit")),
            "countriesHref": .string(inLanguage("/countries")),
            "hasDraft": .bool(hasDraft),
            "favorites": .array(
                favorites.map { favorite in
                    var value = favorite.templateValue
                    value.set("csrfToken", .string(csrfToken))
                    return value
                }),
            "hasFavorites": .bool(!favorites.isEmpty),
            "compareStarred": compareStarred,
        ]
    }

    /// The comparison of the starred countries still in the data, the first `CompareSelection.maximum`
    /// of them; `null` without any.
    private var compareStarred: TemplateValue {
        let ids = favorites.filter(\.isInTheData).map(\.id)
        guard !ids.isEmpty else { return .null }
        let shown = Array(ids.prefix(CompareSelection.maximum))
        return [
            "href": .string(words.language.target(forEnglish: Links.compare(shown))),
            "firstOnly": ids.count > shown.count
                ? .string(words("profile.firstOnly", ["count": String(shown.count)])) : .null,
        ]
    }
}

/// A starred country as lists show it: its name, flag and link; when the current data no longer has
/// it, the name it had when it was starred (its id for a star from before names were kept), no link
/// (it would lead to a 404), and words that say so.
struct FavoriteCountry {
    /// The entry's canonical id now, or the stored id of one that left the data.
    let id: String
    let name: String
    /// The `flag` value (beside the name), or `nil` for a country that left the data.
    let flag: TemplateValue?
    /// Whether the current data still has the country.
    let isInTheData: Bool

    /// - Parameter language: the page's; a Korean page names the country in Korean.
    init(_ favorite: Favorite, catalog: CountryCatalog, flags: FlagImages, language: Language = .en) {
        if let entry = catalog.entry(id: favorite.countryID) {
            id = entry.id
            name = entry.name(in: language)
            flag = flags.templateValue(iso2: entry.country.countryInfo.iso2, name: name, use: .besideName)
            isInTheData = true
        } else {
            id = favorite.countryID
            name = favorite.name ?? favorite.countryID
            flag = nil
            isInTheData = false
        }
        self.language = language
    }

    /// The page's language, whose country page the link leads to.
    var language: Language = .en

    var templateValue: TemplateValue {
        [
            "name": .string(name),
            "href": isInTheData ? .string(language.target(forEnglish: Links.country(id))) : .null,
            "flag": flag ?? .null,
            "gone": .bool(!isInTheData),
            "unstarAction": .string(language.target(forEnglish: Links.country(id) + "/favorite")),
        ]
    }
}
