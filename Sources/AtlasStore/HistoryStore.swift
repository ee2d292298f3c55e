import AtlasCore

/// Reads of the time series (`History`), one series at a time. Written only through
/// `DataStore.update(_:)`.
public protocol HistoryStore: Sendable {
    /// The stored series `key` (an entry's canonical id, or `HistoryKey.world`), days in order, with the
    /// JHU rows it sums (`History.rows`; empty for a series stored before the store kept them).
    /// - Returns: `nil` when none is stored under that key.
    /// - Throws: `StoreError` when the store cannot be read.
    func history(_ key: String) throws -> History?
}
