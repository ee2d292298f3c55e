import AtlasCore
import Foundation
import TestPostgres
import TestSupport
import Testing

@testable import AtlasStore

/// What only the PostgreSQL store has: a server that can go away, connections that can be cut,
/// passwords, and a schema of its own.
@Suite(.enabled(if: TestService.shouldRun(.postgreSQL), "needs the throwaway PostgreSQL of script/test"))
struct PostgreSQLStoreTests {
    static let alice = VisitorContext(sessionHash: [UInt8](repeating: 1, count: 32), now: 1_777_636_800_000)

    // Reached with a part missing only when the run requires it: each test fails, naming the part.
    init() throws { try TestService.require(.postgreSQL) }

    @Test func afterEveryConnectionIsCutTheNextRequestSucceedsOnNewOnes_B33() throws {
        try withFreshStores(.postgreSQL) { stores throws in
            try stores.replaceSnapshot(Fixtures.smallSnapshot())
            // Several pooled connections, each with its prepared statements.
            for _ in 0..<3 { _ = try stores.profiles.toggleFavorite(Self.alice, countryID: "kr", name: "S. Korea") }
            guard case .postgreSQL(let uri) = stores.location else { return }
            #expect(try TestPostgres.terminateConnections(to: uri) >= 1)
            #expect(try stores.profiles.favorites(Self.alice.sessionHash).map(\.countryID) == ["kr"])
            #expect(try stores.countries.loadSnapshot() == Fixtures.smallSnapshot())
            #expect(try stores.profiles.toggleFavorite(Self.alice, countryID: "kr", name: "S. Korea") == false)
        }
    }

