import AtlasCore

/// A visitor's draft: the fields being edited and the version every submit must name.
public struct Draft: Sendable, Equatable {
    /// The edited fields.
    public var profile: Profile
    /// Grows on every write of the visitor's draft, never reused, so a form naming an older version is
    /// stale.
    public var version: Int64

    /// A draft from its fields and version.
    public init(profile: Profile, version: Int64) {
        self.profile = profile
        self.version = version
    }
}

/// A starred country: its canonical id and the name it had when it was starred.
public struct Favorite: Sendable, Equatable {
    /// The canonical country id, e.g. `kr`.
    public var countryID: String
    /// The disease.sh name when starred, e.g. `S. Korea`; `nil` for a star stored before names were.
    public var name: String?

    /// A star from its parts.
    public init(countryID: String, name: String?) {
        self.countryID = countryID
        self.name = name
    }
}

/// What became of a submitted draft.
public enum DraftOutcome: Sendable, Equatable {
    /// Stored as the draft (also a stale form with exactly the stored values): the draft now.
    case saved(Draft)
    /// Copied into the profile, the draft deleted (also a repeated submit of the committed values).
    case committed(Profile)
    /// The form is stale and differs from the newer state, so nothing was written: the newer draft (with
    /// none stored, the committed profile under its current version).
    case conflict(Draft)
}

/// What a Save or Done made of a form: the committed profile it was checked against (under the row
/// lock), and the outcome, `nil` when the check refused the form (a `422`).
public struct SubmitResult: Sendable, Equatable {
    /// The committed profile as it was when the form was checked.
    public var committed: Profile
    /// What became of the form; `nil` when it was refused.
    public var outcome: DraftOutcome?

    /// A result from its parts.
    public init(committed: Profile, outcome: DraftOutcome?) {
        self.committed = committed
        self.outcome = outcome
    }
}

/// Who writes and when, for every `ProfileStore` method that may write.
public struct VisitorContext: Sendable {
    /// SHA-256 of the visitor's session id (32 bytes): the key of their rows.
    public var sessionHash: [UInt8]
    /// The request's time, ms since the epoch: `last_seen_at`, and the day of a new profile's defaults.
    public var now: Int64
    /// Asked only when the write would create the visitor's first row (the per-address limit); `false`
    /// throws `StoreError.newVisitorRefused` with nothing written.
    public var admitsNewVisitor: @Sendable () -> Bool

    /// A context; by default every new visitor is admitted.
    public init(sessionHash: [UInt8], now: Int64, admitsNewVisitor: @escaping @Sendable () -> Bool = { true }) {
        self.sessionHash = sessionHash
        self.now = now
        self.admitsNewVisitor = admitsNewVisitor
    }
}

/// Visitors' profiles, drafts and favourite countries, keyed by the SHA-256 of the session id (32
/// bytes). Each method is one transaction applying `DraftRules` under the visitor's row lock, so the
/// rules hold across processes.
public protocol ProfileStore: Sendable {
    /// The committed profile, or `nil` for a visitor who has none yet. Never writes.
    /// - Throws: `StoreError` when the store cannot be read.
    func profile(_ sessionHash: [UInt8]) throws -> Profile?

    /// The committed profile, created with the defaults for the UTC day of `visitor.now` when missing.
    /// - Throws: `StoreError` (`.newVisitorRefused` when a first row was not admitted).
    func ensureProfile(_ visitor: VisitorContext) throws -> Profile

    /// The visitor's draft, or `nil`. Never writes.
    /// - Throws: `StoreError` when the store cannot be read.
    func draft(_ sessionHash: [UInt8]) throws -> Draft?

    /// The committed profile and the editor's draft (`DraftRules.open`) in one read, or `nil` when the
    /// visitor has no profile yet (`openDraft` creates it). Never writes.
    /// - Throws: `StoreError` when the store cannot be read.
    func existingDraft(_ sessionHash: [UInt8]) throws -> (profile: Profile, draft: Draft)?

    /// The committed profile and the editor's draft (`DraftRules.open`) in one read. Writes only to
    /// create a missing profile (under the new-visitor limit).
    /// - Throws: `StoreError`.
    func openDraft(_ visitor: VisitorContext) throws -> (profile: Profile, draft: Draft)

