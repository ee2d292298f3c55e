import AtlasCore

/// `ProfileStore` on SQLite: each write is one `BEGIN IMMEDIATE` transaction on the writer
/// (docs/field-cases.md B22), the state read under the write lock and `DraftRules` applied there, and
/// counted in `rowsCache` once committed; reads come from `rowsCache`, or one read transaction on the pool.
struct SQLiteProfileStore: ProfileStore {
    let writer: Database
    let reads: SQLiteReadPool
    /// Every process on the file counts its writes there, so kept rows are never another's stale ones.
    let rowsCache: VisitorRowsCache

    func profile(_ sessionHash: [UInt8]) throws -> Profile? {
        try rows(sessionHash).state?.profile
    }

    func draft(_ sessionHash: [UInt8]) throws -> Draft? {
        try rows(sessionHash).state?.draft
    }

    func favorites(_ sessionHash: [UInt8]) throws -> [Favorite] {
        try rows(sessionHash).favorites
    }

    func visitorRows(_ sessionHash: [UInt8]) throws -> VisitorRows {
        let rows = try rows(sessionHash)
        return VisitorRows(profile: rows.state?.profile, draft: rows.state?.draft, favorites: rows.favorites)
    }

    /// The visitor's state and stars, kept or read in one transaction (so consistent with each other).
    private func rows(_ sessionHash: [UInt8]) throws -> VisitorRowsCache.Rows {
        try rowsCache.rows(of: sessionHash) {
            try reads.read { database in
                try database.transaction(.deferred) { database in
                    VisitorRowsCache.Rows(
                        state: try Self.state(database, sessionHash),
                        favorites: try Self.favorites(database, sessionHash))
                }
            }
        }
    }

    /// `body`, a write transaction on `sessionHash`'s rows, then counted as a change (even when it threw:
    /// an extra read is harmless, a missed change is not).
    private func writing<T>(_ sessionHash: [UInt8], _ body: (Database) throws -> T) throws -> T {
        defer { rowsCache.changed(sessionHash) }
        return try writer.transaction(.immediate, body)
    }

