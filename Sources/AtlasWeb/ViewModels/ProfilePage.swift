import AtlasCore
import AtlasStore
import Mustache

/// The committed profile page: the username as the title, the settings, the starred countries, and
/// a notice when an unfinished draft (one that differs from the profile) exists.
struct ProfilePage {
    let profile: Profile
    let draft: Draft?
    let favorites: [FavoriteCountry]

    var templateValue: TemplateValue {
        [
            "username": .string(profile.username.echoed),
            "notifications": .string(profile.notifications ? "On" : "Off"),
            "seasonEmoji": .string(profile.season.emoji),
            "seasonName": .string(profile.season.displayName),
            "goalDateISO": .string(profile.goalDate.iso),
            "goalDate": .string(profile.goalDate.readable),
            "hasDraft": .bool(draft.map { $0.profile != profile } ?? false),
            "favorites": .array(favorites.map(\.templateValue)),
            "hasFavorites": .bool(!favorites.isEmpty),
        ]
    }
}

/// A starred country as lists show it: its name, flag and link (the id alone when the current data
/// no longer has it).
struct FavoriteCountry {
    let id: String
    let name: String
    let flag: String?

    init(id: String, catalog: CountryCatalog) {
        self.id = id
        if case .found(let entry) = catalog.resolve(id) {
            name = entry.country.country
            flag = entry.facts?.flag
        } else {
            name = id
            flag = nil
        }
    }

    var templateValue: TemplateValue {
        [
            "name": .string(name), "href": .string(Links.country(id)),
            "flag": flag.map(TemplateValue.string) ?? .null,
        ]
    }
}
