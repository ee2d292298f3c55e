import AtlasCore

/// Where the app keeps the time series of the snapshot's entries and of the world (`History`), read
/// one series at a time, never all at once. SQLite today (`SQLiteHistoryStore`); another database
/// behind the same protocol later.
public protocol HistoryStore: Sendable {
    /// The stored series `key` (an entry's canonical id, or `HistoryKey.world`), days in order.
    /// - Returns: `nil` when none is stored under that key.
    /// - Throws: `StoreError` when the store cannot be read.
    func history(_ key: String) throws -> History?

    /// The last day (days since 1970-01-01) of every stored series, by key: what a new history is
    /// checked against before it replaces the stored one.
    /// - Throws: `StoreError` when the store cannot be read.
    func storedLastDays() throws -> [String: Int]

    /// Whether any series is stored.
    /// - Throws: `StoreError` when the store cannot be read.
    func hasHistory() throws -> Bool

    /// Replaces every stored series with `series` (keys as in `history(_:)`) atomically, and bumps
    /// the data version (`CountryStore.snapshotVersion()`), so pages showing the old series are
    /// rendered again. On any error the stored series stay.
    /// - Throws: `StoreError`.
    func replaceHistory(_ series: [String: History]) throws
}
