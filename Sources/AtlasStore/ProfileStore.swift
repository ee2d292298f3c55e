import AtlasCore

/// A visitor's draft: the fields being edited and the version every submit must name.
public struct Draft: Sendable, Equatable {
    /// The edited fields.
    public var profile: Profile
    /// Grows on every write of this visitor's draft and is never reused, so a form naming an older
    /// version is stale (another tab saved, finished or cancelled since).
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
    /// The disease.sh name when it was starred, e.g. `S. Korea`; `nil` for a star stored before names were.
    public var name: String?

    /// A star from its parts.
    public init(countryID: String, name: String?) {
        self.countryID = countryID
        self.name = name
    }
}

/// What became of a submitted draft.
public enum DraftOutcome: Sendable, Equatable {
    /// Stored as the draft (also when a stale form carried exactly the stored values): the draft now.
    case saved(Draft)
    /// Copied into the profile and the draft deleted (also a repeated submit of the committed values).
    case committed(Profile)
    /// The form's version is stale and its values differ from the newer state: nothing was written.
    /// The newer draft (with no draft stored, the committed profile under its current version).
    case conflict(Draft)
}

/// What a Save or Done made of a form: the committed profile it was checked against (read under the
/// visitor's row lock), and the outcome, `nil` when the check refused the form and nothing was written
/// (a `422`).
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

/// Who writes and when: every `ProfileStore` method that may write names its visitor this way.
public struct VisitorContext: Sendable {
    /// SHA-256 of the visitor's session id (32 bytes): the key of their rows.
    public var sessionHash: [UInt8]
    /// The time of the request, ms since the epoch: the visitor's `last_seen_at`, and the creation
    /// day of a new profile's defaults.
    public var now: Int64
    /// Asked once, and only when the write would create the visitor's first row (the per-address limit
    /// on new visitors); `false` makes the write throw `StoreError.newVisitorRefused` with nothing
    /// written.
    public var admitsNewVisitor: @Sendable () -> Bool

    /// A context; by default every new visitor is admitted.
    public init(sessionHash: [UInt8], now: Int64, admitsNewVisitor: @escaping @Sendable () -> Bool = { true }) {
        self.sessionHash = sessionHash
        self.now = now
        self.admitsNewVisitor = admitsNewVisitor
    }
}

/// Where the app keeps visitors' profiles, drafts and favourite countries, keyed by the SHA-256 of a
/// visitor's session id (`sessionHash`, 32 bytes). Every method is one transaction; the conflict
/// rules are `DraftRules`, applied to the state read under the visitor's row lock, so they hold across
/// processes on one database. SQLite (`SQLiteStore`) or PostgreSQL (`PostgreSQLStore`).
public protocol ProfileStore: Sendable {
    /// The committed profile, or `nil` for a visitor who has none yet. Never writes.
    /// - Throws: `StoreError` when the store cannot be read.
    func profile(_ sessionHash: [UInt8]) throws -> Profile?

    /// The committed profile, created with the defaults for the UTC day of `visitor.now` when the
    /// visitor has none yet.
    /// - Throws: `StoreError` (`.newVisitorRefused` when a first row was not admitted).
    func ensureProfile(_ visitor: VisitorContext) throws -> Profile

    /// The visitor's draft, or `nil`. Never writes.
    /// - Throws: `StoreError` when the store cannot be read.
    func draft(_ sessionHash: [UInt8]) throws -> Draft?

    /// The committed profile and the draft for the editor, by `DraftRules.open`, in one read: an
    /// existing draft is resumed; otherwise the committed profile under its current version, stored as
    /// a draft only by a Save. Writes only to create the profile of a visitor who has none yet (under
    /// the new-visitor limit).
    /// - Throws: `StoreError`.
    func openDraft(_ visitor: VisitorContext) throws -> (profile: Profile, draft: Draft)

    /// Save draft, by `DraftRules.save`, of the fields `check` makes of the form against the committed
    /// profile read under the visitor's row lock (its goal date bounds the form's), in one transaction;
    /// the profile is created first for a visitor who has none.
    /// - Parameter check: the form's fields, or `nil` to refuse them (nothing is written then).
    /// - Returns: the committed profile and `.saved` with the new version; `.saved` with the stored
    ///   draft when a stale form carries exactly its values (a repeated submit); `.conflict` with the
    ///   newer draft otherwise; no outcome when `check` refused.
    /// - Throws: `StoreError` (`.newVisitorRefused` when a first row was not admitted).
    func saveDraft(_ visitor: VisitorContext, expectedVersion: Int64, checking check: (Profile) -> Profile?) throws
        -> SubmitResult

    /// Done, by `DraftRules.commit`, of the fields `check` makes of the form against the committed
    /// profile read under the row lock: writes them into the profile and deletes the draft, in one
    /// transaction. A store may first decide on a state it remembers and write only if the row still
    /// holds it (`PostgreSQLProfileStore`), so `check` (a pure function of the committed profile) may
    /// be called twice; the last call is the one the outcome was decided on.
    /// - Returns: the committed profile it was checked against and `.committed`, also for a repeated
    ///   Done of the committed values (nothing changes then); `.conflict` with the newer draft when the
    ///   form is stale and differs; no outcome when `check` refused.
    /// - Throws: `StoreError` (`.newVisitorRefused` when a first row was not admitted).
    func commitDraft(_ visitor: VisitorContext, expectedVersion: Int64, checking check: (Profile) -> Profile?) throws
        -> SubmitResult

    /// Cancel, by `DraftRules.discard`: deletes the draft and makes every version handed out so far
    /// stale; the committed profile's fields are not written.
    /// - Returns: `nil` when discarded; the newer draft when the form was stale and it holds edits.
    /// - Throws: `StoreError`.
    func discardDraft(_ visitor: VisitorContext, expectedVersion: Int64?) throws -> Draft?

    /// Stars `countryID` (`starred` true, keeping the first star's time), remembering `name` (the
    /// country's name now), or unstars it; doing it again changes nothing but the remembered name.
    /// - Throws: `StoreError`.
    func setFavorite(_ visitor: VisitorContext, countryID: String, name: String, starred: Bool) throws

    /// Stars `countryID` (remembering `name`) when it is not starred, unstars it when it is.
    /// - Returns: whether the country is starred now.
    /// - Throws: `StoreError`.
    func toggleFavorite(_ visitor: VisitorContext, countryID: String, name: String) throws -> Bool

    /// The starred countries, oldest star first. Never writes.
    /// - Throws: `StoreError` when the store cannot be read.
    func favorites(_ sessionHash: [UInt8]) throws -> [Favorite]

    /// Records that the visitor came back at `now` (ms since the epoch) when they have a profile, so
    /// pruning keeps it; no row is created.
    /// - Throws: `StoreError`.
    func touch(_ sessionHash: [UInt8], now: Int64) throws

    /// Deletes the profiles (with their drafts and stars) of visitors last seen before `seenBefore`, and
    /// those that only ever held the defaults (never committed, no draft, no star) last seen before
    /// `defaultsOnlySeenBefore`; both in ms since the epoch.
    /// - Returns: how many profiles were deleted.
    /// - Throws: `StoreError`.
    func pruneProfiles(seenBefore: Int64, defaultsOnlySeenBefore: Int64) throws -> Int
}
