extension Migration {
    /// Version 1: the stored disease.sh snapshot, in `STRICT` tables (a wrongly typed value is an error).
    ///
    /// - `countries`: one row per `Country` in disease.sh field names (`countryInfo` flattened),
    ///   `position` its 0-based upstream order. `iso2`/`iso3` are unique, `NULL` for cruise ships: canonical
    ///   URLs (`/countries/{iso2}`) depend on it.
    /// - `world_totals`: the one row of `/v3/covid-19/all`.
    /// - `snapshot_meta`: the one row of `source`, `imported_at` (ms since the epoch) and `version`, which
    ///   grows on every replace.
    public static let snapshotTables = Migration(
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
            """)
}
