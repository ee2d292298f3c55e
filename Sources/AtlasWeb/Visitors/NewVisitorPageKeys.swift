import AtlasCore
import Clocks
import Formats
import Localization

/// The page cache's keys of the pages a new visitor (no cookie yet) gets the same as every other new
/// visitor that day: `/profile` and `/profile/edit` with today's defaults. Each key, e.g.
/// `/ko/profile/edit#new visitor 2026-12-03`, is kept per thread until the UTC day changes: every
/// request without a cookie needs one, and writing it out was 1 % of such a request. Any thread.
struct NewVisitorPageKeys: Sendable {
    /// A page a new visitor gets from the page cache.
    enum Page: Int, CaseIterable, Sendable {
        case profile
        case editor

        /// The page's English path.
        var englishPath: String {
            switch self {
            case .profile: "/profile"
            case .editor: "/profile/edit"
            }
        }
    }

    /// One page in one language: its key, the day it is for, and that day's number since 1970-01-01.
    private struct Kept {
        var dayNumber = Int.min
        var today = CalendarDate(utcMillisecondsSinceEpoch: 0)
        var key = ""
    }

    private let kept = PerThread<[Kept]> {
        Array(repeating: Kept(), count: Page.allCases.count * Language.allCases.count)
    }

    /// The key of `page` in `language` on the UTC day of `now` (ms since epoch), and that day.
    func key(_ page: Page, _ language: Language, now: Int64) -> (key: String, today: CalendarDate) {
        let dayNumber = Gregorian.floorDivide(Int(now), Self.millisecondsPerDay)
        let slot = page.rawValue * Language.allCases.count + Language.allCases.firstIndex(of: language)!
        return kept.withValue { kept in
            if kept[slot].dayNumber == dayNumber { return (kept[slot].key, kept[slot].today) }
            let today = CalendarDate(utcMillisecondsSinceEpoch: now)
            let key = language.target(forEnglish: page.englishPath) + "#new visitor " + today.iso
            kept[slot] = Kept(dayNumber: dayNumber, today: today, key: key)
            return (key, today)
        }
    }

    private static let millisecondsPerDay = 86_400_000
}
