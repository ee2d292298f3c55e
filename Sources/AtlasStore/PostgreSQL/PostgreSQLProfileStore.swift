import AtlasCore

/// `ProfileStore` on PostgreSQL (`READ COMMITTED`).
///
/// A write first locks the visitor's profile row (`SELECT … FOR UPDATE`, or creates it), getting its
/// fields and `has_draft` in that round trip, then reads the draft if there is one: submits for one
/// visitor take turns and see each other's commits. `DraftRules` decides; the write goes with
/// `COMMIT`, so a Save or Cancel is two round trips.
///
/// A Done with no draft is usually one: decided on the state this process last saw
/// (`RememberedProfileStates`), it is an `UPDATE` that applies only if the row still holds that state;
/// otherwise it takes the locked path and the rules decide again.
struct PostgreSQLProfileStore: ProfileStore {
    let pool: PostgreSQLPool
    let remembered: RememberedProfileStates

    /// Every call but pruning serves a visitor: a silent server is a quick `503`.
    private var quick: Double { pool.options.requestAnswerTimeoutSeconds }

    func profile(_ sessionHash: [UInt8]) throws -> Profile? {
        try pool.withConnection(answerTimeout: quick) { connection in
            let rows = try connection.query(
                "SELECT username, notifications, season, goal_date FROM profiles WHERE session_hash = $1",
                [.bytes(sessionHash)])
            return rows.count == 0 ? nil : try Self.profile(rows, 0, from: 0, table: "profiles")
        }
    }

    func draft(_ sessionHash: [UInt8]) throws -> Draft? {
        try pool.withConnection(answerTimeout: quick) { connection in try Self.readDraft(connection, sessionHash) }
    }

    func favorites(_ sessionHash: [UInt8]) throws -> [Favorite] {
        try pool.withConnection(answerTimeout: quick) { connection in
            let rows = try connection.query(
                "SELECT country_id, name FROM favorites WHERE session_hash = $1 ORDER BY starred_at, country_id",
                [.bytes(sessionHash)])
            return (0..<rows.count).map { Favorite(countryID: rows.string($0, 0) ?? "", name: rows.string($0, 1)) }
        }
    }

    func ensureProfile(_ visitor: VisitorContext) throws -> Profile {
        try pool.transaction(answerTimeout: quick) { connection in try Self.lockProfile(connection, visitor).profile }
    }

    func existingDraft(_ sessionHash: [UInt8]) throws -> (profile: Profile, draft: Draft)? {
        // One statement, so one snapshot of both rows.
        let state = try pool.withConnection(answerTimeout: quick) { connection in
            try Self.readState(connection, sessionHash)
        }
        guard let state else { return nil }
        remembered.remember(state, of: sessionHash)
        return (state.profile, DraftRules.open(state))
    }

    func openDraft(_ visitor: VisitorContext) throws -> (profile: Profile, draft: Draft) {
        if let opened = try existingDraft(visitor.sessionHash) { return opened }
        // A transaction only for a visitor without a profile.
        let state = try pool.transaction(answerTimeout: quick) { connection in try Self.lockState(connection, visitor) }
        remembered.remember(state, of: visitor.sessionHash)
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
        if let result = try commitOnRememberedState(visitor, expectedVersion, check) { return result }
        return try submit(visitor, check) { DraftRules.commit($0, expectedVersion: expectedVersion, $1) }
    }

    /// A Done decided on the remembered state and written by one compare-and-set `UPDATE`; `nil` when
    /// nothing is remembered, a draft is, the rules would write nothing (decided on the row itself), or
    /// the row changed.
    private func commitOnRememberedState(
        _ visitor: VisitorContext, _ expectedVersion: Int64, _ check: (Profile) -> Profile?
    ) throws -> SubmitResult? {
        guard let state = remembered.state(of: visitor.sessionHash), state.draft == nil,
            let fields = check(state.profile)
        else { return nil }
        let (write, outcome) = DraftRules.commit(fields, expectedVersion: expectedVersion, state)
        guard case .commit(let committed) = write else { return nil }
        let parameters =
            [PostgreSQLValue.bytes(visitor.sessionHash)] + Self.values(committed)
            + [.integer(state.nextVersion), .integer(visitor.now), .integer(state.draftCounter)]
            + Self.values(state.profile)
        let updated = try pool.withConnection(answerTimeout: quick) { connection in
            try connection.query(Self.commitIfUnchangedStatement, parameters).affected
        }
        guard updated == 1 else {
            remembered.remember(nil, of: visitor.sessionHash)
            return nil
        }
        remembered.remember(
            DraftRules.State(profile: committed, draft: nil, draftCounter: state.nextVersion), of: visitor.sessionHash)
        return SubmitResult(committed: state.profile, outcome: outcome)
    }

