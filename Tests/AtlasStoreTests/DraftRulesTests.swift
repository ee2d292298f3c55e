import AtlasCore
import AtlasStore
import Testing

/// `DraftRules`, the conflict rules both stores apply, as a table: stored state and form → write and
/// outcome.
struct DraftRulesTests {
    static let defaults = Profile.defaults(createdOn: CalendarDate(iso: "2026-05-01")!)
    static let ada = Profile(
        username: "Ada", notifications: false, season: .summer, goalDate: CalendarDate(iso: "2026-06-01")!)
    static let bea = Profile(
        username: "Bea", notifications: true, season: .spring, goalDate: CalendarDate(iso: "2026-07-01")!)

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let state: DraftRules.State
        let fields: Profile
        let expectedVersion: Int64
        let write: DraftRules.Write
        let outcome: DraftOutcome
        var testDescription: String { name }
    }

    static func state(draft: Draft?, counter: Int64, profile: Profile = defaults) -> DraftRules.State {
        DraftRules.State(profile: profile, draft: draft, draftCounter: counter)
    }

    static let saves: [Case] = [
        Case(
            name: "the current version is stored",
            state: state(draft: Draft(profile: defaults, version: 3), counter: 3),
            fields: ada, expectedVersion: 3, write: .draft(ada), outcome: .saved(Draft(profile: ada, version: 4))),
        Case(
            name: "the stored values again keep the version",
            state: state(draft: Draft(profile: ada, version: 3), counter: 3), fields: ada, expectedVersion: 1,
            write: .nothing, outcome: .saved(Draft(profile: ada, version: 3))),
        Case(
            name: "a stale form that differs is a conflict",
            state: state(draft: Draft(profile: ada, version: 3), counter: 3), fields: bea, expectedVersion: 2,
            write: .nothing, outcome: .conflict(Draft(profile: ada, version: 3))),
        Case(
            name: "a new visitor's version 0 is current", state: state(draft: nil, counter: 0), fields: ada,
            expectedVersion: 0, write: .draft(ada), outcome: .saved(Draft(profile: ada, version: 1))),
        Case(
            name: "with no draft, the committed profile's version is current",
            state: state(draft: nil, counter: 4, profile: ada), fields: bea, expectedVersion: 4, write: .draft(bea),
            outcome: .saved(Draft(profile: bea, version: 5))),
        Case(
            name: "with no draft, the committed values again store nothing and keep the version",
            state: state(draft: nil, counter: 4, profile: ada), fields: ada, expectedVersion: 4, write: .nothing,
            outcome: .saved(Draft(profile: ada, version: 4))),
        Case(
            name: "a stale form holding the committed values stores nothing either",
            state: state(draft: nil, counter: 4, profile: ada), fields: ada, expectedVersion: 2, write: .nothing,
            outcome: .saved(Draft(profile: ada, version: 4))),
        Case(
            name: "version 0 after a cancel is stale, and the conflict shows the profile, writing nothing",
            state: state(draft: nil, counter: 2), fields: ada, expectedVersion: 0, write: .nothing,
            outcome: .conflict(Draft(profile: defaults, version: 2))),
    ]

    @Test(arguments: saves)
    func save(_ row: Case) {
        let (write, outcome) = DraftRules.save(row.fields, expectedVersion: row.expectedVersion, row.state)
        #expect(write == row.write)
        #expect(outcome == row.outcome)
    }

    static let commits: [Case] = [
        Case(
            name: "the current version is committed", state: state(draft: Draft(profile: ada, version: 3), counter: 3),
            fields: bea, expectedVersion: 3, write: .commit(bea), outcome: .committed(bea)),
        Case(
            name: "a stale form holding the draft's values is committed",
            state: state(draft: Draft(profile: ada, version: 3), counter: 3), fields: ada, expectedVersion: 1,
            write: .commit(ada), outcome: .committed(ada)),
        Case(
            name: "a stale form that differs is a conflict",
            state: state(draft: Draft(profile: ada, version: 3), counter: 3), fields: bea, expectedVersion: 2,
            write: .nothing, outcome: .conflict(Draft(profile: ada, version: 3))),
        Case(
            name: "with no draft, the committed profile's version is committed",
            state: state(draft: nil, counter: 4, profile: ada), fields: bea, expectedVersion: 4, write: .commit(bea),
            outcome: .committed(bea)),
        Case(
            name: "a Done with nothing changed writes nothing, so other tabs stay current",
            state: state(draft: nil, counter: 4, profile: ada), fields: ada, expectedVersion: 4, write: .nothing,
            outcome: .committed(ada)),
        Case(
            name: "a repeated Done of the committed values changes nothing",
            state: state(draft: nil, counter: 4, profile: ada), fields: ada, expectedVersion: 3, write: .nothing,
            outcome: .committed(ada)),
        Case(
            name: "a finished draft's form that differs is not brought back",
            state: state(draft: nil, counter: 4, profile: ada), fields: bea, expectedVersion: 3, write: .nothing,
            outcome: .conflict(Draft(profile: ada, version: 4))),
        Case(
            name: "a new visitor's Done commits", state: state(draft: nil, counter: 0), fields: ada, expectedVersion: 0,
            write: .commit(ada), outcome: .committed(ada)),
    ]

    @Test(arguments: commits)
    func commit(_ row: Case) {
        let (write, outcome) = DraftRules.commit(row.fields, expectedVersion: row.expectedVersion, row.state)
        #expect(write == row.write)
        #expect(outcome == row.outcome)
    }

    @Test func cancelDiscardsUnlessAStaleTabWouldThrowAwayAnotherTabsEdits() {
        let edited = Self.state(draft: Draft(profile: Self.ada, version: 5), counter: 5)
        #expect(DraftRules.discard(expectedVersion: 5, edited) == (.discard, nil))
        #expect(DraftRules.discard(expectedVersion: nil, edited) == (.discard, nil))
        #expect(DraftRules.discard(expectedVersion: 4, edited) == (.nothing, Draft(profile: Self.ada, version: 5)))
        let unedited = Self.state(draft: Draft(profile: Self.defaults, version: 5), counter: 5)
        #expect(DraftRules.discard(expectedVersion: 4, unedited) == (.discard, nil))
        // No draft stored (the editor only opened): the counter still moves on, so Back and Done is stale.
        let none = Self.state(draft: nil, counter: 5)
        #expect(DraftRules.discard(expectedVersion: 5, none) == (.discard, nil))
    }

    @Test func openingResumesTheDraftOrShowsTheProfileUnderItsCurrentVersion() {
        let resumed = Draft(profile: Self.ada, version: 2)
        #expect(DraftRules.open(Self.state(draft: resumed, counter: 2)) == resumed)
        #expect(DraftRules.open(Self.state(draft: nil, counter: 2)) == Draft(profile: Self.defaults, version: 2))
    }
}
