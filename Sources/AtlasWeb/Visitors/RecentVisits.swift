import Synchronization

/// Which returning visitors this process has recorded as seen (`ProfileStore.touch`) on the current
/// UTC day, so a visitor who only reads has their visit recorded once a day, not on every page: their
/// profile is then pruned only when nobody came back to it for the cookie's lifetime. Bounded: the
/// set starts over each day and when it reaches `maxVisitors`.
final class RecentVisits: Sendable {
    static let maxVisitors = 200_000

    private struct Seen {
        var day = Int64.min
        var hashes: Set<[UInt8]> = []
    }

    private let seen = Mutex(Seen())

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
