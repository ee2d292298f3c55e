import AtlasCore

/// Everything of a returning visitor's that one page shows (their profile's fields, whether a draft
/// differs, their stars), written out in full as a page-cache key (`SiteContext.cachedVisitorPage`).
///
/// It is the values themselves, not a hash or a version, so two states that differ in anything the page
/// shows can never share a rendering, whatever wrote them (another process, another tab). Each value is
/// written as its UTF-8 length, `:` and the bytes, so no value can run into the next.
struct VisitorState {
    /// The key: `<length>:<value>` per value, in the order added.
    private(set) var key = ""

    /// A state with nothing in it yet.
    init() { key.reserveCapacity(96) }

    /// Adds `value`.
    mutating func add(_ value: String) {
        key += String(value.utf8.count)
        key += ":"
        key += value
    }

    /// Adds `flag` as `1` or `0`.
    mutating func add(_ flag: Bool) { add(flag ? "1" : "0") }

    /// Adds a profile's fields as a page shows them: username, notifications, season, goal date.
    mutating func add(_ profile: Profile) {
        add(profile.username)
        add(profile.notifications)
        add(profile.season.rawValue)
        add(profile.goalDate.iso)
    }
}
