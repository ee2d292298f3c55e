extension Migration {
    /// The validators of the last successful upstream fetch (RFC 9110 §8.8), so the next refresh can ask
    /// with `If-None-Match` / `If-Modified-Since` and an unchanged upstream costs a `304`.
    ///
    /// `fetch_validators`: one row per fetched URL: `etag` and `last_modified` as received (either may be
    /// `NULL`), `fetched_at` in ms since the epoch. Self-contained: it touches no other table.
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
