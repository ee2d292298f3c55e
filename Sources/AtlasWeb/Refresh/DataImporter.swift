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
/// fetch validators (`DataStore.update(_:)`), so readers see the old data or the new, never half, and
/// the old stays on any failure. Shared by `covid-atlas import`, `covid-atlas refresh`, the server's
/// background refresh and the first start's import of the shipped data, on either store.
public struct DataImporter: Sendable {
    private let data: any DataStore

    /// An importer on the stores' `data`.
    public init(_ stores: Stores) {
        self.data = stores.data
    }

    /// Validates `update` and stores it.
    /// - Returns: what changed, old → new.
    /// - Throws: `SourceError.emptyPayload` / `.invalidSnapshot` from `SnapshotValidation`,
    ///   `.invalidHistory` from `HistoryValidation` (nothing is written); `StoreError` when the database
    ///   refuses (the transaction is rolled back).
    public func apply(_ update: DataUpdate, now: Int64) throws -> RefreshReport {
        try data.update { transaction in try Self.apply(update, now: now, in: transaction) }
    }

    private static func apply(_ update: DataUpdate, now: Int64, in transaction: any DataTransaction) throws
        -> RefreshReport
    {
        let previous = try transaction.loadSnapshot()
        if let snapshot = update.snapshot {
            try SnapshotValidation.validate(snapshot, storedCountryCount: previous?.countries.count)
        }
        var acceptedHistory: HistoryValidation.Accepted?
        if let rows = update.history {
            guard let entries = update.snapshot ?? previous else {
                throw SourceError.invalidHistory("there is no snapshot to map the history's rows onto")
            }
            let mapped = HistoryMapping.map(rows, onto: entries.countries)
            acceptedHistory = try HistoryValidation.validate(
                rows, mapped: mapped, stored: storedHistory(try transaction.storedSeries()))
            if let snapshot = update.snapshot { try transaction.replaceSnapshot(snapshot) }
            var series = mapped.series
            series[HistoryKey.world] = mapped.world
            try transaction.replaceHistory(series, storedAt: update.snapshot?.importedAt ?? now)
        } else if let snapshot = update.snapshot {
            try transaction.replaceSnapshot(snapshot)
        }
        if update.fromFiles {
            try transaction.removeAllValidators()
        }
        for (url, validators) in update.validators.sorted(by: { $0.key < $1.key }) {
            try transaction.saveValidators(
                FetchValidators(entityTag: validators.entityTag, lastModified: validators.lastModified, fetchedAt: now),
                for: url)
        }
        return RefreshReport(previous: previous, current: update.snapshot ?? previous, history: acceptedHistory)
    }

    /// What the stored history is, for `HistoryValidation`: every series' first and last day, and
    /// whether any has recovered figures.
    private static func storedHistory(_ series: [String: StoredSeries]) -> HistoryValidation.Stored {
        HistoryValidation.Stored(
            lastDays: series.mapValues(\.lastDay), firstDays: series.mapValues(\.firstDay),
            reportsRecovered: series.values.contains { $0.reportsRecovered })
    }

    /// Stores the parts of `update` the store does not hold yet, deciding inside the one transaction
    /// (`DataStore.update(_:)` lets one writer at a time in, across processes): of two processes
    /// starting together on a new database, one imports and the other finds it done.
    /// - Returns: what was stored, or `nil` when the store held both parts already.
    /// - Throws: as `apply(_:now:)`.
    public func applyWhereMissing(_ update: DataUpdate, now: Int64) throws -> RefreshReport? {
        try data.update { transaction in
            var missing = update
            if try transaction.snapshotVersion() > 0 { missing.snapshot = nil }
            if try transaction.hasHistory() { missing.history = nil }
            guard missing.snapshot != nil || missing.history != nil else { return nil }
            missing.fromFiles = missing.snapshot != nil
            return try Self.apply(missing, now: now, in: transaction)
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
}