    /// A Save or Done in one transaction: the state under the lock, `check`, `decide`, its write.
    private func submit(
        _ visitor: VisitorContext, _ check: (Profile) -> Profile?,
        _ decide: (Profile, DraftRules.State) -> (write: DraftRules.Write, outcome: DraftOutcome)
    ) throws -> SubmitResult {
        let (result, after) = try pool.transaction(answerTimeout: quick) { connection in
            let state = try Self.lockState(connection, visitor)
            guard let fields = check(state.profile) else {
                return (SubmitResult(committed: state.profile, outcome: nil), state)
            }
            let (write, outcome) = decide(fields, state)
            Self.apply(write, state, visitor, connection)
            return (SubmitResult(committed: state.profile, outcome: outcome), Self.state(after: write, state))
        }
        remembered.remember(after, of: visitor.sessionHash)
        return result
    }

    func discardDraft(_ visitor: VisitorContext, expectedVersion: Int64?) throws -> Draft? {
        let (newer, after) = try pool.transaction(answerTimeout: quick) { connection in
            let state = try Self.lockState(connection, visitor)
            let (write, newer) = DraftRules.discard(expectedVersion: expectedVersion, state)
            Self.apply(write, state, visitor, connection)
            return (newer, Self.state(after: write, state))
        }
        remembered.remember(after, of: visitor.sessionHash)
        return newer
    }

    func setFavorite(_ visitor: VisitorContext, countryID: String, name: String, starred: Bool) throws {
        try pool.transaction(answerTimeout: quick) { connection in
            _ = try Self.lockProfile(connection, visitor)
            Self.recordWrite(connection, visitor)
            if starred {
                connection.queryAtCommit(
                    "INSERT INTO favorites (session_hash, country_id, starred_at, name) VALUES ($1, $2, $3, $4) "
                        + "ON CONFLICT (session_hash, country_id) DO UPDATE SET name = excluded.name",
                    [.bytes(visitor.sessionHash), .text(countryID), .integer(visitor.now), .text(name)])
            } else {
                connection.queryAtCommit(
                    "DELETE FROM favorites WHERE session_hash = $1 AND country_id = $2",
                    [.bytes(visitor.sessionHash), .text(countryID)])
            }
        }
    }

    func toggleFavorite(_ visitor: VisitorContext, countryID: String, name: String) throws -> Bool {
        try pool.transaction(answerTimeout: quick) { connection in
            _ = try Self.lockProfile(connection, visitor)
            Self.recordWrite(connection, visitor)
            let deleted = try connection.query(
                "DELETE FROM favorites WHERE session_hash = $1 AND country_id = $2",
                [.bytes(visitor.sessionHash), .text(countryID)])
            if deleted.affected > 0 { return false }
            connection.queryAtCommit(
                "INSERT INTO favorites (session_hash, country_id, starred_at, name) VALUES ($1, $2, $3, $4)",
                [.bytes(visitor.sessionHash), .text(countryID), .integer(visitor.now), .text(name)])
            return true
        }
    }

    func touch(_ sessionHash: [UInt8], now: Int64) throws {
        _ = try pool.withConnection(answerTimeout: quick) { connection in
            try connection.query(Self.visitStatement, [.bytes(sessionHash), .integer(now)])
        }
    }

    func pruneProfiles(seenBefore: Int64, defaultsOnlySeenBefore: Int64) throws -> Int {
        // In the background, hourly, as long as statement_timeout allows.
        try pool.withConnection { connection in
            // Drafts and favourites go with their profile (ON DELETE CASCADE).
            try connection.query(
                """
                DELETE FROM profiles p WHERE p.last_seen_at < $1
                    OR (p.last_seen_at < $2 AND p.committed_at IS NULL
                        AND NOT EXISTS (SELECT 1 FROM drafts d WHERE d.session_hash = p.session_hash)
                        AND NOT EXISTS (SELECT 1 FROM favorites f WHERE f.session_hash = p.session_hash))
                """, [.integer(seenBefore), .integer(defaultsOnlySeenBefore)]
            ).affected
        }
    }

    // MARK: Rows

