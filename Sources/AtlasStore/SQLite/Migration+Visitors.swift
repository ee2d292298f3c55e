extension Migration {
    /// Version 5: what processes sharing one database need for their visitors.
    ///
    /// - `profiles.last_seen_at` (ms since the epoch): the last write or recorded visit, for pruning;
    ///   existing rows start at `created_at`.
    /// - `profiles.committed_at` (ms since the epoch, `NULL` until the first Done): a profile never
    ///   committed, without draft or star, may be pruned sooner. Existing rows count as committed.
    /// - `session_key`: the one key (32 bytes) every process signs session ids with.
    public static let visitors = Migration(
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
            """)
}
