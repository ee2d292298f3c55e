import AtlasCore

/// `ProfileStore` in the SQLite tables of `Migration.profileTables`. Every method is one transaction;
/// those that may write take the write lock at `BEGIN IMMEDIATE` (docs/field-cases.md B22).
public struct SQLiteProfileStore: ProfileStore {
    private let database: Database

    /// A store on an open, migrated database.
    public init(database: Database) { self.database = database }

    /// The committed profile, or `nil` for a visitor who has none yet. Never writes.
    /// - Throws: `StoreError`.
    public func profile(_ sessionHash: [UInt8]) throws -> Profile? {
        try database.transaction(.deferred) { database in try readProfile(database, sessionHash) }
    }

    /// The committed profile, created with the defaults for the UTC day of `now` (ms since the epoch)
    /// when the visitor has none yet.
    /// - Throws: `StoreError`.
    public func ensureProfile(_ sessionHash: [UInt8], now: Int64) throws -> Profile {
        try database.transaction { database in try ensureProfile(database, sessionHash, now: now) }
    }

    /// The visitor's draft, or `nil`. Never writes.
    /// - Throws: `StoreError`.
    public func draft(_ sessionHash: [UInt8]) throws -> Draft? {
        try database.transaction(.deferred) { database in try readDraft(database, sessionHash) }
    }

    /// The committed profile and the draft for the editor: an existing draft is resumed, otherwise one
    /// is created from the committed profile (which is created first if needed).
    /// - Throws: `StoreError`.
    public func openDraft(_ sessionHash: [UInt8], now: Int64) throws -> (profile: Profile, draft: Draft) {
        try database.transaction { database in
            let profile = try ensureProfile(database, sessionHash, now: now)
            if let draft = try readDraft(database, sessionHash) { return (profile, draft) }
            return (profile, try writeDraft(database, sessionHash, profile))
        }
    }

    /// Stores `fields` as the draft when `expectedVersion` is the stored draft's version, or is 0 and
    /// the visitor never had a draft (the editor a new visitor was shown before anything was stored).
    /// - Returns: `.saved` with the new version; `.saved` with the stored draft when a stale form
    ///   carries exactly its values (a repeated submit); `.conflict` with the newer draft otherwise.
    /// - Throws: `StoreError`.
    public func saveDraft(_ sessionHash: [UInt8], _ fields: Profile, expectedVersion: Int64, now: Int64) throws
        -> DraftOutcome
    {
        try database.transaction { database in
            let profile = try ensureProfile(database, sessionHash, now: now)
            let current = try readDraft(database, sessionHash)
            // A save that changes nothing keeps the version, so another tab's form stays current.
            if let current, current.profile == fields { return .saved(current) }
            if let current, current.version == expectedVersion {
                return .saved(try writeDraft(database, sessionHash, fields))
            }
            if current == nil, try namesTheFirstDraft(database, sessionHash, expectedVersion) {
                return .saved(try writeDraft(database, sessionHash, fields))
            }
            if current == nil, profile == fields { return .saved(try writeDraft(database, sessionHash, fields)) }
            return .conflict(try current ?? writeDraft(database, sessionHash, profile))
        }
    }

    /// Done: when `expectedVersion` is the stored draft's version (or the stored draft already holds
    /// `fields`, or it is 0 and the visitor never had a draft), writes `fields` into the draft, copies the draft into the profile and deletes the
    /// draft, all in this one transaction. A repeated Done of the committed values changes nothing.
    /// - Returns: `.committed` with the profile now; `.conflict` with the newer draft when the form is
    ///   stale and differs (a cancelled or finished draft is never brought back).
    /// - Throws: `StoreError`.
    public func commitDraft(_ sessionHash: [UInt8], _ fields: Profile, expectedVersion: Int64, now: Int64) throws
        -> DraftOutcome
    {
        try database.transaction { database in
            let profile = try ensureProfile(database, sessionHash, now: now)
            let current = try readDraft(database, sessionHash)
            let isCurrent =
                if let current {
                    current.version == expectedVersion || current.profile == fields
                } else {
                    try namesTheFirstDraft(database, sessionHash, expectedVersion)
                }
            if isCurrent {
                _ = try writeDraft(database, sessionHash, fields)
                let copy = try database.prepare(
                    """
                    UPDATE profiles SET (username, notifications, season, goal_date) =
                        (SELECT username, notifications, season, goal_date FROM drafts WHERE session_hash = ?1)
                    WHERE session_hash = ?1
                    """)
                try copy.bind(sessionHash, at: 1)
                try copy.run()
                try deleteDraft(database, sessionHash)
                return .committed(fields)
            }
            if current == nil, profile == fields { return .committed(profile) }
            return .conflict(try current ?? writeDraft(database, sessionHash, profile))
        }
    }

