import AtlasCore
import AtlasStore
import Dispatch
import Testing

/// The visitors' half of the store contract (`ProfileStore`, `SessionKeyStore`, `RefreshLock`), on every
/// store, including what must hold across two processes on one database.
struct ProfileContractTests {
    static let alice = [UInt8](repeating: 1, count: 32)
    static let bob = [UInt8](repeating: 2, count: 32)
    /// 2026-05-01 12:00 UTC in ms since the epoch.
    static let now: Int64 = 1_777_636_800_000
    static let day: Int64 = 86_400_000

    var alice: VisitorContext { VisitorContext(sessionHash: Self.alice, now: Self.now) }

    func profile(_ name: String, goal: String = "2026-06-01") -> Profile {
        Profile(username: name, notifications: false, season: .autumn, goalDate: CalendarDate(iso: goal)!)
    }

    @Test(arguments: StoreKind.available)
    func aNewVisitorGetsTheDefaultsAndASavedDraftIsResumed(_ kind: StoreKind) throws {
        try withFreshStores(kind) { stores throws in
            let store = stores.profiles
            #expect(try store.profile(Self.alice) == nil)
            let (committed, draft) = try store.openDraft(alice)
            #expect(committed == Profile.defaults(createdOn: CalendarDate(iso: "2026-05-01")!))
            #expect(draft.profile == committed)
            // Opening the editor stores no draft; the first Save does, and the editor resumes it.
            #expect(try store.draft(Self.alice) == nil)
            guard case .saved(let saved) = try store.saveDraft(alice, profile("Ada"), expectedVersion: draft.version)
            else { Issue.record("not saved"); return }
            #expect(try store.openDraft(alice).draft == saved)
            #expect(try store.draft(Self.alice) == saved)
        }
    }

