import AtlasCore

/// The one way to change the shared data (snapshot, history, vaccinations, fetch validators): one
/// transaction.
public protocol DataStore: Sendable {
    /// Runs `body` in one write transaction, committed when it returns, rolled back when it throws. One
    /// at a time across all processes on the database (SQLite's write lock, a PostgreSQL advisory lock),
    /// so `body` may decide from what it reads without a race.
    /// - Throws: what `body` throws; `StoreError` when the transaction cannot start or commit (`.busy`
    ///   when another writer holds the lock past the store's wait, `.unavailable`).
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
    /// The span of every stored series, by key, to check a new history against. One grouped read.
    func storedSeries() throws -> [String: StoredSeries]
    /// The stored series `key`, as `HistoryStore.history(_:)` (read in this transaction).
    func history(_ key: String) throws -> History?
    /// Whether any vaccination row is stored.
    func hasVaccinations() throws -> Bool
    /// The stored vaccinations, as `VaccinationStore.vaccinations()` (read in this transaction).
    func vaccinations() throws -> Vaccinations?
    /// The stored validators of `url`, as `FetchValidatorStore.validators(for:)`.
    func validators(for url: String) throws -> FetchValidators?

    /// Replaces every country and the totals with `snapshot`'s, records `source` and `importedAt` (ms
    /// since the epoch; now when `nil`) and bumps the data version.
    /// - Throws: `StoreError.emptySnapshot` for a snapshot without countries; a store error for a
    ///   rejected row (two countries with one `iso2`).
    func replaceSnapshot(_ snapshot: Snapshot) throws
    /// Replaces every stored series (keys as in `HistoryStore.history(_:)`) with its JHU rows
    /// (`History.rows`), bumps the data version and dates the data `storedAt` (ms since the epoch), so
    /// pages get a new `Last-Modified`.
    func replaceHistory(_ series: [String: History], storedAt: Int64) throws
    /// Replaces every stored vaccination row with `vaccinations`', bumps the data version and dates the
    /// data `storedAt` (ms since the epoch).
    func replaceVaccinations(_ vaccinations: Vaccinations, storedAt: Int64) throws
    /// Stores `validators` for `url`, replacing any; a row with both values `nil` still records
    /// `fetchedAt` for every process.
    func saveValidators(_ validators: FetchValidators, for url: String) throws
    /// Forgets every validator: after an import from files they describe other data, so the next
    /// refresh fetches in full.
    func removeAllValidators() throws
}