    /// Cancel: deletes the draft, if any, and makes every version handed out so far stale; the committed
    /// profile's fields are not written (it is created with the defaults only when the visitor had none).
    /// - Throws: `StoreError`.
    public func discardDraft(_ sessionHash: [UInt8], expectedVersion: Int64?, now: Int64) throws -> Draft? {
        try database.transaction { database in
            let profile = try ensureProfile(database, sessionHash, now: now)
            // A stale tab's Cancel must not throw away edits another tab saved since.
            if let expectedVersion, let current = try readDraft(database, sessionHash),
                current.version != expectedVersion, current.profile != profile
            {
                return current
            }
            try deleteDraft(database, sessionHash)
            // Every form shown so far is stale now, also a new visitor's version 0 (Back after Cancel
            // must not commit it); only the counter moves, the profile's fields stay as they were.
            let retire = try database.prepare(
                "UPDATE profiles SET draft_counter = draft_counter + 1 WHERE session_hash = ?1")
            try retire.bind(sessionHash, at: 1)
            try retire.run()
            return nil
        }
    }

    /// Stars `countryID` (`starred` true, keeping the first star's time and remembering `name`) or
    /// unstars it; doing it again changes nothing but the remembered name.
    /// - Throws: `StoreError`.
    public func setFavorite(_ sessionHash: [UInt8], countryID: String, name: String, starred: Bool, now: Int64)
        throws
    {
        try database.transaction { database in
            _ = try ensureProfile(database, sessionHash, now: now)
            let statement = try database.prepare(
                starred
                    ? "INSERT INTO favorites (session_hash, country_id, starred_at, name) VALUES (?1, ?2, ?3, ?4) "
                        + "ON CONFLICT DO UPDATE SET name = excluded.name"
                    : "DELETE FROM favorites WHERE session_hash = ?1 AND country_id = ?2")
            try statement.bind(sessionHash, at: 1)
            try statement.bind(countryID, at: 2)
            if starred {
                try statement.bind(now, at: 3)
                try statement.bind(name, at: 4)
            }
            try statement.run()
        }
    }

    /// Stars `countryID` (remembering `name`) when it is not starred, unstars it when it is.
    /// - Returns: whether the country is starred now.
    /// - Throws: `StoreError`.
    public func toggleFavorite(_ sessionHash: [UInt8], countryID: String, name: String, now: Int64) throws -> Bool {
        try database.transaction { database in
            _ = try ensureProfile(database, sessionHash, now: now)
            let delete = try database.prepare(
                "DELETE FROM favorites WHERE session_hash = ?1 AND country_id = ?2 RETURNING country_id")
            defer { delete.reset() }
            try delete.bind(sessionHash, at: 1)
            try delete.bind(countryID, at: 2)
            let wasStarred = try delete.step()
            delete.reset()
            if wasStarred { return false }
            let insert = try database.prepare(
                "INSERT INTO favorites (session_hash, country_id, starred_at, name) VALUES (?1, ?2, ?3, ?4)")
            try insert.bind(sessionHash, at: 1)
            try insert.bind(countryID, at: 2)
            try insert.bind(now, at: 3)
            try insert.bind(name, at: 4)
            try insert.run()
            return true
        }
    }

    /// The starred countries, oldest star first. Never writes.
    /// - Throws: `StoreError`.
    public func favorites(_ sessionHash: [UInt8]) throws -> [Favorite] {
        // One statement reads one consistent state on its own: no BEGIN and COMMIT to run around it.
        try database.withConnection { database in
            let select = try database.prepare(
                "SELECT country_id, name FROM favorites WHERE session_hash = ?1 ORDER BY starred_at, country_id")
            defer { select.reset() }
            try select.bind(sessionHash, at: 1)
            var favorites: [Favorite] = []
            while try select.step() {
                favorites.append(Favorite(countryID: select.string(at: 0) ?? "", name: select.string(at: 1)))
            }
            return favorites
        }
    }

