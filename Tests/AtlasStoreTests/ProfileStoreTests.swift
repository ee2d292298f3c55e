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
            #expect(try store.toggleFavorite(alice, countryID: "kr", name: "S. Korea", now: now))
            #expect(try store.toggleFavorite(alice, countryID: "fr", name: "France", now: now + 1))
            #expect(try store.toggleFavorite(alice, countryID: "de", name: "Germany", now: now + 2))
            #expect(try store.toggleFavorite(alice, countryID: "fr", name: "France", now: now + 3) == false)
            #expect(try store.favorites(alice).map(\.countryID) == ["kr", "de"])
            #expect(try store.favorites(bob).isEmpty)
            #expect(try store.profile(bob) == nil)
        }
    }

    /// The name is kept with the star, so a country that later leaves the data can still be named;
    /// starring again keeps the first star's place and takes the newer name.
    @Test func aStarKeepsTheNameTheCountryHadWhenItWasStarred() throws {
        try withTemporaryStore { database, _ throws in
            let store = SQLiteProfileStore(database: database)
            try store.setFavorite(alice, countryID: "kr", name: "S. Korea", starred: true, now: now)
            try store.setFavorite(alice, countryID: "tr", name: "Turkey", starred: true, now: now + 1)
            try store.setFavorite(alice, countryID: "tr", name: "Türkiye", starred: true, now: now + 2)
            #expect(
                try store.favorites(alice) == [
                    Favorite(countryID: "kr", name: "S. Korea"), Favorite(countryID: "tr", name: "Türkiye"),
                ])
        }
    }

    /// Stars from before version 5 have no name: they come back with `nil`, not an error.
    @Test func aStarFromBeforeNamesWereKeptHasNone() throws {
        try withTemporaryDatabasePath { path in
            let old = try Database(path: path)
            try Migrations.migrate(old, migrations: Array(Migrations.all.prefix(4)))
            let store = SQLiteProfileStore(database: old)
            _ = try store.ensureProfile(alice, now: now)
            try old.execute(
                "INSERT INTO favorites (session_hash, country_id, starred_at) VALUES (x'\(String(repeating: "01", count: 32))', 'kr', 1)"
            )
            old.close()
            let database = try Database.open(path: path)
            defer { database.close() }
            #expect(try database.userVersion() == 5)
            #expect(
                try SQLiteProfileStore(database: database).favorites(alice) == [Favorite(countryID: "kr", name: nil)])
        }
    }
}
