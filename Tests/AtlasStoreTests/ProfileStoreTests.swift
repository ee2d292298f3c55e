import AtlasCore
import AtlasStore
import Testing

struct ProfileStoreTests {
    let alice = [UInt8](repeating: 1, count: 32)
    let bob = [UInt8](repeating: 2, count: 32)
    /// 2026-05-01 12:00 UTC in ms since the epoch.
    let now: Int64 = 1_777_636_800_000

    func profile(_ name: String, goal: String = "2026-06-01") -> Profile {
        Profile(username: name, notifications: false, season: .autumn, goalDate: CalendarDate(iso: goal)!)
    }

    @Test func aNewVisitorGetsTheDefaultsAndADraftThatIsResumed() throws {
        try withTemporaryStore { database, _ throws in
            let store = SQLiteProfileStore(database: database)
            #expect(try store.profile(alice) == nil)
            let (committed, draft) = try store.openDraft(alice, now: now)
            #expect(committed == Profile.defaults(createdOn: CalendarDate(iso: "2026-05-01")!))
            #expect(draft.profile == committed)
            #expect(try store.openDraft(alice, now: now).draft == draft)
        }
    }

    @Test func doneCopiesTheDraftAndDeletesItAndVersionsAreNeverReused() throws {
        try withTemporaryStore { database, _ throws in
            let store = SQLiteProfileStore(database: database)
            let first = try store.openDraft(alice, now: now).draft
            #expect(
                try store.commitDraft(alice, profile("Ada"), expectedVersion: first.version, now: now)
                    == .committed(profile("Ada")))
            #expect(try store.profile(alice) == profile("Ada"))
            #expect(try store.draft(alice) == nil)
            let second = try store.openDraft(alice, now: now).draft
            #expect(second.version > first.version)
            #expect(second.profile == profile("Ada"))
        }
    }

    @Test func aStaleVersionWithOtherValuesIsAConflictAndWritesNothing() throws {
        try withTemporaryStore { database, _ throws in
            let store = SQLiteProfileStore(database: database)
            let opened = try store.openDraft(alice, now: now).draft
            guard
                case .saved(let saved) = try store.saveDraft(
                    alice, profile("One"), expectedVersion: opened.version, now: now)
            else { Issue.record("not saved"); return }
            #expect(
                try store.saveDraft(alice, profile("Two"), expectedVersion: opened.version, now: now)
                    == .conflict(saved))
            #expect(
                try store.commitDraft(alice, profile("Two"), expectedVersion: opened.version, now: now)
                    == .conflict(saved))
            #expect(try store.draft(alice) == saved)
            #expect(try store.profile(alice)?.username == "guest")
        }
    }

    @Test func cancelDeletesTheDraftAndKeepsTheProfile() throws {
        try withTemporaryStore { database, _ throws in
            let store = SQLiteProfileStore(database: database)
            let opened = try store.openDraft(alice, now: now).draft
            _ = try store.commitDraft(alice, profile("Kept"), expectedVersion: opened.version, now: now)
            let draft = try store.openDraft(alice, now: now).draft
            _ = try store.saveDraft(alice, profile("Dropped"), expectedVersion: draft.version, now: now)
            #expect(try store.discardDraft(alice, expectedVersion: draft.version + 1, now: now) == nil)
            #expect(try store.draft(alice) == nil)
            #expect(try store.profile(alice) == profile("Kept"))
        }
    }

    @Test func favouritesToggleInStarOrderAndBelongToOneVisitor() throws {
        try withTemporaryStore { database, _ throws in
            let store = SQLiteProfileStore(database: database)
            #expect(try store.toggleFavorite(alice, countryID: "kr", now: now))
            #expect(try store.toggleFavorite(alice, countryID: "fr", now: now + 1))
            #expect(try store.toggleFavorite(alice, countryID: "de", now: now + 2))
            #expect(try store.toggleFavorite(alice, countryID: "fr", now: now + 3) == false)
            #expect(try store.favorites(alice) == ["kr", "de"])
            #expect(try store.favorites(bob).isEmpty)
            #expect(try store.profile(bob) == nil)
        }
    }
}