    @Test(arguments: StoreKind.available)
    func visitorRowsAreTheProfileTheDraftAndTheStarsAsReadOneByOne(_ kind: StoreKind) throws {
        try withFreshStores(kind) { stores throws in
            let store = stores.profiles
            #expect(try store.visitorRows(Self.alice) == VisitorRows(profile: nil, draft: nil, favorites: []))
            let (committed, draft) = try store.openDraft(alice)
            guard case .saved(let saved) = try store.saveDraft(alice, profile("Ada"), expectedVersion: draft.version)
            else { Issue.record("not saved"); return }
            try store.setFavorite(alice, countryID: "kr", name: "S. Korea", starred: true)
            try store.setFavorite(alice, countryID: "jp", name: "Japan", starred: true)
            let rows = try store.visitorRows(Self.alice)
            #expect(rows.profile == committed)
            #expect(rows.draft == saved)
            #expect(Set(rows.favorites.map(\.countryID)) == ["kr", "jp"])
            #expect(
                rows
                    == VisitorRows(
                        profile: try store.profile(Self.alice), draft: try store.draft(Self.alice),
                        favorites: try store.favorites(Self.alice)))
            // Another visitor's rows are not theirs.
            #expect(try store.visitorRows(Self.bob) == VisitorRows(profile: nil, draft: nil, favorites: []))
        }
    }

    @Test(arguments: StoreKind.available)
    func doneCopiesTheDraftAndDeletesItAndVersionsAreNeverReused(_ kind: StoreKind) throws {
        try withFreshStores(kind) { stores throws in
            let store = stores.profiles
            let first = try store.openDraft(alice).draft
            #expect(
                try store.commitDraft(alice, profile("Ada"), expectedVersion: first.version)
                    == .committed(profile("Ada")))
            #expect(try store.profile(Self.alice) == profile("Ada"))
            #expect(try store.draft(Self.alice) == nil)
            let second = try store.openDraft(alice).draft
            #expect(second.version > first.version)
            #expect(second.profile == profile("Ada"))
        }
    }

    @Test(arguments: StoreKind.available)
    func aStaleVersionWithOtherValuesIsAConflictAndWritesNothing(_ kind: StoreKind) throws {
        try withFreshStores(kind) { stores throws in
            let store = stores.profiles
            let opened = try store.openDraft(alice).draft
            guard case .saved(let saved) = try store.saveDraft(alice, profile("One"), expectedVersion: opened.version)
            else { Issue.record("not saved"); return }
            #expect(try store.saveDraft(alice, profile("Two"), expectedVersion: opened.version) == .conflict(saved))
            #expect(try store.commitDraft(alice, profile("Two"), expectedVersion: opened.version) == .conflict(saved))
            #expect(try store.draft(Self.alice) == saved)
            #expect(try store.profile(Self.alice)?.username == "guest")
        }
    }

    /// The form is checked (the goal date's bounds) against the committed profile read under the row
    /// lock, inside the transaction; a refused form writes nothing and its version stays current.
    @Test(arguments: StoreKind.available)
    func aFormIsCheckedAgainstTheCommittedProfileAndARefusedOneWritesNothing(_ kind: StoreKind) throws {
        try withFreshStores(kind) { stores throws in
            let store = stores.profiles
            _ = try store.commitDraft(alice, profile("Ada"), expectedVersion: 0)
            let opened = try store.openDraft(alice).draft
            var checkedAgainst: [Profile] = []
            let refused = try store.commitDraft(alice, expectedVersion: opened.version) { committed in
                checkedAgainst.append(committed)
                return nil
            }
            #expect(refused == SubmitResult(committed: profile("Ada"), outcome: nil))
            // Checked against the committed profile only (once per decision: a store may decide on a
            // state it remembers and then again under the row lock).
            #expect(!checkedAgainst.isEmpty && checkedAgainst.allSatisfy { $0 == profile("Ada") })
            #expect(try store.saveDraft(alice, expectedVersion: opened.version) { _ in nil }.outcome == nil)
            #expect(try store.draft(Self.alice) == nil)
            #expect(try store.profile(Self.alice) == profile("Ada"))
            #expect(
                try store.commitDraft(alice, profile("Bea"), expectedVersion: opened.version)
                    == .committed(profile("Bea")))
        }
    }

    @Test(arguments: StoreKind.available)
    func cancelDeletesTheDraftKeepsTheProfileAndMakesEveryFormStale(_ kind: StoreKind) throws {
        try withFreshStores(kind) { stores throws in
            let store = stores.profiles
            let opened = try store.openDraft(alice).draft
            _ = try store.commitDraft(alice, profile("Kept"), expectedVersion: opened.version)
            let draft = try store.openDraft(alice).draft
            _ = try store.saveDraft(alice, profile("Dropped"), expectedVersion: draft.version)
            #expect(try store.discardDraft(alice, expectedVersion: draft.version + 1) == nil)
            #expect(try store.draft(Self.alice) == nil)
            #expect(try store.profile(Self.alice) == profile("Kept"))
            // Back to the cancelled form and Done: stale, and the cancelled draft is not brought back.
            guard case .conflict = try store.commitDraft(alice, profile("Dropped"), expectedVersion: draft.version + 1)
            else { Issue.record("a cancelled draft was committed"); return }
            #expect(try store.profile(Self.alice) == profile("Kept"))
        }
    }

    @Test(arguments: StoreKind.available)
    func favouritesToggleInStarOrderAndBelongToOneVisitor(_ kind: StoreKind) throws {
        try withFreshStores(kind) { stores throws in
            let store = stores.profiles
            func at(_ offset: Int64) -> VisitorContext {
                VisitorContext(sessionHash: Self.alice, now: Self.now + offset)
            }
            #expect(try store.toggleFavorite(at(0), countryID: "kr", name: "S. Korea"))
            #expect(try store.toggleFavorite(at(1), countryID: "fr", name: "France"))
            try store.setFavorite(at(2), countryID: "de", name: "Germany", starred: true)
            try store.setFavorite(at(3), countryID: "de", name: "Germany", starred: true)
            #expect(try store.toggleFavorite(at(4), countryID: "fr", name: "France") == false)
            #expect(try store.favorites(Self.alice).map(\.countryID) == ["kr", "de"])
            try store.setFavorite(at(5), countryID: "kr", name: "S. Korea", starred: false)
            #expect(try store.favorites(Self.alice).map(\.countryID) == ["de"])
            #expect(try store.favorites(Self.bob).isEmpty)
            #expect(try store.profile(Self.bob) == nil)
        }
    }

    /// The name is kept with the star, so a country that later leaves the data can still be named;
    /// starring again keeps the first star's place and takes the newer name.
    @Test(arguments: StoreKind.available)
    func aStarKeepsTheNameTheCountryHadWhenItWasStarred(_ kind: StoreKind) throws {
        try withFreshStores(kind) { stores throws in
            let store = stores.profiles
            func at(_ offset: Int64) -> VisitorContext {
                VisitorContext(sessionHash: Self.alice, now: Self.now + offset)
            }
            try store.setFavorite(at(0), countryID: "kr", name: "S. Korea", starred: true)
            try store.setFavorite(at(1), countryID: "tr", name: "Turkey", starred: true)
            try store.setFavorite(at(2), countryID: "tr", name: "Türkiye", starred: true)
            #expect(
                try store.favorites(Self.alice) == [
                    Favorite(countryID: "kr", name: "S. Korea"), Favorite(countryID: "tr", name: "Türkiye"),
                ])
        }
    }

    @Test(arguments: StoreKind.available)
    func aNewVisitorWhoIsNotAdmittedGetsNoRowAndAReturningOneIsNotAsked(_ kind: StoreKind) throws {
        try withFreshStores(kind) { stores throws in
            let store = stores.profiles
            let refused = VisitorContext(sessionHash: Self.bob, now: Self.now, admitsNewVisitor: { false })
            #expect(throws: StoreError.newVisitorRefused) {
                try store.toggleFavorite(refused, countryID: "kr", name: "S. Korea")
            }
            #expect(throws: StoreError.newVisitorRefused) { try store.openDraft(refused) }
            #expect(throws: StoreError.newVisitorRefused) {
                try store.commitDraft(refused, profile("Mallory"), expectedVersion: 0)
            }
            #expect(try store.profile(Self.bob) == nil)
            #expect(try store.favorites(Self.bob).isEmpty)
            _ = try store.ensureProfile(alice)
            let asked = FailureLog()
            let returning = VisitorContext(
                sessionHash: Self.alice, now: Self.now,
                admitsNewVisitor: {
                    asked.append("asked")
                    return false
                })
            #expect(try store.toggleFavorite(returning, countryID: "kr", name: "S. Korea"))
            #expect(asked.messages.isEmpty)
        }
    }

    @Test(arguments: StoreKind.available)
    func pruningDeletesForgottenProfilesAndDefaultOnlyOnesButKeepsTheRest(_ kind: StoreKind) throws {
        try withFreshStores(kind) { stores throws in
            let store = stores.profiles
            let old = Self.now - 500 * Self.day
            func visitor(_ byte: UInt8, at time: Int64) -> VisitorContext {
                VisitorContext(sessionHash: [UInt8](repeating: byte, count: 32), now: time)
            }
            // 3: committed long ago, never back. 4: committed long ago, came back yesterday (a read).
            for byte: UInt8 in [3, 4] {
                let opened = try store.openDraft(visitor(byte, at: old)).draft
                _ = try store.commitDraft(visitor(byte, at: old), profile("Old"), expectedVersion: opened.version)
            }
            try store.touch([UInt8](repeating: 4, count: 32), now: Self.now - Self.day)
            // 5: only ever the defaults (the editor opened, nothing saved), three days ago. 6: the
            // defaults and a star. 7: a saved draft.
            _ = try store.openDraft(visitor(5, at: Self.now - 3 * Self.day))
            try store.setFavorite(
                visitor(6, at: Self.now - 3 * Self.day), countryID: "kr", name: "S. Korea", starred: true)
            _ = try store.saveDraft(visitor(7, at: Self.now - 3 * Self.day), profile("Draft"), expectedVersion: 0)
            // 8: the defaults, a minute ago.
            _ = try store.ensureProfile(visitor(8, at: Self.now - 60_000))
            let pruned = try store.pruneProfiles(
                seenBefore: Self.now - 400 * Self.day, defaultsOnlySeenBefore: Self.now - Self.day)
            #expect(pruned == 2)
            for (byte, kept) in [(3, false), (4, true), (5, false), (6, true), (7, true), (8, true)] as [(UInt8, Bool)]
            {
                #expect((try store.profile([UInt8](repeating: byte, count: 32)) != nil) == kept, "visitor \(byte)")
            }
            #expect(try store.favorites([UInt8](repeating: 6, count: 32)).map(\.countryID) == ["kr"])
        }
    }

    @Test(arguments: StoreKind.available)
    func whenAVisitorWasLastSeenIsKeptToTheHourByWritesAndExactlyByVisits(_ kind: StoreKind) throws {
        try withFreshStores(kind) { stores throws in
            let store = stores.profiles
            let start = Self.now - 500 * Self.day
            let minute: Int64 = 60_000
            func visitor(_ byte: UInt8, at time: Int64) -> VisitorContext {
                VisitorContext(sessionHash: [UInt8](repeating: byte, count: 32), now: time)
            }
            func done(_ byte: UInt8, at time: Int64) throws {
                let opened = try store.openDraft(visitor(byte, at: time)).draft
                _ = try store.commitDraft(
                    visitor(byte, at: time), profile("V\(byte) \(time)"), expectedVersion: opened.version)
            }
            for byte: UInt8 in [1, 2, 3, 4, 5, 6] { try done(byte, at: start) }
            // 1: a Done half an hour later leaves the time at the start. 2: a Done two hours later
            // moves it. 3: a visit half an hour later moves it (a visit is recorded once a day, so it
            // is never swallowed). 4: a Save two hours later moves it. 5: a star half an hour later is
            // a write: it leaves the time; 6: a star two hours later moves it.
            try done(1, at: start + 30 * minute)
            try done(2, at: start + 120 * minute)
            try store.touch([UInt8](repeating: 3, count: 32), now: start + 30 * minute)
            let resumed = try store.openDraft(visitor(4, at: start + 120 * minute)).draft
            _ = try store.saveDraft(
                visitor(4, at: start + 120 * minute), profile("Later"), expectedVersion: resumed.version)
            try store.setFavorite(visitor(5, at: start + 30 * minute), countryID: "kr", name: "S. Korea", starred: true)
            _ = try store.toggleFavorite(visitor(6, at: start + 120 * minute), countryID: "kr", name: "S. Korea")
            #expect(try store.profile([UInt8](repeating: 1, count: 32))?.username == "V1 \(start + 30 * minute)")
            let pruned = try store.pruneProfiles(seenBefore: start + 20 * minute, defaultsOnlySeenBefore: start)
            #expect(pruned == 2)
            for (byte, kept) in [(1, false), (2, true), (3, true), (4, true), (5, false), (6, true)] as [(UInt8, Bool)]
            {
                #expect((try store.profile([UInt8](repeating: byte, count: 32)) != nil) == kept, "visitor \(byte)")
            }
        }
    }

    /// A process decides a Done on the state it last read (the editor's GET) and writes only if the
    /// row still holds it: another process's Done or Save in the meantime makes it a conflict, never
    /// an overwrite; a Done on what it saw last, with nothing written since, commits.
    @Test(arguments: StoreKind.available)
    func aDoneOnWhatThisProcessLastSawLosesToAnotherProcesssWriteSince(_ kind: StoreKind) throws {
        try withFreshDatabase(kind) { location throws in
            let first = try Stores.open(location)
            let second = try Stores.open(location)
            defer { [first, second].forEach { $0.close() } }
            _ = try first.profiles.commitDraft(alice, profile("Ada"), expectedVersion: 0)
            // The first process shows the editor; the second commits another name from another tab.
            let shown = try first.profiles.openDraft(alice).draft
            let elsewhere = try second.profiles.openDraft(alice).draft
            #expect(
                try second.profiles.commitDraft(alice, profile("Bea"), expectedVersion: elsewhere.version)
                    == .committed(profile("Bea")))
            let stale = try first.profiles.commitDraft(alice, profile("Cy"), expectedVersion: shown.version)
            #expect(stale == .conflict(Draft(profile: profile("Bea"), version: elsewhere.version + 1)))
            #expect(try second.profiles.profile(Self.alice) == profile("Bea"))
            // Now the first process has seen the newer state: a Done on it commits.
            #expect(
                try first.profiles.commitDraft(alice, profile("Cy"), expectedVersion: elsewhere.version + 1)
                    == .committed(profile("Cy")))
            // A Save through the second process, from a form shown before that Done, is a conflict;
            // one on the current version stores a draft, and the first process's Done of its own older
            // form then loses to it.
            let current = try second.profiles.openDraft(alice).draft
            let saved = try second.profiles.saveDraft(alice, profile("Dee"), expectedVersion: current.version)
            guard case .saved(let draft) = saved else {
                Issue.record("not saved: \(saved)")
                return
            }
            #expect(
                try first.profiles.commitDraft(alice, profile("Eve"), expectedVersion: current.version)
                    == .conflict(draft))
            #expect(try first.profiles.profile(Self.alice) == profile("Cy"))
            #expect(try first.profiles.draft(Self.alice) == draft)
        }
    }

    @Test(arguments: StoreKind.available)
    func doneInTwoProcessesForOneVisitorKeepsTheConflictRules(_ kind: StoreKind) throws {
        try withFreshDatabase(kind) { location throws in
            let processes = [try Stores.open(location), try Stores.open(location)]
            defer { processes.forEach { $0.close() } }
            let opened = try processes[0].profiles.openDraft(alice).draft
            // Eight tabs, four through each process, press Done on the same form with different names:
            // exactly one wins, every other is told the form is stale.
            let outcomes = FailureLog()
            DispatchQueue.concurrentPerform(iterations: 8) { tab in
                do {
                    let outcome = try processes[tab % 2].profiles.commitDraft(
                        alice, profile("Tab \(tab)"), expectedVersion: opened.version)
                    switch outcome {
                    case .committed: outcomes.append("committed \(tab)")
                    case .conflict(let newer): outcomes.append("conflict with \(newer.profile.username)")
                    case .saved: outcomes.append("saved?")
                    }
                } catch {
                    outcomes.append("error: \(error)")
                }
            }
            let committed = outcomes.messages.filter { $0.hasPrefix("committed") }
            #expect(committed.count == 1)
            let winner = try #require(committed.first).split(separator: " ").last.map(String.init) ?? ""
            #expect(try processes[1].profiles.profile(Self.alice)?.username == "Tab \(winner)")
            // The losers' conflict pages show what won, never their own values, and nothing is stored
            // for them.
            #expect(outcomes.messages.filter { $0 == "conflict with Tab \(winner)" }.count == 7)
            #expect(try processes[1].profiles.draft(Self.alice) == nil)
        }
    }

    @Test(arguments: StoreKind.available)
    func theSessionKeyIsCreatedOnceAndSharedByEveryProcess(_ kind: StoreKind) throws {
        try withFreshDatabase(kind) { location throws in
            let processes = [try Stores.open(location), try Stores.open(location)]
            defer { processes.forEach { $0.close() } }
            let keys = FailureLog()
            DispatchQueue.concurrentPerform(iterations: 6) { index in
                let candidate = [UInt8](repeating: UInt8(index + 1), count: 32)
                do {
                    let key = try processes[index % 2].sessionKeys.sessionKey(storingIfMissing: candidate)
                    keys.append(key.map { String($0) }.joined(separator: ","))
                } catch {
                    keys.append("error: \(error)")
                }
            }
            #expect(Set(keys.messages).count == 1)
            #expect(keys.messages.first?.hasPrefix("error") == false)
        }
    }

    /// A process that read a visitor's rows (and, on SQLite, keeps them: `VisitorRowsCache`) sees every
    /// write another process makes to them as soon as it committed: a Save, a star, a Done, a Cancel and
    /// pruning, through every read.
    @Test(arguments: StoreKind.available)
    func everyWriteOfOneProcessIsReadByAnotherAtOnce(_ kind: StoreKind) throws {
        try withFreshDatabase(kind) { location throws in
            let writer = try Stores.open(location)
            let reader = try Stores.open(location)
            defer {
                writer.close()
                reader.close()
            }
            let reads = reader.profiles
            let empty = VisitorRows(profile: nil, draft: nil, favorites: [])
            #expect(try reads.visitorRows(Self.alice) == empty)
            #expect(try reads.existingDraft(Self.alice) == nil)

            let opened = try writer.profiles.openDraft(alice).draft
            #expect(try reads.profile(Self.alice) == opened.profile)
            #expect(try reads.existingDraft(Self.alice)?.draft == opened)

            guard
                case .saved(let saved) = try writer.profiles.saveDraft(
                    alice, profile("Ada"), expectedVersion: opened.version)
            else { Issue.record("not saved"); return }
            #expect(try reads.draft(Self.alice) == saved)
            #expect(try reads.visitorRows(Self.alice).draft == saved)
            #expect(try reads.existingDraft(Self.alice)?.draft == saved)

            try writer.profiles.setFavorite(alice, countryID: "kr", name: "S. Korea", starred: true)
            #expect(try reads.favorites(Self.alice).map(\.countryID) == ["kr"])
            #expect(try writer.profiles.toggleFavorite(alice, countryID: "jp", name: "Japan"))
            #expect(try Set(reads.visitorRows(Self.alice).favorites.map(\.countryID)) == ["kr", "jp"])
            #expect(try !writer.profiles.toggleFavorite(alice, countryID: "kr", name: "S. Korea"))
            #expect(try reads.favorites(Self.alice).map(\.countryID) == ["jp"])

            #expect(
                try writer.profiles.commitDraft(alice, profile("Ada"), expectedVersion: saved.version)
                    == .committed(profile("Ada")))
            #expect(
                try reads.visitorRows(Self.alice)
                    == VisitorRows(profile: profile("Ada"), draft: nil, favorites: reads.favorites(Self.alice)))

            let reopened = try reads.existingDraft(Self.alice)?.draft
            guard
                case .saved = try writer.profiles.saveDraft(
                    alice, profile("Bea"), expectedVersion: reopened?.version ?? 0)
            else { Issue.record("not saved"); return }
            #expect(try reads.draft(Self.alice)?.profile == profile("Bea"))
            #expect(try writer.profiles.discardDraft(alice, expectedVersion: nil) == nil)
            #expect(try reads.draft(Self.alice) == nil)

            // Pruning deletes the profile with its stars: the reader sees none left.
            #expect(try writer.profiles.pruneProfiles(seenBefore: Self.now + Self.day, defaultsOnlySeenBefore: 0) == 1)
            #expect(try reads.visitorRows(Self.alice) == empty)
        }
    }

    @Test(arguments: StoreKind.available)
    func theRefreshLockIsHeldByOneProcessAtATime(_ kind: StoreKind) throws {
        try withFreshDatabase(kind) { location throws in
            let first = try Stores.open(location)
            let second = try Stores.open(location)
            defer {
                first.close()
                second.close()
            }
            let inner = try first.refreshLock.whileHolding { try second.refreshLock.whileHolding { "ran" } }
            #expect(inner == .some(nil), "the second process must not get the lock while the first holds it")
            #expect(try second.refreshLock.whileHolding { "ran" } == "ran", "released once the first is done")
        }
    }
}
