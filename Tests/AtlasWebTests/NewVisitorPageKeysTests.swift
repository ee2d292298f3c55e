import AtlasCore
import Localization
import Testing

@testable import AtlasWeb

struct NewVisitorPageKeysTests {
    /// A moment (ms since epoch), a page and a language, and the key and day they give.
    static let cases: [(Int64, NewVisitorPageKeys.Page, Language, String, String)] = [
        (1_764_720_000_000, .profile, .en, "/profile#new visitor 2025-12-03", "2025-12-03"),
        (1_764_720_000_000, .editor, .en, "/profile/edit#new visitor 2025-12-03", "2025-12-03"),
        (1_764_720_000_000, .profile, .ko, "/ko/profile#new visitor 2025-12-03", "2025-12-03"),
        (1_764_720_000_000, .editor, .ko, "/ko/profile/edit#new visitor 2025-12-03", "2025-12-03"),
        // The last millisecond of a day, and the first of the next.
        (1_764_806_399_999, .editor, .ko, "/ko/profile/edit#new visitor 2025-12-03", "2025-12-03"),
        (1_764_806_400_000, .editor, .ko, "/ko/profile/edit#new visitor 2025-12-04", "2025-12-04"),
        (0, .profile, .en, "/profile#new visitor 1970-01-01", "1970-01-01"),
        (-1, .profile, .en, "/profile#new visitor 1969-12-31", "1969-12-31"),
    ]

    @Test(arguments: cases.indices)
    func eachPageLanguageAndDayHasItsKey(_ index: Int) {
        let (now, page, language, key, day) = Self.cases[index]
        let keys = NewVisitorPageKeys()
        #expect(keys.key(page, language, now: now).key == key)
        #expect(keys.key(page, language, now: now).today.iso == day)
    }

    /// One set of keys asked in turn, as a thread asks it day after day: a kept key never outlives its day.
    @Test func aKeptKeyIsReplacedWhenTheDayChanges() {
        let keys = NewVisitorPageKeys()
        for (now, page, language, key, day) in Self.cases {
            let kept = keys.key(page, language, now: now)
            #expect(kept.key == key && kept.today.iso == day, "\(now)")
        }
    }
}
