import AtlasCore

/// The draft editor's conflict rules (docs/design.md, "The profile and its draft") as pure functions of
/// the state read under the visitor's row lock, so SQLite and PostgreSQL cannot disagree.
///
/// Every draft write, commit and cancel takes the next version (`draftCounter + 1`), so a version never
/// names two states. With no draft stored, the editor shows the committed profile under `draftCounter`:
/// opening writes nothing, and the first Save stores the draft.
public enum DraftRules {
    /// What is stored for one visitor.
    public struct State: Sendable, Equatable {
        /// The committed profile.
        public var profile: Profile
        /// The draft, if any.
        public var draft: Draft?
        /// The last version handed out (0: none yet).
        public var draftCounter: Int64

        /// A state from its parts.
        public init(profile: Profile, draft: Draft?, draftCounter: Int64) {
            self.profile = profile
            self.draft = draft
            self.draftCounter = draftCounter
        }

        /// The version the next write takes.
        public var nextVersion: Int64 { draftCounter + 1 }
    }

    /// The write a decision asks for; every case but `.nothing` takes `State.nextVersion`.
    public enum Write: Sendable, Equatable {
        /// Nothing changes.
        case nothing
        /// Store these fields as the draft, under the next version.
        case draft(Profile)
        /// Copy these fields into the profile and delete the draft (the counter moves on).
        case commit(Profile)
        /// Delete the draft, if any; the counter moves on, so every form shown so far is stale.
        case discard
    }

    /// The editor opened: the stored draft, or the committed profile under `draftCounter`. Never a write.
    public static func open(_ state: State) -> Draft {
        state.draft ?? Draft(profile: state.profile, version: state.draftCounter)
    }

    /// Save: `fields` become the draft when `expectedVersion` names the stored draft or, with none,
    /// `draftCounter` (0 for a new visitor). Saving the stored values again keeps the version, so another
    /// tab's form stays current.
    public static func save(_ fields: Profile, expectedVersion: Int64, _ state: State) -> (
        write: Write, outcome: DraftOutcome
    ) {
        if let current = state.draft {
            if current.profile == fields { return (.nothing, .saved(current)) }
            if current.version == expectedVersion { return stored(fields, state) }
            return (.nothing, .conflict(current))
        }
        // The committed values again (an undone change): nothing to store, the version stays.
        if state.profile == fields { return (.nothing, .saved(open(state))) }
        if namesTheProfile(expectedVersion, state) { return stored(fields, state) }
        return conflictWithoutDraft(state)
    }

    /// Done: `fields` are committed when `expectedVersion` names the stored draft (or it holds `fields`)
    /// or, with none, `draftCounter`. Done of the committed values with no draft changes nothing; a stale
    /// form that differs is a conflict (a cancelled or finished draft never comes back).
    public static func commit(_ fields: Profile, expectedVersion: Int64, _ state: State) -> (
        write: Write, outcome: DraftOutcome
    ) {
        if let current = state.draft {
            if current.version == expectedVersion || current.profile == fields {
                return (.commit(fields), .committed(fields))
            }
            return (.nothing, .conflict(current))
        }
        // A repeated Done, or nothing changed: no other tab's form is made stale.
        if state.profile == fields { return (.nothing, .committed(state.profile)) }
        if namesTheProfile(expectedVersion, state) { return (.commit(fields), .committed(fields)) }
        return conflictWithoutDraft(state)
    }

    /// Cancel: the draft goes and every version so far is stale, unless a stale tab's Cancel would throw
    /// away edits another tab saved since. `expectedVersion` `nil` always discards. With no draft the
    /// counter still moves, so the cancelled form, shown again by Back, cannot be sent as Done (B18).
    /// - Returns: the write, and the newer draft when nothing was discarded.
    public static func discard(expectedVersion: Int64?, _ state: State) -> (write: Write, newer: Draft?) {
        if let expectedVersion, let current = state.draft, current.version != expectedVersion,
            current.profile != state.profile
        {
            return (.nothing, current)
        }
        return (.discard, nil)
    }

    private static func namesTheProfile(_ expectedVersion: Int64, _ state: State) -> Bool {
        state.draft == nil && expectedVersion == state.draftCounter
    }

    private static func stored(_ fields: Profile, _ state: State) -> (write: Write, outcome: DraftOutcome) {
        (.draft(fields), .saved(Draft(profile: fields, version: state.nextVersion)))
    }

    /// A stale form with no draft: the committed profile under the current version, so the conflict
    /// page's form can be sent again as a deliberate overwrite.
    private static func conflictWithoutDraft(_ state: State) -> (write: Write, outcome: DraftOutcome) {
        (.nothing, .conflict(open(state)))
    }
}
