import AtlasCore

/// Reads of the stored disease.sh snapshot, written only through `DataStore.update(_:)`.
public protocol CountryStore: Sendable {
    /// The stored snapshot, read in one consistent state; `importedAt` (ms since the epoch) is when the
    /// stored data (snapshot or history) last changed.
    /// - Returns: `nil` when nothing was ever stored.
    /// - Throws: `StoreError` (`.busy`, `.unavailable`) when the store cannot be read.
    func loadSnapshot() throws -> Snapshot?

    /// A counter that grows on every change of the stored data by any process on the database, so each
    /// can notice and reload; 0 before the first import. One primary-key read.
    /// - Throws: `StoreError` when the store cannot be read.
    func snapshotVersion() throws -> Int64
}
