@testable import AtlasStore

/// Every shipped schema step of both stores with its SQL as it shipped: a copy apart from the code, so a
/// step edited in place, or built from code that changed since (the `Figure` list), no longer gives what
/// the databases that ran it have. `SchemaUpgradeTests` builds those databases from this copy.
///
/// A new step is appended here, as it is in the code, when it ships; none is ever edited
/// (docs/field-cases.md B23).
enum ShippedSchemaSteps {
    /// `Migrations.all` as shipped.
    static let sqlite: [Migration] = [
        Migration(
            version: 1, name: "snapshot tables",
            sql: """
                CREATE TABLE countries (
                    position INTEGER PRIMARY KEY,
                    updated INTEGER,
                    country TEXT NOT NULL,
                    _id INTEGER,
                    iso2 TEXT,
                    iso3 TEXT,
                    lat REAL,
                    long REAL,
                    flag TEXT,
                    cases INTEGER,
                    todayCases INTEGER,
                    deaths INTEGER,
                    todayDeaths INTEGER,
                    recovered INTEGER,
                    todayRecovered INTEGER,
                    active INTEGER,
                    critical INTEGER,
                    casesPerOneMillion REAL,
                    deathsPerOneMillion REAL,
                    tests INTEGER,
                    testsPerOneMillion REAL,
                    population INTEGER,
                    continent TEXT NOT NULL,
                    oneCasePerPeople REAL,
                    oneDeathPerPeople REAL,
                    oneTestPerPeople REAL,
                    activePerOneMillion REAL,
                    recoveredPerOneMillion REAL,
                    criticalPerOneMillion REAL
                ) STRICT;
                CREATE UNIQUE INDEX countries_iso2 ON countries (iso2);
                CREATE UNIQUE INDEX countries_iso3 ON countries (iso3);
                CREATE TABLE world_totals (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    updated INTEGER,
                    cases INTEGER,
                    todayCases INTEGER,
                    deaths INTEGER,
                    todayDeaths INTEGER,
                    recovered INTEGER,
                    todayRecovered INTEGER,
                    active INTEGER,
                    critical INTEGER,
                    casesPerOneMillion REAL,
                    deathsPerOneMillion REAL,
                    tests INTEGER,
                    testsPerOneMillion REAL,
                    population INTEGER,
                    oneCasePerPeople REAL,
                    oneDeathPerPeople REAL,
                    oneTestPerPeople REAL,
                    activePerOneMillion REAL,
                    recoveredPerOneMillion REAL,
                    criticalPerOneMillion REAL,
                    affectedCountries INTEGER
                ) STRICT;
                CREATE TABLE snapshot_meta (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    source TEXT NOT NULL,
                    imported_at INTEGER NOT NULL,
                    version INTEGER NOT NULL
                ) STRICT;
                """),
        Migration(
            version: 2, name: "fetch validators",
            sql: """
                CREATE TABLE fetch_validators (
                    url TEXT PRIMARY KEY,
                    etag TEXT,
                    last_modified TEXT,
                    fetched_at INTEGER NOT NULL
                ) STRICT;
                """),
        Migration(
            version: 3, name: "profile tables",
            sql: """
                CREATE TABLE profiles (
                    session_hash BLOB PRIMARY KEY CHECK (length(session_hash) = 32),
                    username TEXT NOT NULL,
                    notifications INTEGER NOT NULL CHECK (notifications IN (0, 1)),
                    season TEXT NOT NULL CHECK (season IN ('spring', 'summer', 'autumn', 'winter')),
                    goal_date TEXT NOT NULL CHECK (length(goal_date) = 10),
                    created_at INTEGER NOT NULL,
                    draft_counter INTEGER NOT NULL DEFAULT 0
                ) STRICT;
                CREATE TABLE drafts (
                    session_hash BLOB PRIMARY KEY REFERENCES profiles (session_hash) ON DELETE CASCADE,
                    username TEXT NOT NULL,
                    notifications INTEGER NOT NULL CHECK (notifications IN (0, 1)),
                    season TEXT NOT NULL CHECK (season IN ('spring', 'summer', 'autumn', 'winter')),
                    goal_date TEXT NOT NULL CHECK (length(goal_date) = 10),
                    version INTEGER NOT NULL
                ) STRICT;
                CREATE TABLE favorites (
                    session_hash BLOB NOT NULL REFERENCES profiles (session_hash) ON DELETE CASCADE,
                    country_id TEXT NOT NULL,
                    starred_at INTEGER NOT NULL,
                    PRIMARY KEY (session_hash, country_id)
                ) STRICT, WITHOUT ROWID;
                """),
        Migration(
            version: 4, name: "history",
            sql: """
                CREATE TABLE history (
                    series TEXT NOT NULL,
                    day INTEGER NOT NULL,
                    cases INTEGER NOT NULL,
                    deaths INTEGER NOT NULL,
                    recovered INTEGER,
                    PRIMARY KEY (series, day)
                ) STRICT, WITHOUT ROWID;
                """),
        Migration(
            version: 5, name: "visitors",
            sql: """
                ALTER TABLE profiles ADD COLUMN last_seen_at INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE profiles ADD COLUMN committed_at INTEGER;
                UPDATE profiles SET last_seen_at = created_at, committed_at = created_at;
                CREATE INDEX profiles_last_seen_at ON profiles (last_seen_at);
                CREATE TABLE session_key (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    key BLOB NOT NULL CHECK (length(key) = 32),
                    created_at INTEGER NOT NULL
                ) STRICT;
                """),
        Migration(version: 6, name: "favourite names", sql: "ALTER TABLE favorites ADD COLUMN name TEXT"),
        Migration(
            version: 7, name: "history rows",
            sql: """
                CREATE TABLE history_rows (
                    series TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    country TEXT NOT NULL,
                    province TEXT,
                    recovered_last_day INTEGER,
                    PRIMARY KEY (series, position)
                ) STRICT, WITHOUT ROWID;
                """),
        Migration(
            version: 8, name: "vaccinations",
            sql: """
                CREATE TABLE vaccinations (
                    iso_code TEXT NOT NULL,
                    day INTEGER NOT NULL,
                    location TEXT NOT NULL,
                    total_vaccinations TEXT,
                    people_vaccinated TEXT,
                    people_fully_vaccinated TEXT,
                    total_boosters TEXT,
                    daily_vaccinations_raw TEXT,
                    daily_vaccinations TEXT,
                    total_vaccinations_per_hundred TEXT,
                    people_vaccinated_per_hundred TEXT,
                    people_fully_vaccinated_per_hundred TEXT,
                    total_boosters_per_hundred TEXT,
                    daily_vaccinations_per_million TEXT,
                    PRIMARY KEY (iso_code, day)
                ) STRICT, WITHOUT ROWID;
                """),
    ]

    /// `PostgreSQLMigrations.all` as shipped.
    static let postgreSQL: [PostgreSQLMigrations.Step] = [
        PostgreSQLMigrations.Step(
            version: 1, name: "snapshot, history, fetch validators",
            sql: """
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
                """),
        PostgreSQLMigrations.Step(
            version: 2, name: "visitors",
            sql: """
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
                """),
        PostgreSQLMigrations.Step(
            version: 3, name: "favourite names", sql: "ALTER TABLE favorites ADD COLUMN name text"),
        PostgreSQLMigrations.Step(
            version: 4, name: "profiles say whether a draft is stored",
            sql: """
                ALTER TABLE profiles ADD COLUMN has_draft boolean NOT NULL DEFAULT false;
                UPDATE profiles SET has_draft = true WHERE session_hash IN (SELECT session_hash FROM drafts)
                """),
        PostgreSQLMigrations.Step(
            version: 5, name: "history rows",
            sql: """
                CREATE TABLE history_rows (
                    series text NOT NULL,
                    position integer NOT NULL,
                    country text NOT NULL,
                    province text,
                    recovered_last_day integer,
                    PRIMARY KEY (series, position)
                )
                """),
        PostgreSQLMigrations.Step(
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
}