    /// Save (`DraftRules.save`) of what `check` makes of the form against the committed profile read
    /// under the row lock; creates the profile first when missing.
    /// - Parameter check: the form's fields, or `nil` to refuse them (nothing is written).
    /// - Returns: the committed profile and the outcome; no outcome when `check` refused.
    /// - Throws: `StoreError` (`.newVisitorRefused` when a first row was not admitted).
    func saveDraft(_ visitor: VisitorContext, expectedVersion: Int64, checking check: (Profile) -> Profile?) throws
        -> SubmitResult

    /// Done (`DraftRules.commit`) of what `check` makes of the form against the committed profile read
    /// under the row lock: writes the profile and deletes the draft. `check` must be pure: a store may
    /// call it twice (`PostgreSQLProfileStore`); the last call decides.
    /// - Returns: the committed profile checked against and the outcome; no outcome when `check` refused.
    /// - Throws: `StoreError` (`.newVisitorRefused` when a first row was not admitted).
    func commitDraft(_ visitor: VisitorContext, expectedVersion: Int64, checking check: (Profile) -> Profile?) throws
        -> SubmitResult

    /// Cancel (`DraftRules.discard`): deletes the draft and makes every version so far stale.
    /// - Returns: `nil` when discarded; the newer draft when the form was stale and it holds edits.
    /// - Throws: `StoreError`.
    func discardDraft(_ visitor: VisitorContext, expectedVersion: Int64?) throws -> Draft?

    /// Stars `countryID` (keeping the first star's time) remembering `name`, or unstars it; idempotent
    /// but for the name.
    /// - Throws: `StoreError`.
    func setFavorite(_ visitor: VisitorContext, countryID: String, name: String, starred: Bool) throws

    /// Stars `countryID` (remembering `name`) when it is not starred, unstars it when it is.
    /// - Returns: whether the country is starred now.
    /// - Throws: `StoreError`.
    func toggleFavorite(_ visitor: VisitorContext, countryID: String, name: String) throws -> Bool

    /// The starred countries, oldest star first. Never writes.
    /// - Throws: `StoreError` when the store cannot be read.
    func favorites(_ sessionHash: [UInt8]) throws -> [Favorite]

    /// What the profile page shows of the visitor, read together: on SQLite in one read transaction
    /// (one lock cycle instead of one per statement), so the rows are also consistent with each other.
    /// Never writes.
    /// - Throws: `StoreError` when the store cannot be read.
    func visitorRows(_ sessionHash: [UInt8]) throws -> VisitorRows

    /// Records a visit at `now` (ms since the epoch) for a visitor with a profile, so pruning keeps it;
    /// creates no row.
    /// - Throws: `StoreError`.
    func touch(_ sessionHash: [UInt8], now: Int64) throws

    /// Deletes the profiles (with drafts and stars) last seen before `seenBefore`, and those holding only
    /// the defaults last seen before `defaultsOnlySeenBefore`; both ms since the epoch.
    /// Background upkeep: on SQLite it does not wait for another process's write lock, so a visitor's
    /// write in this process never waits behind it.
    /// - Returns: how many profiles were deleted.
    /// - Throws: `StoreError` (`.busy` when another writer holds the lock: try again later).
    func pruneProfiles(seenBefore: Int64, defaultsOnlySeenBefore: Int64) throws -> Int
}

/// A visitor's profile, draft and stars as one read gave them (`ProfileStore.visitorRows`).
public struct VisitorRows: Sendable, Equatable {
    /// The committed profile; `nil` for a visitor who has none yet.
    public var profile: Profile?
    /// The stored draft; `nil` without one.
    public var draft: Draft?
    /// The starred countries, oldest star first.
    public var favorites: [Favorite]

    /// Rows from their parts.
    public init(profile: Profile?, draft: Draft?, favorites: [Favorite]) {
        self.profile = profile
        self.draft = draft
        self.favorites = favorites
    }
}

extension ProfileStore {
    /// `visitorRows` as three reads (a store across the network may answer them in any order).
    /// - Throws: `StoreError` when the store cannot be read.
    public func visitorRows(_ sessionHash: [UInt8]) throws -> VisitorRows {
        VisitorRows(
            profile: try profile(sessionHash), draft: try draft(sessionHash), favorites: try favorites(sessionHash))
    }
}