    /// BEGIN goes with the first statement and a queued write with COMMIT (libpq's pipeline mode): the
    /// statements prepared on the way are reused, and a queued write that fails rolls back the whole
    /// transaction, leaving the connection fit for the next one.
    @Test func pipelinedTransactionsCommitWholeOrNotAtAll() throws {
        let uri = try TestPostgres.createDatabase()
        defer { TestPostgres.dropDatabase(uri) }
        try TestPostgres.execute("CREATE TABLE t (k integer PRIMARY KEY, v text NOT NULL)", on: uri)
        let pool = PostgreSQLPool(uri: uri, options: StoreOptions(maxConnections: 1))
        defer { pool.close() }
        for round in 1...3 {
            let count = try pool.transaction { connection in
                let rows = try connection.query("SELECT count(*) FROM t WHERE k < $1", [.integer(100)])
                // Two statements new to the connection in one pipeline, each prepared under its own name.
                connection.queryAtCommit("INSERT INTO t (k, v) VALUES ($1, $2)", [.integer(Int64(round)), .text("r")])
                connection.queryAtCommit("UPDATE t SET v = v || '' WHERE k = $1", [.integer(Int64(round))])
                return rows.int64(0, 0)
            }
            #expect(count == Int64(round - 1))
        }
        // A queued write that violates the key: the commit fails and the write before it is undone.
        #expect(throws: StoreError.self) {
            try pool.transaction { connection in
                try connection.query("UPDATE t SET v = $2 WHERE k = $1", [.integer(1), .text("changed")])
                connection.queryAtCommit("INSERT INTO t (k, v) VALUES ($1, $2)", [.integer(2), .text("duplicate")])
            }
        }
        // A transaction that runs nothing sends nothing, and one that fails first is rolled back.
        try pool.transaction { _ in }
        #expect(throws: StoreError.self) {
            try pool.transaction { connection in try connection.query("SELECT 1/0 FROM t WHERE k = $1", [.integer(1)]) }
        }
        let rows = try pool.withConnection { connection in try connection.query("SELECT k, v FROM t ORDER BY k") }
        #expect(
            (0..<rows.count).map { "\(rows.string($0, 0) ?? "")=\(rows.string($0, 1) ?? "")" } == ["1=r", "2=r", "3=r"])
    }

    @Test func aServerThatIsDownIsUnavailableAtOnceAndNeverShowsThePassword() throws {
        // A port nothing listens on; the password must not reach any message.
        let location = StoreLocation.postgreSQL(uri: "postgresql://atlas:s3cret-pass@127.0.0.1:1/atlas")
        let started = Date()
        do {
            _ = try Stores.open(location, options: StoreOptions(connectTimeoutSeconds: 1))
            Issue.record("opened a database on a closed port")
        } catch let error as StoreError {
            guard case .unavailable = error else { Issue.record("\(error)"); return }
            #expect(!error.description.contains("s3cret-pass"))
        }
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(location.description == "postgresql://atlas@127.0.0.1:1/atlas")
    }

    @Test func aWrongPasswordIsRefusedWithoutShowingIt() throws {
        let server = try TestPostgres.requireServerURI()
        let at = try #require(server.range(of: "@"), "the test server's URI has a password")
        let colon = try #require(server[server.range(of: "://")!.upperBound..<at.lowerBound].firstIndex(of: ":"))
        let wrong = String(server[..<server.index(after: colon)]) + "wrong-one-9d3f" + String(server[at.lowerBound...])
        do {
            _ = try Stores.open(.postgreSQL(uri: wrong))
            Issue.record("a wrong password was accepted")
        } catch let error as StoreError {
            #expect(error.description.contains("password authentication failed"))
            #expect(!error.description.contains("wrong-one-9d3f"))
        }
    }

    @Test func aURIlibpqCannotReadIsAOneLineErrorWithoutTheURI() throws {
        #expect {
            _ = try StoreLocation(parsing: "postgresql://atlas:pw@[::1/atlas")
        } throws: { error in
            guard case .invalidLocation(let reason) = error as? StoreError else { return false }
            return !reason.contains("pw") && !reason.contains("\n")
        }
        #expect(throws: Never.self) { _ = try StoreLocation(parsing: "postgres://atlas@localhost/atlas") }
        #expect(try StoreLocation(parsing: "covid-atlas.sqlite") == .sqlite(path: "covid-atlas.sqlite"))
        #expect(try StoreLocation(parsing: "POSTGRESQL://h/db") == .postgreSQL(uri: "postgresql://h/db"))
    }

    /// A password pasted raw with `@`, `/` or `%` in it: libpq would read part of it as the host, the
    /// port or an escape and quote that part in its error. It is refused first, and no part shows.
    @Test(arguments: [
        ("postgresql://app:50%off@127.0.0.1:1/atlas", "50%off"),
        ("postgresql://app:Tr0ub@dor@127.0.0.1:1/atlas", "dor"),
        ("postgresql://app:Tr0ub/dor@127.0.0.1:1/atlas", "Tr0ub"),
        ("postgresql://u:sec%00ret@h/db", "sec"),
    ])
    func aPasswordThatNeedsEncodingIsRefusedWithoutShowingIt(_ uri: String, _ fragment: String) {
        #expect {
            _ = try StoreLocation(parsing: uri)
        } throws: { error in
            guard case .invalidLocation(let reason) = error as? StoreError else { return false }
            return reason.contains("percent-encode") && !reason.contains(fragment)
        }
    }

    /// Another scheme is no SQLite path: a bad argument, named by its scheme.
    @Test func anotherSchemeIsRefusedNotOpenedAsAFile() {
        #expect(
            throws: StoreError.invalidLocation(
                "mysql:// is not a store here: give a SQLite file path or a postgresql:// URI")
        ) {
            _ = try StoreLocation(parsing: "mysql://x")
        }
        #expect(throws: Never.self) { _ = try StoreLocation(parsing: "/tmp/a://b.sqlite") }
    }

    @Test func anEncodedPasswordIsAccepted() throws {
        #expect(throws: Never.self) {
            _ = try StoreLocation(parsing: "postgresql://app:Tr0ub%40dor%2F50%25@h:5432/atlas")
        }
        #expect(throws: Never.self) { _ = try StoreLocation(parsing: "postgresql://h/db?user=a@b") }
    }

    @Test func processesStartingTogetherMigrateOnceAndASecondStartRunsNoStep() throws {
        let uri = try TestPostgres.createDatabase()
        defer { TestPostgres.dropDatabase(uri) }
        let opened = FailureLog()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                let stores = try Stores.open(.postgreSQL(uri: uri))
                stores.close()
                opened.append("ok")
            } catch {
                opened.append("\(error)")
            }
        }
        #expect(opened.messages == ["ok", "ok", "ok", "ok"])
        let rows = try TestPostgres.query("SELECT version FROM schema_migrations ORDER BY version", on: uri)
        #expect(rows.map { $0[0] } == PostgreSQLMigrations.all.map { String($0.version) })
    }

    /// Step 4 (`has_draft`) on a database of step 3 that holds a draft: the draft is still found, so
    /// a stale form is a conflict that shows it, and its own version commits.
    @Test func aDraftStoredBeforeStepFourIsStillResumedAndGuarded() throws {
        let uri = try TestPostgres.createDatabase()
        defer { TestPostgres.dropDatabase(uri) }
        try migrate(.postgreSQL(uri: uri), upTo: 3)
        let hash = "'\\x" + String(repeating: "01", count: 32) + "'"
        try TestPostgres.execute(
            "INSERT INTO profiles (session_hash, username, notifications, season, goal_date, created_at, "
                + "draft_counter, last_seen_at) VALUES (\(hash), 'guest', true, 'winter', '2026-05-01', 0, 7, 0); "
                + "INSERT INTO drafts (session_hash, username, notifications, season, goal_date, version) "
                + "VALUES (\(hash), 'Saved before', false, 'spring', '2026-05-02', 7)", on: uri)
        let stores = try Stores.open(.postgreSQL(uri: uri))
        defer { stores.close() }
        let saved = Draft(
            profile: Profile(
                username: "Saved before", notifications: false, season: .spring,
                goalDate: CalendarDate(iso: "2026-05-02")!),
            version: 7)
        #expect(try stores.profiles.openDraft(Self.alice).draft == saved)
        let other = Profile(
            username: "Stale tab", notifications: true, season: .summer, goalDate: CalendarDate(iso: "2026-05-03")!)
        #expect(try stores.profiles.commitDraft(Self.alice, other, expectedVersion: 6) == .conflict(saved))
        #expect(try stores.profiles.commitDraft(Self.alice, other, expectedVersion: 7) == .committed(other))
        #expect(try stores.profiles.draft(Self.alice.sessionHash) == nil)
    }

    @Test func aDatabaseFromANewerProgramIsRefused() throws {
        let uri = try TestPostgres.createDatabase()
        defer { TestPostgres.dropDatabase(uri) }
        try Stores.open(.postgreSQL(uri: uri)).close()
        try TestPostgres.execute(
            "INSERT INTO schema_migrations (version, name) VALUES (99, 'from the future')", on: uri)
        #expect(throws: StoreError.schemaTooNew(found: 99, newestKnown: PostgreSQLMigrations.newestVersion)) {
            try Stores.open(.postgreSQL(uri: uri))
        }
    }

    @Test func aRowLockedByAnotherProcessPastTheWaitIsBusy() throws {
        try withFreshStores(.postgreSQL, options: StoreOptions(lockWaitSeconds: 0.3)) { stores throws in
            _ = try stores.profiles.ensureProfile(Self.alice)
            guard case .postgreSQL(let uri) = stores.location else { return }
            let holder = Thread {
                // Holds alice's row in another session, as another process's slow Done would: for longer
                // than the test needs, and ended when the test drops the database (an error nobody reads).
                try? TestPostgres.execute(
                    "BEGIN; SELECT 1 FROM profiles FOR UPDATE; SELECT pg_sleep(60); COMMIT", on: uri)
            }
            holder.start()
            // The row is locked once the holder sleeps, past its FOR UPDATE.
            try #require(
                try waitUntil(deadline: .seconds(30)) {
                    try TestPostgres.query(
                        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                            + "AND wait_event = 'PgSleep'", on: uri
                    ).first?.first == "1"
                })
            let started = Date()
            #expect {
                try stores.profiles.toggleFavorite(Self.alice, countryID: "kr", name: "S. Korea")
            } throws: { error in
                (error as? StoreError)?.isTemporary == true
            }
            #expect(Date().timeIntervalSince(started) < 1)
            #expect(try stores.profiles.favorites(Self.alice.sessionHash).isEmpty)
        }
    }
}
