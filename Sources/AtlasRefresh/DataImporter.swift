import AtlasCore
import AtlasSource
import AtlasStore

/// What one import or refresh brings, and the validators of each fetched URL. `nil` keeps what is
/// stored (the upstream answered `304`, or a file import without it).
public struct DataUpdate: Sendable {
    /// The new countries and totals.
    public var snapshot: Snapshot?
    /// The new JHU rows (`/v3/covid-19/historical?lastdays=all`).
    public var history: [HistoricalRow]?
    /// The new Our World in Data vaccinations (`vaccinations.csv`).
    public var vaccinations: Vaccinations?
    /// The validators to store with the data, by fetched URL; empty for an import from files.
    public var validators: [String: ConditionalValidators]
    /// Whether the data came from files: the stored validators then describe other data and are forgotten.
    public var fromFiles: Bool

    /// An update from its parts.
    public init(
        snapshot: Snapshot? = nil, history: [HistoricalRow]? = nil, vaccinations: Vaccinations? = nil,
        validators: [String: ConditionalValidators] = [:], fromFiles: Bool = false
    ) {
        self.snapshot = snapshot
        self.history = history
        self.vaccinations = vaccinations
        self.validators = validators
        self.fromFiles = fromFiles
    }
}

/// Validates an update and stores it with its fetch validators in one transaction (`DataStore.update(_:)`):
/// readers see the old data or the new, never half, and a failure keeps the old.
public struct DataImporter: Sendable {
    private let data: any DataStore

    /// An importer on the stores' `data`.
    public init(_ stores: Stores) {
        self.data = stores.data
    }

    /// Validates `update` and stores what differs: a snapshot or history equal to the stored one is not
    /// written again, so the data version and every page's `ETag` stay.
    /// - Returns: what changed, old → new (`RefreshReport.changedNothing` when nothing did).
    /// - Throws: `SourceError.emptyPayload`, `.invalidSnapshot` or `.invalidHistory` from validation (nothing
    ///   is written); `StoreError` when the database refuses (the transaction is rolled back).
    public func apply(_ update: DataUpdate, now: Int64) throws -> RefreshReport {
        try data.update { transaction in try Self.apply(update, now: now, in: transaction) }
    }

    private static func apply(_ update: DataUpdate, now: Int64, in transaction: any DataTransaction) throws
        -> RefreshReport
    {
        let previous = try transaction.loadSnapshot()
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
            let stored = try transaction.storedSeries()
            let accepted = try HistoryValidation.validate(rows, mapped: mapped, stored: storedHistory(stored))
            var series = mapped.series
            series[HistoryKey.world] = mapped.world
            if let newSnapshot { try transaction.replaceSnapshot(newSnapshot) }
            if try !isStored(series, stored: stored, in: transaction) {
                try transaction.replaceHistory(series, storedAt: update.snapshot?.importedAt ?? now)
                acceptedHistory = accepted
            }
        } else if let newSnapshot {
            try transaction.replaceSnapshot(newSnapshot)
        }
        var acceptedVaccinations: VaccinationValidation.Accepted?
        if let vaccinations = update.vaccinations {
            guard try transaction.snapshotVersion() > 0 else {
                throw SourceError.invalidVaccinations("there is no snapshot to show them with: import one first")
            }
            let stored = try transaction.vaccinations()
            let accepted = try VaccinationValidation.validate(vaccinations, stored: stored)
            if stored != vaccinations {
                try transaction.replaceVaccinations(vaccinations, storedAt: update.snapshot?.importedAt ?? now)
                acceptedVaccinations = accepted
            }
        }
        if update.fromFiles {
            try transaction.removeAllValidators()
        }
        for (url, validators) in update.validators.sorted(by: { $0.key < $1.key }) {
            try transaction.saveValidators(
                FetchValidators(entityTag: validators.entityTag, lastModified: validators.lastModified, fetchedAt: now),
                for: url)
        }
        return RefreshReport(
            previous: previous, current: newSnapshot ?? previous, history: acceptedHistory,
            replacedSnapshot: newSnapshot != nil, keptSameHistory: update.history != nil && acceptedHistory == nil,
            snapshotVerdict: verdict, vaccinations: acceptedVaccinations,
            keptSameVaccinations: update.vaccinations != nil && acceptedVaccinations == nil)
    }

    private static func storedHistory(_ series: [String: StoredSeries]) -> HistoryValidation.Stored {
        HistoryValidation.Stored(
            lastDays: series.mapValues(\.lastDay), firstDays: series.mapValues(\.firstDay),
            reportsRecovered: series.values.contains { $0.reportsRecovered })
    }

    /// The same countries and totals, update times included; source and import time do not count.
    static func holdTheSameData(_ a: Snapshot, _ b: Snapshot) -> Bool {
        a.countries == b.countries && a.totals == b.totals
    }

    /// Spans are compared first, so a history that grew by a day reads no stored series.
    private static func isStored(
        _ series: [String: History], stored: [String: StoredSeries], in transaction: any DataTransaction
    ) throws -> Bool {
        guard Set(stored.keys) == Set(series.keys) else { return false }
        for (key, history) in series
        where stored[key]?.lastDay != history.lastDay || stored[key]?.firstDay != history.firstDay {
            return false
        }
        for (key, history) in series where try transaction.history(key) != history { return false }
        return true
    }

    /// Stores the parts of `update` the store lacks (snapshot, history, vaccinations), decided inside one transaction, so of two processes
    /// starting on a new database one imports and the other finds it done.
    /// - Returns: what was stored, or `nil` when the store held both parts already.
    /// - Throws: as `apply(_:now:)`.
    public func applyWhereMissing(_ update: DataUpdate, now: Int64) throws -> RefreshReport? {
        try data.update { transaction in
            var missing = update
            if try transaction.snapshotVersion() > 0 { missing.snapshot = nil }
            if try transaction.hasHistory() { missing.history = nil }
            if try transaction.hasVaccinations() { missing.vaccinations = nil }
            guard missing.snapshot != nil || missing.history != nil || missing.vaccinations != nil else { return nil }
            missing.fromFiles = missing.snapshot != nil
            return try Self.apply(missing, now: now, in: transaction)
        }
    }

    /// Validates and stores `snapshot`, with `validators` for `validatedURL` (a refresh), or forgetting every
    /// stored validator when `validatedURL` is `nil` (an import from files).
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
