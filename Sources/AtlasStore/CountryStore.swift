import AtlasCore

/// Reads of the stored disease.sh snapshot. Written only through `DataStore.update(_:)`, together with
/// the history and the fetch validators. SQLite (`SQLiteStore`) or PostgreSQL (`PostgreSQLStore`).
public protocol CountryStore: Sendable {
    /// The stored snapshot: countries in upstream order, totals, source, `importedAt` (ms since the
    /// epoch: when the stored data last changed, snapshot or history) and `version`, read in one
    /// consistent state.
    /// - Returns: `nil` when nothing was ever stored.
    /// - Throws: `StoreError` when the store cannot be read (`.busy`, `.unavailable` for a database that
    ///   is locked or gone).
    func loadSnapshot() throws -> Snapshot?

    /// A cheap counter that grows on every change of the stored data (snapshot or history), by this
    /// process or any other on the same database, so every process can notice and reload. 0 before the
    /// first import. One primary-key read.
    /// - Throws: `StoreError` when the store cannot be read.
    func snapshotVersion() throws -> Int64
}
