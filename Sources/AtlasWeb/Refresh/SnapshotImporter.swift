import AtlasCore
import AtlasSource
import AtlasStore

/// Validates a decoded snapshot against the stored one and replaces it in ONE transaction together
/// with the fetch validators, so readers see the old snapshot or the new one, never half, and the
/// old one stays on any failure. Shared by `covid-atlas import`, `covid-atlas refresh` and the
/// server's background refresh.
public struct SnapshotImporter: Sendable {
    private let database: Database
    private let countries: SQLiteCountryStore
    private let validatorStore: FetchValidatorStore

    /// An importer on a migrated database (`Database.open(path:)`).
    public init(database: Database) {
        self.database = database
        self.countries = SQLiteCountryStore(database: database)
        self.validatorStore = FetchValidatorStore(database: database)
    }

    /// Validates `snapshot` and stores it, with `validators` for `validatedURL` (a refresh) or with every
    /// stored validator forgotten (`validatedURL` `nil`: an import from files).
    /// - Returns: what changed, old → new.
    /// - Throws: `SourceError.emptyPayload` / `.invalidSnapshot` from `SnapshotValidation` (nothing is
    ///   written); `StoreError` when the database refuses (the transaction is rolled back).
    public func replace(
        with snapshot: Snapshot, validators: ConditionalValidators = ConditionalValidators(),
        validatedURL: String? = nil, now: Int64
    ) throws -> RefreshReport {
        try database.transaction { _ in
            let previous = try countries.loadSnapshot()
            try SnapshotValidation.validate(snapshot, storedCountryCount: previous?.countries.count)
            try countries.replaceSnapshot(snapshot)
            if let validatedURL {
                try validatorStore.save(
                    .init(entityTag: validators.entityTag, lastModified: validators.lastModified), for: validatedURL,
                    fetchedAt: now)
            } else {
                try validatorStore.removeAll()
            }
            return RefreshReport(previous: previous, current: snapshot)
        }
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
