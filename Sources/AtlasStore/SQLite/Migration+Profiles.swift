extension Migration {
    /// Version 3: visitors' profiles, drafts and favourite countries, keyed by `session_hash`, the
    /// SHA-256 of the session id (32 bytes), never the id itself.
    ///
    /// - `profiles`: `goal_date` as `YYYY-MM-DD`; `created_at` in ms since the epoch; `draft_counter`,
    ///   the last draft version handed out, so versions never repeat.
    /// - `drafts`: at most one per profile; `version` is checked on every submit.
    /// - `favorites`: starred canonical country ids, with when they were starred.
    public static let profileTables = Migration(
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
            """)
}
