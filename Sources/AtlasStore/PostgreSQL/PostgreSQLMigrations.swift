/// The PostgreSQL schema as steps recorded in `schema_migrations`, and their runner. Each step runs in
/// its own transaction with its row, under the advisory lock `PostgreSQLLocks.migrations`, so
/// processes starting together apply it once and a crash leaves whole steps. Shipped steps are never
/// edited (docs/field-cases.md B23).
enum PostgreSQLMigrations {
    struct Step {
        let version: Int32
        let name: String
        let sql: String
    }

    /// Every step, oldest first; versions 1, 2, 3, …
    static let all: [Step] = [
        Step(version: 1, name: "snapshot, history, fetch validators", sql: snapshotSQL),
        Step(version: 2, name: "visitors", sql: visitorsSQL),
        // As SQLite's `Migration.favoriteNames`.
        Step(version: 3, name: "favourite names", sql: "ALTER TABLE favorites ADD COLUMN name text"),
        // On the row a write locks first, so a Done or Save without a draft reads no `drafts` row. Kept by
        // the statements that write drafts.
        Step(
            version: 4, name: "profiles say whether a draft is stored",
            sql: """
                ALTER TABLE profiles ADD COLUMN has_draft boolean NOT NULL DEFAULT false;
                UPDATE profiles SET has_draft = true WHERE session_hash IN (SELECT session_hash FROM drafts)
                """),
        // As SQLite's `Migration.historyRows`: the JHU rows of each series, written with `history`.
        Step(version: 5, name: "history rows", sql: historyRowsSQL),
        // As SQLite's `Migration.vaccinations`: the cells' published text, `NULL` where empty.
        Step(
            version: 6, name: "vaccinations",
            sql: """
                CREATE TABLE vaccinations (
                    iso_code text NOT NULL,
                    day integer NOT NULL,
                    location text NOT NULL,
                    total_vaccinations text,
                    people_vaccinated text,
                    people_fully_vaccinated text,
                    total_boosters text,
                    daily_vaccinations_raw text,
                    daily_vaccinations text,
                    total_vaccinations_per_hundred text,
                    people_vaccinated_per_hundred text,
                    people_fully_vaccinated_per_hundred text,
                    total_boosters_per_hundred text,
                    daily_vaccinations_per_million text,
                    PRIMARY KEY (iso_code, day)
                )
                """),
    ]

    static var newestVersion: Int32 { all.last?.version ?? 0 }

