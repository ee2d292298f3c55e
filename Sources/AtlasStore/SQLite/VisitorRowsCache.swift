import Synchronization

/// The rows of recent visitors as this process last read them from SQLite, each with the
/// `SharedChangeCounters` reading taken before that read: kept rows are used while the counters have
/// not moved, so a returning visitor's pages need no read transaction (its lock cycle on the database
/// and its `-shm` was a fifth of such a request: docs/performance-log.md). Bounded: at `capacity`, an
/// arbitrary entry makes way (a miss costs one read). Without counters it keeps nothing. Any thread.
final class VisitorRowsCache: Sendable {
    /// What `SQLiteProfileStore` reads of a visitor in one transaction.
    struct Rows: Sendable {
        /// The profile, its draft counter and draft; `nil` for a visitor without a profile.
        var state: DraftRules.State?
        /// The stars, oldest first.
        var favorites: [Favorite]
    }

    private struct Entry {
        var reading: SharedChangeCounters.Reading
        var rows: Rows
    }

    private let entries = Mutex<[[UInt8]: Entry]>([:])
    private let counters: SharedChangeCounters?
    let capacity: Int

    /// - Parameter counters: the file's shared counters; `nil` when they could not be mapped, and then
    ///   every call reads.
    init(counters: SharedChangeCounters?, capacity: Int = 10_000) {
        self.counters = counters
        self.capacity = max(1, capacity)
    }

    /// `sessionHash`'s rows: those kept when no write to them was counted since, else what `read` gives
    /// (then kept).
    /// - Throws: what `read` throws (nothing is kept then).
    func rows(of sessionHash: [UInt8], read: () throws -> Rows) throws -> Rows {
        guard let counters else { return try read() }
        // Read before the rows: a write that commits after this reading moves the counter past it.
        let reading = counters.reading(for: sessionHash)
        if let kept = entries.withLock({ $0[sessionHash] }), kept.reading == reading { return kept.rows }
        let rows = try read()
        entries.withLock { entries in
            if entries[sessionHash] == nil, entries.count >= capacity { entries.remove(at: entries.startIndex) }
            entries[sessionHash] = Entry(reading: reading, rows: rows)
        }
        return rows
    }

    /// Records a committed write to `sessionHash`'s rows, for every process on the file.
    func changed(_ sessionHash: [UInt8]) {
        counters?.advance(for: sessionHash)
    }

    /// Records a committed write that may have touched any visitor's rows.
    func changedAll() {
        counters?.advanceEpoch()
    }
}
