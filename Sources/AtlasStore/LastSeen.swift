/// The rule for a visitor's `last_seen_at` (ms since the epoch), which pruning goes by; it only moves
/// forward. A visit (`touch`, once a day per process) always moves it; a write only once it is
/// `granularity` behind, so most writes leave the indexed column alone (a HOT update in PostgreSQL).
///
/// Both stores build their SQL here; `parameter` is the dialect's placeholder (`$7::bigint`, `?7`).
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

    /// SQL: whether a write at `parameter` moves `last_seen_at` (once `granularity` behind).
    static func writeMoves(_ parameter: String) -> String {
        "last_seen_at <= \(parameter) - \(granularity)"
    }
}