    /// Locks the visitor's profile row (`FOR UPDATE` waits for its holder, then returns the newest
    /// version) or creates it with the defaults (if `admitsNewVisitor`); returns its fields, counter and
    /// `has_draft`. A lock writes no row version: the write itself records the visit.
    private static func lockProfile(_ connection: PostgreSQLConnection, _ visitor: VisitorContext) throws -> (
        profile: Profile, counter: Int64, hasDraft: Bool
    ) {
        let columns = "username, notifications, season, goal_date, draft_counter, has_draft"
        let lock = "SELECT \(columns) FROM profiles WHERE session_hash = $1 FOR UPDATE"
        var rows = try connection.query(lock, [.bytes(visitor.sessionHash)])
        if rows.count == 0 {
            guard visitor.admitsNewVisitor() else { throw StoreError.newVisitorRefused }
            let defaults = Profile.defaults(createdOn: CalendarDate(utcMillisecondsSinceEpoch: visitor.now))
            rows = try connection.query(
                """
                INSERT INTO profiles (session_hash, username, notifications, season, goal_date, created_at, last_seen_at)
                VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (session_hash) DO NOTHING RETURNING \(columns)
                """, [.bytes(visitor.sessionHash)] + values(defaults) + [.integer(visitor.now)])
            // Another process created it meanwhile: lock that one.
            if rows.count == 0 { rows = try connection.query(lock, [.bytes(visitor.sessionHash)]) }
        }
        guard rows.count == 1, let counter = rows.int64(0, 4), let hasDraft = rows.bool(0, 5) else {
            throw StoreError.corruptRow("profiles: no row to lock after creating it")
        }
        return (try profile(rows, 0, from: 0, table: "profiles"), counter, hasDraft)
    }

    /// Queues a star's `last_seen_at` (`LastSeen`'s rule for writes) for the commit.
    private static func recordWrite(_ connection: PostgreSQLConnection, _ visitor: VisitorContext) {
        connection.queryAtCommit(writeStatement, [.bytes(visitor.sessionHash), .integer(visitor.now)])
    }

    /// A visit at $2 to the profile of $1 (`LastSeen`).
    private static let visitStatement =
        "UPDATE profiles SET last_seen_at = $2 WHERE session_hash = $1 AND \(LastSeen.visitMoves("$2::bigint"))"

    /// A star at $2 by the visitor of $1 (`LastSeen`).
    private static let writeStatement =
        "UPDATE profiles SET last_seen_at = $2 WHERE session_hash = $1 AND \(LastSeen.writeMoves("$2::bigint"))"

    private static func lockState(_ connection: PostgreSQLConnection, _ visitor: VisitorContext) throws
        -> DraftRules.State
    {
        let (profile, counter, hasDraft) = try lockProfile(connection, visitor)
        // A statement of its own after the lock: its snapshot includes the commit the lock waited for.
        let draft = hasDraft ? try readDraft(connection, visitor.sessionHash) : nil
        return DraftRules.State(profile: profile, draft: draft, draftCounter: counter)
    }

    /// The visitor's profile, counter and draft in one statement, without a lock; `nil` without a
    /// profile.
    private static func readState(_ connection: PostgreSQLConnection, _ sessionHash: [UInt8]) throws
        -> DraftRules.State?
    {
        let rows = try connection.query(
            """
            SELECT p.username, p.notifications, p.season, p.goal_date, p.draft_counter,
                d.username, d.notifications, d.season, d.goal_date, d.version
            FROM profiles p LEFT JOIN drafts d ON d.session_hash = p.session_hash
            WHERE p.session_hash = $1
            """, [.bytes(sessionHash)])
        guard rows.count > 0 else { return nil }
        guard let counter = rows.int64(0, 4) else { throw StoreError.corruptRow("profiles: draft_counter is NULL") }
        let draft = try rows.int64(0, 9).map { version in
            Draft(profile: try profile(rows, 0, from: 5, table: "drafts"), version: version)
        }
        return DraftRules.State(
            profile: try profile(rows, 0, from: 0, table: "profiles"), draft: draft, draftCounter: counter)
    }

    private static func readDraft(_ connection: PostgreSQLConnection, _ sessionHash: [UInt8]) throws -> Draft? {
        let rows = try connection.query(
            "SELECT username, notifications, season, goal_date, version FROM drafts WHERE session_hash = $1",
            [.bytes(sessionHash)])
        guard rows.count > 0 else { return nil }
        guard let version = rows.int64(0, 4) else { throw StoreError.corruptRow("drafts: version is NULL") }
        return Draft(profile: try profile(rows, 0, from: 0, table: "drafts"), version: version)
    }