    private func readProfile(_ database: Database, _ sessionHash: [UInt8]) throws -> Profile? {
        let select = try database.prepare(
            "SELECT username, notifications, season, goal_date FROM profiles WHERE session_hash = ?1")
        defer { select.reset() }
        try select.bind(sessionHash, at: 1)
        guard try select.step() else { return nil }
        return try SQLiteProfileStore.profile(from: select, table: "profiles")
    }

    private func readDraft(_ database: Database, _ sessionHash: [UInt8]) throws -> Draft? {
        let select = try database.prepare(
            "SELECT username, notifications, season, goal_date, version FROM drafts WHERE session_hash = ?1")
        defer { select.reset() }
        try select.bind(sessionHash, at: 1)
        guard try select.step() else { return nil }
        guard let version = select.int64(at: 4) else { throw StoreError.corruptRow("drafts: version is NULL") }
        return Draft(profile: try SQLiteProfileStore.profile(from: select, table: "drafts"), version: version)
    }

    private func ensureProfile(_ database: Database, _ sessionHash: [UInt8], now: Int64) throws -> Profile {
        if let profile = try readProfile(database, sessionHash) { return profile }
        let profile = Profile.defaults(createdOn: CalendarDate(utcMillisecondsSinceEpoch: now))
        let insert = try database.prepare(
            """
            INSERT INTO profiles (session_hash, username, notifications, season, goal_date, created_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            """)
        try insert.bind(sessionHash, at: 1)
        try SQLiteProfileStore.bind(profile, to: insert, from: 2)
        try insert.bind(now, at: 6)
        try insert.run()
        return profile
    }

    /// Writes `fields` as the draft under the next version from the profile's counter.
    private func writeDraft(_ database: Database, _ sessionHash: [UInt8], _ fields: Profile) throws -> Draft {
        let bump = try database.prepare(
            "UPDATE profiles SET draft_counter = draft_counter + 1 WHERE session_hash = ?1 RETURNING draft_counter")
        defer { bump.reset() }
        try bump.bind(sessionHash, at: 1)
        guard try bump.step(), let version = bump.int64(at: 0) else {
            throw StoreError.corruptRow("profiles: no row to hold a draft")
        }
        bump.reset()
        let upsert = try database.prepare(
            """
            INSERT INTO drafts (session_hash, username, notifications, season, goal_date, version)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            ON CONFLICT (session_hash) DO UPDATE SET username = excluded.username,
                notifications = excluded.notifications, season = excluded.season,
                goal_date = excluded.goal_date, version = excluded.version
            """)
        try upsert.bind(sessionHash, at: 1)
        try SQLiteProfileStore.bind(fields, to: upsert, from: 2)
        try upsert.bind(version, at: 6)
        try upsert.run()
        return Draft(profile: fields, version: version)
    }

    /// Whether `expectedVersion` is 0 and no draft was ever handed out: the form a new visitor was
    /// shown (the defaults, before anything was stored), so it is not stale.
    private func namesTheFirstDraft(_ database: Database, _ sessionHash: [UInt8], _ expectedVersion: Int64) throws
        -> Bool
    {
        guard expectedVersion == 0 else { return false }
        let select = try database.prepare("SELECT draft_counter FROM profiles WHERE session_hash = ?1")
        defer { select.reset() }
        try select.bind(sessionHash, at: 1)
        return try select.step() && select.int64(at: 0) == 0
    }

    private func deleteDraft(_ database: Database, _ sessionHash: [UInt8]) throws {
        let delete = try database.prepare("DELETE FROM drafts WHERE session_hash = ?1")
        try delete.bind(sessionHash, at: 1)
        try delete.run()
    }

    private static func bind(_ profile: Profile, to statement: Statement, from index: Int32) throws {
        try statement.bind(profile.username, at: index)
        try statement.bind(profile.notifications ? 1 : 0, at: index + 1)
        try statement.bind(profile.season.rawValue, at: index + 2)
        try statement.bind(profile.goalDate.iso, at: index + 3)
    }

    /// Reads columns 0–3 (username, notifications, season, goal_date) of the current row.
    private static func profile(from statement: Statement, table: String) throws -> Profile {
        guard let username = statement.string(at: 0), let notifications = statement.int64(at: 1),
            let season = statement.string(at: 2).flatMap(Season.init(rawValue:)),
            let goalDate = statement.string(at: 3).flatMap(CalendarDate.init(iso:))
        else { throw StoreError.corruptRow("\(table): a field is NULL or not a valid value") }
        return Profile(username: username, notifications: notifications != 0, season: season, goalDate: goalDate)
    }
}
