import AtlasCore
import AtlasSource
import AtlasStore

/// What one import or refresh brings: a snapshot, a history, or both, and the validators of each
/// fetched URL. `nil` keeps what is stored (the upstream answered `304`, or a file import without it).
public struct DataUpdate: Sendable {
    /// The new countries and totals.
    public var snapshot: Snapshot?
    /// The new JHU rows (`/v3/covid-19/historical?lastdays=all`).
    public var history: [HistoricalRow]?
    /// The validators to store with the data, by fetched URL; empty for an import from files.
    public var validators: [String: ConditionalValidators]
    /// Whether the data came from files: every stored validator then describes other data and is
    /// forgotten, so the next refresh fetches in full.
    public var fromFiles: Bool

    /// An update from its parts.
    public init(
        snapshot: Snapshot? = nil, history: [HistoricalRow]? = nil, validators: [String: ConditionalValidators] = [:],
        fromFiles: Bool = false
    ) {
        self.snapshot = snapshot
        self.history = history
        self.validators = validators
        self.fromFiles = fromFiles
    }
}

/// Validates an update against what is stored and stores it in ONE transaction together with the
/// fetch validators, so readers see the old data or the new, never half, and the old stays on any
/// failure. Shared by `covid-atlas import`, `covid-atlas refresh`, the server's background refresh and
/// the first start's import of the shipped data.
public struct DataImporter: Sendable {
    private let database: Database
    private let countries: SQLiteCountryStore
    private let histories: SQLiteHistoryStore
    private let validatorStore: FetchValidatorStore

    /// An importer on a migrated database (`Database.open(path:)`).
    public init(database: Database) {
        self.database = database
        self.countries = SQLiteCountryStore(database: database)
        self.histories = SQLiteHistoryStore(database: database)
        self.validatorStore = FetchValidatorStore(database: database)
    }

    /// Validates `update` and stores what differs from the stored data: a snapshot or history equal to
    /// the stored one (the same countries, totals and update times; the same series) is not written
    /// again, so the data version stays and every page keeps its `ETag`.
    /// - Returns: what changed, old → new (`RefreshReport.changedNothing` when nothing did).
    /// - Throws: `SourceError.emptyPayload` / `.invalidSnapshot` from `SnapshotValidation`,
    ///   `.invalidHistory` from `HistoryValidation` (nothing is written); `StoreError` when the database
    ///   refuses (the transaction is rolled back).
    public func apply(_ update: DataUpdate, now: Int64) throws -> RefreshReport {
        try database.transaction { _ in
            let previous = try countries.loadSnapshot()
            var newSnapshot: Snapshot?
            var verdict: SnapshotValidation.Accepted?
            if let snapshot = update.snapshot {
                verdict = try SnapshotValidation.validate(snapshot, storedCountryCount: previous?.countries.count)
                if !(previous.map { DataImporter.holdTheSameData($0, snapshot) } ?? false) { newSnapshot = snapshot }
            }
            var acceptedHistory: HistoryValidation.Accepted?
            if let rows = update.history {
                guard let entries = update.snapshot ?? previous else {
                    throw SourceError.invalidHistory("there is no snapshot to map the history's rows onto")
                }
                let mapped = HistoryMapping.map(rows, onto: entries.countries)
                let accepted = try HistoryValidation.validate(
                    rows, mapped: mapped, storedLastDays: try histories.storedLastDays())
                var series = mapped.series
                series[HistoryKey.world] = mapped.world
                if let newSnapshot { try countries.replaceSnapshot(newSnapshot) }
                if try !isStored(series) {
                    try histories.replaceHistory(series)
                    acceptedHistory = accepted
                }
            } else if let newSnapshot {
                try countries.replaceSnapshot(newSnapshot)
            }
            if update.fromFiles {
                try validatorStore.removeAll()
            }
            for (url, validators) in update.validators.sorted(by: { $0.key < $1.key }) {
                try validatorStore.save(
                    .init(entityTag: validators.entityTag, lastModified: validators.lastModified), for: url,
                    fetchedAt: now)
            }
            return RefreshReport(
                previous: previous, current: newSnapshot ?? previous, history: acceptedHistory,
                replacedSnapshot: newSnapshot != nil, keptSameHistory: update.history != nil && acceptedHistory == nil,
                snapshotVerdict: verdict)
        }
    }

    /// Whether two snapshots hold the same data: the same countries and totals, update times
    /// included (where they came from and when they were stored aside).
    static func holdTheSameData(_ a: Snapshot, _ b: Snapshot) -> Bool {
        a.countries == b.countries && a.totals == b.totals
    }

    /// Whether the store holds exactly `series`: the same keys, each with the same days and counts.
    private func isStored(_ series: [String: History]) throws -> Bool {
        let stored = try histories.storedLastDays()
        guard Set(stored.keys) == Set(series.keys) else { return false }
        for (key, history) in series where stored[key] != history.lastDay { return false }
        for (key, history) in series where try histories.history(key) != history { return false }
        return true
    }

    /// Stores the parts of `update` the store does not hold yet, deciding under the write lock: of two
    /// processes starting together on a new database, one imports and the other finds it done.
    /// - Returns: what was stored, or `nil` when the store held both parts already.
    /// - Throws: as `apply(_:now:)`.
    public func applyWhereMissing(_ update: DataUpdate, now: Int64) throws -> RefreshReport? {
        try database.transaction { _ in
            var missing = update
            if try countries.snapshotVersion() > 0 { missing.snapshot = nil }
            if try histories.hasHistory() { missing.history = nil }
            guard missing.snapshot != nil || missing.history != nil else { return nil }
            missing.fromFiles = missing.snapshot != nil
            return try apply(missing, now: now)
        }
    }

    /// Validates `snapshot` and stores it, with `validators` for `validatedURL` (a refresh) or with every
    /// stored validator forgotten (`validatedURL` `nil`: an import from files).
    /// - Returns: what changed, old → new.
    /// - Throws: as `apply(_:now:)`.
    public func replace(
        with snapshot: Snapshot, validators: ConditionalValidators = ConditionalValidators(),
        validatedURL: String? = nil, now: Int64
    ) throws -> RefreshReport {
        try apply(
            DataUpdate(
                snapshot: snapshot, validators: validatedURL.map { [$0: validators] } ?? [:],
                fromFiles: validatedURL == nil), now: now)
    }

    /// The validators stored for `url`, but only while the stored snapshot came from `source`: after an
    /// import from files or from another upstream they describe other data and must not be sent.
    /// - Throws: `StoreError` when the database cannot be read.
    public func validators(for url: String, source: String) throws -> ConditionalValidators {
        try database.transaction(.deferred) { _ in
            guard try countries.loadSnapshot()?.source == source, let stored = try validatorStore.validators(for: url)
            else { return ConditionalValidators() }
            return ConditionalValidators(entityTag: stored.entityTag, lastModified: stored.lastModified)
        }
    }
}