    /// The visitor's stars, oldest first.
    private static func favorites(_ database: Database, _ sessionHash: [UInt8]) throws -> [Favorite] {
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

    func ensureProfile(_ visitor: VisitorContext) throws -> Profile {
        if let profile = try profile(visitor.sessionHash) { return profile }
        return try writing(visitor.sessionHash) { database in try Self.ensureState(database, visitor).profile }
    }

    func existingDraft(_ sessionHash: [UInt8]) throws -> (profile: Profile, draft: Draft)? {
        try rows(sessionHash).state.map { ($0.profile, DraftRules.open($0)) }
    }

    func openDraft(_ visitor: VisitorContext) throws -> (profile: Profile, draft: Draft) {
        // One read; the write lock only for a visitor without a profile.
        if let opened = try existingDraft(visitor.sessionHash) { return opened }
        let state = try writing(visitor.sessionHash) { database in try Self.ensureState(database, visitor) }
        return (state.profile, DraftRules.open(state))
    }

    func saveDraft(_ visitor: VisitorContext, expectedVersion: Int64, checking check: (Profile) -> Profile?) throws
        -> SubmitResult
    {
        try submit(visitor, check) { DraftRules.save($0, expectedVersion: expectedVersion, $1) }
    }

    func commitDraft(_ visitor: VisitorContext, expectedVersion: Int64, checking check: (Profile) -> Profile?) throws
        -> SubmitResult
    {
        try submit(visitor, check) { DraftRules.commit($0, expectedVersion: expectedVersion, $1) }
    }

    /// A Save or Done in one transaction: the state under the lock, `check`, `decide`, its write.
    private func submit(
        _ visitor: VisitorContext, _ check: (Profile) -> Profile?,
        _ decide: (Profile, DraftRules.State) -> (write: DraftRules.Write, outcome: DraftOutcome)
    ) throws -> SubmitResult {
        try writing(visitor.sessionHash) { database in
            let state = try Self.ensureState(database, visitor)
            guard let fields = check(state.profile) else { return SubmitResult(committed: state.profile, outcome: nil) }
            let (write, outcome) = decide(fields, state)
            try Self.apply(write, state, visitor, database)
            return SubmitResult(committed: state.profile, outcome: outcome)
        }
    }

    func discardDraft(_ visitor: VisitorContext, expectedVersion: Int64?) throws -> Draft? {
        try writing(visitor.sessionHash) { database in
            let state = try Self.ensureState(database, visitor)
            let (write, newer) = DraftRules.discard(expectedVersion: expectedVersion, state)
            try Self.apply(write, state, visitor, database)
            return newer
        }
    }

    func setFavorite(_ visitor: VisitorContext, countryID: String, name: String, starred: Bool) throws {
        try writing(visitor.sessionHash) { database in
            _ = try Self.ensureState(database, visitor)
            let statement = try database.prepare(
                starred
                    ? "INSERT INTO favorites (session_hash, country_id, starred_at, name) VALUES (?1, ?2, ?3, ?4) "
                        + "ON CONFLICT DO UPDATE SET name = excluded.name"
                    : "DELETE FROM favorites WHERE session_hash = ?1 AND country_id = ?2")
            try statement.bind(visitor.sessionHash, at: 1)
            try statement.bind(countryID, at: 2)
            if starred {
                try statement.bind(visitor.now, at: 3)
                try statement.bind(name, at: 4)
            }
            try statement.run()
            try Self.recordWrite(database, visitor)
        }
    }

    func toggleFavorite(_ visitor: VisitorContext, countryID: String, name: String) throws -> Bool {
        try writing(visitor.sessionHash) { database in
            _ = try Self.ensureState(database, visitor)
            let delete = try database.prepare(
                "DELETE FROM favorites WHERE session_hash = ?1 AND country_id = ?2 RETURNING country_id")
            defer { delete.reset() }
            try delete.bind(visitor.sessionHash, at: 1)
            try delete.bind(countryID, at: 2)
            let wasStarred = try delete.step()
            delete.reset()
            try Self.recordWrite(database, visitor)
            if wasStarred { return false }
            let insert = try database.prepare(
                "INSERT INTO favorites (session_hash, country_id, starred_at, name) VALUES (?1, ?2, ?3, ?4)")
            try insert.bind(visitor.sessionHash, at: 1)
            try insert.bind(countryID, at: 2)
            try insert.bind(visitor.now, at: 3)
            try insert.bind(name, at: 4)
            try insert.run()
            return true
        }
    }

    func touch(_ sessionHash: [UInt8], now: Int64) throws {
        try writer.withConnection { database in
            try Self.recordVisit(database, VisitorContext(sessionHash: sessionHash, now: now))
        }
    }

    func pruneProfiles(seenBefore: Int64, defaultsOnlySeenBefore: Int64) throws -> Int {
        let pruned = try writer.transaction(waitsForLock: false) { database in
            // Drafts and favourites go with their profile (ON DELETE CASCADE).
            let delete = try database.prepare(
                """
                DELETE FROM profiles WHERE last_seen_at < ?1
                    OR (last_seen_at < ?2 AND committed_at IS NULL
                        AND NOT EXISTS (SELECT 1 FROM drafts d WHERE d.session_hash = profiles.session_hash)
                        AND NOT EXISTS (SELECT 1 FROM favorites f WHERE f.session_hash = profiles.session_hash))
                RETURNING 1
                """)
            defer { delete.reset() }
            try delete.bind(seenBefore, at: 1)
            try delete.bind(defaultsOnlySeenBefore, at: 2)
            var count = 0
            while try delete.step() { count += 1 }
            return count
        }
        // Every process's kept rows are read again, only when a profile went.
        if pruned > 0 { rowsCache.changedAll() }
        return pruned
    }

    // MARK: Rows

    /// The visitor's profile, counter and draft in one read; `nil` without a profile.
    private static func state(_ database: Database, _ sessionHash: [UInt8]) throws -> DraftRules.State? {
        let select = try database.prepare(
            """
            SELECT p.username, p.notifications, p.season, p.goal_date, p.draft_counter,
                d.username, d.notifications, d.season, d.goal_date, d.version
            FROM profiles p LEFT JOIN drafts d ON d.session_hash = p.session_hash
            WHERE p.session_hash = ?1
            """)
        defer { select.reset() }
        try select.bind(sessionHash, at: 1)
        guard try select.step() else { return nil }
        let profile = try profile(from: select, at: 0, table: "profiles")
        guard let counter = select.int64(at: 4) else { throw StoreError.corruptRow("profiles: draft_counter is NULL") }
        var draft: Draft?
        if let version = select.int64(at: 9) {
            draft = Draft(profile: try Self.profile(from: select, at: 5, table: "drafts"), version: version)
        }
        return DraftRules.State(profile: profile, draft: draft, draftCounter: counter)
    }

    /// The visitor's state, creating a profile of the defaults when missing (if `admitsNewVisitor`).
    private static func ensureState(_ database: Database, _ visitor: VisitorContext) throws -> DraftRules.State {
        if let state = try state(database, visitor.sessionHash) { return state }
        guard visitor.admitsNewVisitor() else { throw StoreError.newVisitorRefused }
        let profile = Profile.defaults(createdOn: CalendarDate(utcMillisecondsSinceEpoch: visitor.now))
        let insert = try database.prepare(
            """
            INSERT INTO profiles (session_hash, username, notifications, season, goal_date, created_at, last_seen_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)
            """)
        try insert.bind(visitor.sessionHash, at: 1)
        try bind(profile, to: insert, from: 2)
        try insert.bind(visitor.now, at: 6)
        try insert.run()
        return DraftRules.State(profile: profile, draft: nil, draftCounter: 0)
    }

    /// Applies a `DraftRules` write: each takes `state.nextVersion` and records the visit.
    private static func apply(
        _ write: DraftRules.Write, _ state: DraftRules.State, _ visitor: VisitorContext, _ database: Database
    ) throws {
        let hash = visitor.sessionHash
        switch write {
        case .nothing:
            return
        case .draft(let fields):
            let upsert = try database.prepare(
                """
                INSERT INTO drafts (session_hash, username, notifications, season, goal_date, version)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                ON CONFLICT (session_hash) DO UPDATE SET username = excluded.username,
                    notifications = excluded.notifications, season = excluded.season,
                    goal_date = excluded.goal_date, version = excluded.version
                """)
            try upsert.bind(hash, at: 1)
            try bind(fields, to: upsert, from: 2)
            try upsert.bind(state.nextVersion, at: 6)
            try upsert.run()
            try advanceCounter(database, visitor, to: state.nextVersion)
        case .commit(let fields):
            let update = try database.prepare(commitStatement)
            try update.bind(hash, at: 1)
            try bind(fields, to: update, from: 2)
            try update.bind(state.nextVersion, at: 6)
            try update.bind(visitor.now, at: 7)
            try update.run()
            try deleteDraft(database, hash)
        case .discard:
            try deleteDraft(database, hash)
            try advanceCounter(database, visitor, to: state.nextVersion)
        }
    }

    /// A Done: the profile of ?1 becomes ?2…?5 at version ?6, committed at ?7.
    private static let commitStatement = """
        UPDATE profiles SET username = ?2, notifications = ?3, season = ?4, goal_date = ?5,
            draft_counter = ?6, committed_at = ?7, last_seen_at = \(LastSeen.value(at: "?7"))
        WHERE session_hash = ?1
        """

    private static func recordVisit(_ database: Database, _ visitor: VisitorContext) throws {
        try recordTime(database, visitor, visitStatement)
    }

    /// A star's time (`LastSeen`'s rule for writes).
    private static func recordWrite(_ database: Database, _ visitor: VisitorContext) throws {
        try recordTime(database, visitor, writeStatement)
    }

    private static let visitStatement =
        "UPDATE profiles SET last_seen_at = ?2 WHERE session_hash = ?1 AND \(LastSeen.visitMoves("?2"))"
    private static let writeStatement =
        "UPDATE profiles SET last_seen_at = ?2 WHERE session_hash = ?1 AND \(LastSeen.writeMoves("?2"))"

    private static func recordTime(_ database: Database, _ visitor: VisitorContext, _ sql: String) throws {
        let update = try database.prepare(sql)
        try update.bind(visitor.sessionHash, at: 1)
        try update.bind(visitor.now, at: 2)
        try update.run()
    }

    private static let advanceCounterStatement =
        "UPDATE profiles SET draft_counter = ?2, last_seen_at = \(LastSeen.value(at: "?3")) WHERE session_hash = ?1"

    private static func advanceCounter(_ database: Database, _ visitor: VisitorContext, to version: Int64) throws {
        let update = try database.prepare(advanceCounterStatement)
        try update.bind(visitor.sessionHash, at: 1)
        try update.bind(version, at: 2)
        try update.bind(visitor.now, at: 3)
        try update.run()
    }

    private static func deleteDraft(_ database: Database, _ sessionHash: [UInt8]) throws {
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

    /// The four profile columns from `first` of the current row.
    private static func profile(from statement: Statement, at first: Int32, table: String) throws -> Profile {
        guard let username = statement.string(at: first), let notifications = statement.int64(at: first + 1),
            let season = statement.string(at: first + 2).flatMap(Season.init(rawValue:)),
            let goalDate = statement.string(at: first + 3).flatMap(CalendarDate.init(iso:))
        else { throw StoreError.corruptRow("\(table): a field is NULL or not a valid value") }
        return Profile(username: username, notifications: notifications != 0, season: season, goalDate: goalDate)
    }
}
