import AtlasCore

/// The one way to change the shared data (snapshot, history, fetch validators): a transaction in which
/// everything read is the committed state and everything written lands together or not at all.
public protocol DataStore: Sendable {
    /// Runs `body` in one write transaction, committed when it returns and rolled back when it throws.
    /// At most one such transaction runs at a time across every process on the database (SQLite's
    /// write lock; a PostgreSQL transaction-level advisory lock), so a body may decide from what it
    /// reads ("import the shipped data only when none is stored") without a race.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws; `StoreError` when the transaction cannot start or commit
    ///   (`.busy` when another writer holds the lock past the store's wait, `.unavailable`).
    func update<T>(_ body: (any DataTransaction) throws -> T) throws -> T
}

/// The reads and writes of one `DataStore.update(_:)` transaction. Valid only inside its body.
public protocol DataTransaction {
    /// The stored snapshot, as `CountryStore.loadSnapshot()`.
    func loadSnapshot() throws -> Snapshot?
    /// The stored data version, as `CountryStore.snapshotVersion()`.
    func snapshotVersion() throws -> Int64
    /// Whether any series is stored.
    func hasHistory() throws -> Bool
    /// The span of every stored series, by key: what a new history is checked against before it
    /// replaces the stored one. One grouped read, not the series themselves.
    func storedSeries() throws -> [String: StoredSeries]
    /// The stored series `key`, as `HistoryStore.history(_:)` (read in this transaction).
    func history(_ key: String) throws -> History?
    /// The stored validators of `url`, as `FetchValidatorStore.validators(for:)`.
    func validators(for url: String) throws -> FetchValidators?

    /// Replaces every country and the totals with `snapshot`'s, records its `source` and
    /// `importedAt` (ms since the epoch; "now" when `nil`) and bumps the data version.
    /// - Throws: `StoreError.emptySnapshot` for a snapshot without countries; a store error for a rejected
    ///   row (two countries with one `iso2`).
    func replaceSnapshot(_ snapshot: Snapshot) throws
    /// Replaces every stored series with `series` (keys as in `HistoryStore.history(_:)`), bumps the
    /// data version and dates the stored data `storedAt` (ms since the epoch), so pages showing the old
    /// series are rendered again with a new `Last-Modified`.
    func replaceHistory(_ series: [String: History], storedAt: Int64) throws
    /// Stores `validators` for `url`, replacing any; a row whose values are both `nil` still records
    /// when the URL was fetched (`FetchValidators.fetchedAt`), so every process knows.
    func saveValidators(_ validators: FetchValidators, for url: String) throws
    /// Forgets every stored validator: after an import from files the stored data no longer matches
    /// what any upstream validator describes, so the next refresh must fetch in full.
    func removeAllValidators() throws
}
