extension Migration {
    /// Version 2: `fetch_validators`, one row per fetched URL: `etag` and `last_modified` as received
    /// (either may be `NULL`), `fetched_at` in ms since the epoch; for conditional refreshes (RFC 9110 §8.8).
    public static let fetchValidators = Migration(
        version: 2, name: "fetch validators",
        sql: """
            CREATE TABLE fetch_validators (
                url TEXT PRIMARY KEY,
                etag TEXT,
                last_modified TEXT,
                fetched_at INTEGER NOT NULL
            ) STRICT;
            """)
}
