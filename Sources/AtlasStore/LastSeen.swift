/// The rule for a visitor's `last_seen_at` (ms since the epoch), the time pruning goes by
/// (`ProfileStore.pruneProfiles`): it moves only forward. A write (Save, Done, Cancel) moves it only
/// once it is `granularity` or more behind the write's time; a visit (`touch`, recorded once a day per
/// process) always does. Pruning counts in days, so an hour is nothing to it; and most writes then
/// leave the column, which is indexed, as it was. In PostgreSQL that makes a Done a heap-only (HOT)
/// update, with no new index entries (PostgreSQL docs, "Heap-Only Tuples (HOT)"); in SQLite the index
/// is not rewritten. Visits keep their exact time: the day's first visit is the only one recorded, so
/// it must not be swallowed by a write less than an hour before it.
///
/// Both stores build their SQL from here, so the rule is one: `parameter` is the request time's
/// placeholder as the dialect needs it (`$7::bigint` for PostgreSQL, whose type inference must be
/// told; `?7` for SQLite).
enum LastSeen {
    /// How far behind a write's time `last_seen_at` may stay: one hour, in ms.
    static let granularity: Int64 = 3_600_000

    /// SQL: the value of `last_seen_at` after a write at `parameter`.
    static func value(at parameter: String) -> String {
        "CASE WHEN \(writeMoves(parameter)) THEN \(parameter) ELSE last_seen_at END"
    }

    /// SQL: whether a visit at `parameter` moves `last_seen_at` (whenever it is later).
    static func visitMoves(_ parameter: String) -> String {
        "last_seen_at < \(parameter)"
    }

    /// SQL: whether a write at `parameter` that records nothing but the time (a star) moves
    /// `last_seen_at`: once it is `granularity` behind, as `value(at:)`.
    static func writeMoves(_ parameter: String) -> String {
        "last_seen_at <= \(parameter) - \(granularity)"
    }
}
