import AtlasCore
import AtlasStore
import Routing

/// `ProfileStore` that never runs on an event loop: every call first asks `BlockingWork.check()`, so
/// a handler that reaches the store on a loop is run again on a worker thread (docs/architecture.md,
/// "The database never runs on an event loop"). The one place request code meets the profile store.
struct OffLoopProfileStore: ProfileStore {
    let base: any ProfileStore

    func profile(_ sessionHash: [UInt8]) throws -> Profile? {
        try BlockingWork.check()
        return try base.profile(sessionHash)
    }

    func ensureProfile(_ visitor: VisitorContext) throws -> Profile {
        try BlockingWork.check()
        return try base.ensureProfile(visitor)
    }

    func draft(_ sessionHash: [UInt8]) throws -> Draft? {
        try BlockingWork.check()
        return try base.draft(sessionHash)
    }

    func openDraft(_ visitor: VisitorContext) throws -> (profile: Profile, draft: Draft) {
        try BlockingWork.check()
        return try base.openDraft(visitor)
    }

    func saveDraft(_ visitor: VisitorContext, expectedVersion: Int64, checking check: (Profile) -> Profile?) throws
        -> SubmitResult
    {
        try BlockingWork.check()
        return try base.saveDraft(visitor, expectedVersion: expectedVersion, checking: check)
    }

    func commitDraft(_ visitor: VisitorContext, expectedVersion: Int64, checking check: (Profile) -> Profile?) throws
        -> SubmitResult
    {
        try BlockingWork.check()
        return try base.commitDraft(visitor, expectedVersion: expectedVersion, checking: check)
    }

    func discardDraft(_ visitor: VisitorContext, expectedVersion: Int64?) throws -> Draft? {
        try BlockingWork.check()
        return try base.discardDraft(visitor, expectedVersion: expectedVersion)
    }

    func setFavorite(_ visitor: VisitorContext, countryID: String, name: String, starred: Bool) throws {
        try BlockingWork.check()
        try base.setFavorite(visitor, countryID: countryID, name: name, starred: starred)
    }

    func toggleFavorite(_ visitor: VisitorContext, countryID: String, name: String) throws -> Bool {
        try BlockingWork.check()
        return try base.toggleFavorite(visitor, countryID: countryID, name: name)
    }

    func favorites(_ sessionHash: [UInt8]) throws -> [Favorite] {
        try BlockingWork.check()
        return try base.favorites(sessionHash)
    }

    func touch(_ sessionHash: [UInt8], now: Int64) throws {
        try BlockingWork.check()
        try base.touch(sessionHash, now: now)
    }

    func pruneProfiles(seenBefore: Int64, defaultsOnlySeenBefore: Int64) throws -> Int {
        try BlockingWork.check()
        return try base.pruneProfiles(seenBefore: seenBefore, defaultsOnlySeenBefore: defaultsOnlySeenBefore)
    }
}