    /// Applies a `DraftRules` write in one statement sent with the `COMMIT`; each takes
    /// `state.nextVersion`.
    private static func apply(
        _ write: DraftRules.Write, _ state: DraftRules.State, _ visitor: VisitorContext,
        _ connection: PostgreSQLConnection
    ) {
        let hash = PostgreSQLValue.bytes(visitor.sessionHash)
        let version = PostgreSQLValue.integer(state.nextVersion)
        switch write {
        case .nothing:
            return
        case .draft(let fields):
            connection.queryAtCommit(saveStatement, [hash] + values(fields) + [version, .integer(visitor.now)])
        case .commit(let fields):
            // No stored draft: only the profile's row is written.
            connection.queryAtCommit(
                state.draft == nil ? commitStatement : commitDeletingDraftStatement,
                [hash] + values(fields) + [version, .integer(visitor.now)])
        case .discard:
            connection.queryAtCommit(discardStatement, [hash, version, .integer(visitor.now)])
        }
    }

    /// A Save: the draft $2…$5 at version $6 for the profile of $1, at $7.
    private static let saveStatement = """
        WITH counter AS (
            UPDATE profiles SET draft_counter = $6, has_draft = true, last_seen_at = \(LastSeen.value(at: "$7::bigint"))
            WHERE session_hash = $1)
        INSERT INTO drafts (session_hash, username, notifications, season, goal_date, version)
        VALUES ($1, $2, $3, $4, $5, $6)
        ON CONFLICT (session_hash) DO UPDATE SET username = excluded.username,
            notifications = excluded.notifications, season = excluded.season,
            goal_date = excluded.goal_date, version = excluded.version
        """

    /// A Done: the profile of $1 becomes $2…$5 at version $6, committed at $7.
    private static let commitStatement = """
        UPDATE profiles SET username = $2, notifications = $3, season = $4, goal_date = $5,
            draft_counter = $6, has_draft = false, committed_at = $7::bigint,
            last_seen_at = \(LastSeen.value(at: "$7::bigint"))
        WHERE session_hash = $1
        """

    /// A Done of a stored draft: `commitStatement`, the draft deleted in the same statement.
    private static let commitDeletingDraftStatement =
        "WITH gone AS (DELETE FROM drafts WHERE session_hash = $1) " + commitStatement

    /// A Cancel: the draft of $1 is deleted and its counter moves to $2, at $3.
    private static let discardStatement = """
        WITH gone AS (DELETE FROM drafts WHERE session_hash = $1)
        UPDATE profiles SET draft_counter = $2, has_draft = false, last_seen_at = \(LastSeen.value(at: "$3::bigint"))
        WHERE session_hash = $1
        """

    private static func state(after write: DraftRules.Write, _ state: DraftRules.State) -> DraftRules.State {
        switch write {
        case .nothing: state
        case .draft(let fields):
            DraftRules.State(
                profile: state.profile, draft: Draft(profile: fields, version: state.nextVersion),
                draftCounter: state.nextVersion)
        case .commit(let fields): DraftRules.State(profile: fields, draft: nil, draftCounter: state.nextVersion)
        case .discard: DraftRules.State(profile: state.profile, draft: nil, draftCounter: state.nextVersion)
        }
    }

    /// `commitStatement` if the row holds what the Done was decided on: counter $8, no draft, profile
    /// $9…$12. The `UPDATE` waits for another lock on the row and checks the row as that left it.
    private static let commitIfUnchangedStatement =
        commitStatement
            + """
             AND draft_counter = $8 AND NOT has_draft
                AND username = $9 AND notifications = $10 AND season = $11 AND goal_date = $12
            """

    private static func values(_ profile: Profile) -> [PostgreSQLValue] {
        [
            .text(profile.username), .boolean(profile.notifications), .text(profile.season.rawValue),
            .text(profile.goalDate.iso),
        ]
    }

    private static func profile(_ rows: PostgreSQLRows, _ row: Int, from first: Int, table: String) throws -> Profile {
        guard let username = rows.string(row, first), let notifications = rows.bool(row, first + 1),
            let season = rows.string(row, first + 2).flatMap(Season.init(rawValue:)),
            let goalDate = rows.string(row, first + 3).flatMap(CalendarDate.init(iso:))
        else { throw StoreError.corruptRow("\(table): a field is NULL or not a valid value") }
        return Profile(username: username, notifications: notifications, season: season, goalDate: goalDate)
    }
}