    /// Applies the missing steps, oldest first.
    /// - Parameters:
    ///   - steps: versions 1, 2, 3, …; `all` by default (tests pass the steps as shipped, to build an
    ///     old database).
    ///   - target: the last version to apply; `nil` for all. A database already past it is left as is.
    /// - Throws: `StoreError.schemaTooNew` when the database is newer than `steps`; a step's error (that
    ///   step rolled back).
    static func migrate(_ pool: PostgreSQLPool, steps: [Step] = all, upTo target: Int32? = nil) throws {
        let newest = steps.last?.version ?? 0
        for step in steps where step.version <= target ?? newest {
            try pool.transaction { connection in
                try connection.query("SELECT pg_advisory_xact_lock($1)", [.integer(PostgreSQLLocks.migrations)])
                try connection.execute(
                    """
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        version integer PRIMARY KEY,
                        name text NOT NULL,
                        applied_at timestamptz NOT NULL DEFAULT now()
                    )
                    """)
                let applied = try connection.query("SELECT coalesce(max(version), 0) FROM schema_migrations")
                let current = Int32(applied.int64(0, 0) ?? 0)
                if current > newest { throw StoreError.schemaTooNew(found: current, newestKnown: newest) }
                guard current < step.version else { return }
                try connection.execute(step.sql)
                try connection.query(
                    "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                    [.integer(Int64(step.version)), .text(step.name)])
            }
        }
    }

    /// SQLite's `Migration.snapshotTables`, `.fetchValidators` and `.historyTable`; figure columns
    /// unquoted, so folded to lower case. Literal, not generated from `Figure`: a later figure's own step
    /// adds its column.
    private static let snapshotSQL = """
        CREATE TABLE countries (
            position integer PRIMARY KEY,
            updated bigint,
            country text NOT NULL,
            _id integer,
            iso2 text UNIQUE,
            iso3 text UNIQUE,
            lat double precision,
            long double precision,
            flag text,
            continent text NOT NULL,
            cases bigint,
            todayCases bigint,
            deaths bigint,
            todayDeaths bigint,
            recovered bigint,
            todayRecovered bigint,
            active bigint,
            critical bigint,
            casesPerOneMillion double precision,
            deathsPerOneMillion double precision,
            tests bigint,
            testsPerOneMillion double precision,
            population bigint,
            oneCasePerPeople double precision,
            oneDeathPerPeople double precision,
            oneTestPerPeople double precision,
            activePerOneMillion double precision,
            recoveredPerOneMillion double precision,
            criticalPerOneMillion double precision
        );
        CREATE TABLE world_totals (
            id integer PRIMARY KEY CHECK (id = 1),
            updated bigint,
            cases bigint,
            todayCases bigint,
            deaths bigint,
            todayDeaths bigint,
            recovered bigint,
            todayRecovered bigint,
            active bigint,
            critical bigint,
            casesPerOneMillion double precision,
            deathsPerOneMillion double precision,
            tests bigint,
            testsPerOneMillion double precision,
            population bigint,
            oneCasePerPeople double precision,
            oneDeathPerPeople double precision,
            oneTestPerPeople double precision,
            activePerOneMillion double precision,
            recoveredPerOneMillion double precision,
            criticalPerOneMillion double precision,
            affectedCountries bigint
        );
        CREATE TABLE snapshot_meta (
            id integer PRIMARY KEY CHECK (id = 1),
            source text NOT NULL,
            imported_at bigint NOT NULL,
            version bigint NOT NULL
        );
        CREATE TABLE fetch_validators (
            url text PRIMARY KEY,
            etag text,
            last_modified text,
            fetched_at bigint NOT NULL
        );
        CREATE TABLE history (
            series text NOT NULL,
            day integer NOT NULL,
            cases bigint NOT NULL,
            deaths bigint NOT NULL,
            recovered bigint,
            PRIMARY KEY (series, day)
        );
        """

    /// SQLite's `Migration.historyRows`.
    private static let historyRowsSQL = """
        CREATE TABLE history_rows (
            series text NOT NULL,
            position integer NOT NULL,
            country text NOT NULL,
            province text,
            recovered_last_day integer,
            PRIMARY KEY (series, position)
        )
        """

    /// The same tables as SQLite's `Migration.profileTables` and `.visitors`.
    private static let visitorsSQL = """
        CREATE TABLE profiles (
            session_hash bytea PRIMARY KEY CHECK (length(session_hash) = 32),
            username text NOT NULL,
            notifications boolean NOT NULL,
            season text NOT NULL CHECK (season IN ('spring', 'summer', 'autumn', 'winter')),
            goal_date date NOT NULL,
            created_at bigint NOT NULL,
            draft_counter bigint NOT NULL DEFAULT 0,
            last_seen_at bigint NOT NULL,
            committed_at bigint
        );
        CREATE INDEX profiles_last_seen_at ON profiles (last_seen_at);
        CREATE TABLE drafts (
            session_hash bytea PRIMARY KEY REFERENCES profiles (session_hash) ON DELETE CASCADE,
            username text NOT NULL,
            notifications boolean NOT NULL,
            season text NOT NULL CHECK (season IN ('spring', 'summer', 'autumn', 'winter')),
            goal_date date NOT NULL,
            version bigint NOT NULL
        );
        CREATE TABLE favorites (
            session_hash bytea NOT NULL REFERENCES profiles (session_hash) ON DELETE CASCADE,
            country_id text NOT NULL,
            starred_at bigint NOT NULL,
            PRIMARY KEY (session_hash, country_id)
        );
        CREATE TABLE session_key (
            id integer PRIMARY KEY CHECK (id = 1),
            key bytea NOT NULL CHECK (length(key) = 32),
            created_at bigint NOT NULL
        );
        """
}

/// The advisory lock keys (https://www.postgresql.org/docs/15/explicit-locking.html#ADVISORY-LOCKS)
/// this app takes; 64-bit values spelling "atlas" and a number, unlikely to meet another
/// application's keys on a shared server.
enum PostgreSQLLocks {
    /// Held by a transaction applying a migration step.
    static let migrations: Int64 = 0x6174_6c61_7300_0001
    /// Held by every `DataStore.update(_:)` transaction, so data writers take turns.
    static let data: Int64 = 0x6174_6c61_7300_0002
    /// Held (at session level) by the process that is refreshing from the upstream.
    static let refresh: Int64 = 0x6174_6c61_7300_0003
}
