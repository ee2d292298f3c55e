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
    /// The form's version is stale and its values differ from the newer state: nothing was written
    /// except, when no draft existed, a fresh draft from the committed profile. The newer draft.
    case conflict(Draft)
}

/// Where the app keeps visitors' profiles, drafts and favourite countries, keyed by the SHA-256 of a
/// visitor's session id (`sessionHash`, 32 bytes). SQLite today (`SQLiteProfileStore`); another
/// database later behind the same protocol (docs/design.md "Beyond one machine").
public protocol ProfileStore: Sendable {
    /// The committed profile, or `nil` for a visitor who has none yet. Never writes.
    /// - Throws: `StoreError` when the store cannot be read.
    func profile(_ sessionHash: [UInt8]) throws -> Profile?

    /// The committed profile, created with the defaults for the UTC day of `now` (ms since the epoch)
    /// when the visitor has none yet.
    /// - Throws: `StoreError`.
    func ensureProfile(_ sessionHash: [UInt8], now: Int64) throws -> Profile

    /// The visitor's draft, or `nil`. Never writes.
    /// - Throws: `StoreError` when the store cannot be read.
    func draft(_ sessionHash: [UInt8]) throws -> Draft?

    /// The committed profile and the draft for the editor, atomically: an existing draft is resumed,
    /// otherwise one is created from the committed profile (created first if needed).
    /// - Throws: `StoreError`.
    func openDraft(_ sessionHash: [UInt8], now: Int64) throws -> (profile: Profile, draft: Draft)

    /// Save draft: stores `fields` as the draft when `expectedVersion` is the stored draft's version, or
    /// is 0 and the visitor never had a draft (an editor shown before anything was stored). Saving the
    /// stored values again keeps the version, so another tab's form stays current.
    /// - Returns: `.saved` with the new version; `.saved` with the stored draft when a stale form carries
    ///   exactly its values (a repeated submit); `.conflict` with the newer draft otherwise.
    /// - Throws: `StoreError`.
    func saveDraft(_ sessionHash: [UInt8], _ fields: Profile, expectedVersion: Int64, now: Int64) throws
        -> DraftOutcome

    /// Done: when `expectedVersion` is the stored draft's version (or the draft already holds `fields`, or
    /// it is 0 and the visitor never had a draft),
    /// writes `fields` into the draft, copies the draft into the profile and deletes the draft, atomically.
    /// - Returns: `.committed`, also for a repeated Done of the committed values (nothing changes then);
    ///   `.conflict` with the newer draft when the form is stale and differs (a cancelled or finished
    ///   draft is never brought back).
    /// - Throws: `StoreError`.
    func commitDraft(_ sessionHash: [UInt8], _ fields: Profile, expectedVersion: Int64, now: Int64) throws
        -> DraftOutcome

    /// Cancel: deletes the draft, if any, and makes every version handed out so far (also 0) stale; the
    /// committed profile's fields are not written (only created with the defaults when the visitor had none).
    /// With an `expectedVersion` that is stale while the stored draft holds edits (another tab saved
    /// them since), nothing is deleted.
    /// - Returns: `nil` when discarded; the newer draft when the form was stale.
    /// - Throws: `StoreError`.
    func discardDraft(_ sessionHash: [UInt8], expectedVersion: Int64?, now: Int64) throws -> Draft?

    /// Stars `countryID` (`starred` true), remembering `name` (the country's name now), or unstars it;
    /// doing it again changes nothing but the remembered name.
    /// - Throws: `StoreError`.
    func setFavorite(_ sessionHash: [UInt8], countryID: String, name: String, starred: Bool, now: Int64) throws

    /// Stars `countryID` (remembering `name`) when it is not starred, unstars it when it is.
    /// - Returns: whether the country is starred now.
    /// - Throws: `StoreError`.
    func toggleFavorite(_ sessionHash: [UInt8], countryID: String, name: String, now: Int64) throws -> Bool

    /// The starred countries, oldest star first. Never writes.
    /// - Throws: `StoreError` when the store cannot be read.
    func favorites(_ sessionHash: [UInt8]) throws -> [Favorite]
}
