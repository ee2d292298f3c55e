import AtlasSource
import AtlasStore

extension DataImporter {
    /// Where the shipped Our World in Data file is, under the data folder.
    public static let shippedVaccinations = "/owid/vaccinations.csv"

    /// Imports the shipped data in `dataDirectory/disease-sh` (`countries.json`, `all.json`,
    /// `historical.json.gz`) and `dataDirectory/owid/vaccinations.csv` that the store lacks. Decided in one transaction, so of processes starting
    /// together on a new database exactly one imports.
    /// - Parameter now: ms since the epoch.
    /// - Returns: what was imported, or `nil` when nothing was missing.
    /// - Throws: `SourceError` when the shipped files do not decode or validate; `StoreError` when storing fails.
    public static func importShippedDataWhereMissing(
        into stores: Stores, from dataDirectory: String, now: Int64
    ) throws -> RefreshReport? {
        // A cheap look first, so a start on a full database never decodes the history.
        let (needsSnapshot, needsHistory, needsVaccinations) = try stores.data.update { transaction in
            (try transaction.snapshotVersion() == 0, try !transaction.hasHistory(), try !transaction.hasVaccinations())
        }
        guard needsSnapshot || needsHistory || needsVaccinations else { return nil }
        let folder = dataDirectory + "/disease-sh"
        var update = DataUpdate()
        if needsSnapshot { update.snapshot = try SnapshotDecoder.loadSnapshot(directory: folder) }
        if needsHistory { update.history = try HistoricalDecoder.loadShipped(path: folder + "/historical.json.gz") }
        if needsVaccinations {
            update.vaccinations = try VaccinationDecoder.load(path: dataDirectory + shippedVaccinations)
        }
        return try DataImporter(stores).applyWhereMissing(update, now: now)
    }
}
