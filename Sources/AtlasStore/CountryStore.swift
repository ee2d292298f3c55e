import AtlasCore

/// Where the app keeps the current disease.sh snapshot. SQLite today (`SQLiteCountryStore`);
/// another database later behind the same protocol (docs/design.md "Beyond one machine").
public protocol CountryStore: Sendable {
    /// The stored snapshot: countries in upstream order, totals, source and `importedAt` (ms since the epoch).
    /// - Returns: `nil` when nothing was ever stored.
    /// - Throws: `StoreError` when the store cannot be read.
    func loadSnapshot() throws -> Snapshot?

    /// Replaces the stored snapshot with `snapshot` atomically: readers see the old one or the new one,
    /// never a mix; on any error the old one stays. `importedAt` is stored as given, or "now" when `nil`.
    /// - Throws: `StoreError.emptySnapshot` for a snapshot without countries; `StoreError.sqlite` for a
    ///   rejected row (e.g. two countries with the same `iso2`) or a busy database.
    func replaceSnapshot(_ snapshot: Snapshot) throws

    /// A cheap counter that grows on every replace, including replaces by another process on the same
    /// database, so a running server can notice an import and reload. 0 before the first replace.
    /// - Throws: `StoreError` when the store cannot be read.
    func snapshotVersion() throws -> Int64
}
