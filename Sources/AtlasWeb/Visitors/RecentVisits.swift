import Synchronization

/// Returning visitors this process recorded as seen (`ProfileStore.touch`) on the current UTC day, so a
/// reader's visit is recorded once a day, not per page, and pruning spares profiles in use. Starts over
/// each day and at `maxVisitors`.
final class RecentVisits: Sendable {
    static let maxVisitors = 200_000

    private struct Seen {
        var day = Int64.min
        var hashes: Set<[UInt8]> = []
    }

    private let seen = Mutex(Seen())

    /// Whether `sessionHash` was recorded today; records nothing.
    /// - Parameter now: ms since the epoch.
    func wasRecorded(_ sessionHash: [UInt8], now: Int64) -> Bool {
        let day = now / 86_400_000
        return seen.withLock { $0.day == day && $0.hashes.contains(sessionHash) }
    }

    /// Whether `sessionHash` has not been recorded today yet; records it when so.
    /// - Parameter now: ms since the epoch.
    func isFirstToday(_ sessionHash: [UInt8], now: Int64) -> Bool {
        let day = now / 86_400_000
        return seen.withLock { seen in
            if seen.day != day || seen.hashes.count >= Self.maxVisitors { seen = Seen(day: day) }
            return seen.hashes.insert(sessionHash).inserted
        }
    }
}
