import AtlasCore
import AtlasSource
import AtlasStore
import Foundation
import Testing

@testable import AtlasRefresh

/// Validation and the one-transaction replace on a real SQLite file.
struct DataImporterTests {
    /// The shipped snapshot, decoded once; a test that needs it fails with the reason if it is unreadable.
    static let loaded = Result { try SnapshotDecoder.loadSnapshot(directory: packageRoot + "/data/disease-sh") }

    static func shipped() throws -> Snapshot { try loaded.get() }

    static func withStores(_ body: (Stores) throws -> Void) throws {
        let path = NSTemporaryDirectory() + "atlas-import-\(UUID().uuidString).sqlite"
        defer {
            for suffix in ["", "-wal", "-shm", ".refresh-lock", ".visitor-changes"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
        let stores = try Stores.open(.sqlite(path: path))
        defer { stores.close() }
        try body(stores)
    }

    @Test func aDuplicateIdIsRefusedInWordsAndTheStoredSnapshotStays() throws {
        try Self.withStores { stores in
            let importer = DataImporter(stores)
            _ = try importer.replace(with: try Self.shipped(), now: 1)
            var broken = try Self.shipped()
            broken.countries[5].countryInfo.iso3 = broken.countries[4].countryInfo.iso3
            broken.countries[0][.cases] = 1
            let error = try #require(throws: SourceError.self) { try importer.replace(with: broken, now: 2) }
            #expect(error.description.hasPrefix("invalid snapshot: duplicate id ISO3"))
            #expect(!error.description.contains("SQLite"))
            let stored = try #require(try stores.countries.loadSnapshot())
            #expect(try stored.countries == Self.shipped().countries)
        }
    }

    @Test func validatorsAreKeptWithARefreshAndForgottenByAnImport() throws {
        try Self.withStores { stores in
            let importer = DataImporter(stores)
            let url = "http://upstream/v3/covid-19/countries"
            var fetched = try Self.shipped()
            fetched.source = "http://upstream"
            _ = try importer.replace(
                with: fetched,
                validators: ConditionalValidators(entityTag: "\"e1\"", lastModified: "Sun, 29 Nov 2026 12:00:00 GMT"),
                validatedURL: url, now: 1)
            func refresh(from source: String) -> LiveRefresh {
                LiveRefresh(
                    client: DiseaseShClient(baseURL: source, limits: FetchLimits(), userAgent: "test"), stores: stores)
            }
            #expect(
                try refresh(from: "http://upstream").validators(for: url)
                    == ConditionalValidators(entityTag: "\"e1\"", lastModified: "Sun, 29 Nov 2026 12:00:00 GMT"))
            // Another upstream's stored data must not be validated with these.
            #expect(try refresh(from: "http://elsewhere").validators(for: url).isEmpty)
            _ = try importer.replace(with: try Self.shipped(), now: 2)
            #expect(try refresh(from: "http://upstream").validators(for: url).isEmpty)
        }
    }

    @Test func theReportSaysWhatChanged() throws {
        try Self.withStores { stores in
            let importer = DataImporter(stores)
            let first = try importer.replace(with: try Self.shipped(), now: 1)
            #expect(first.lines.first == "countries: 224")
            var next = try Self.shipped()
            next.countries[0][.cases] = 999
            next.totals[.cases] = 253_684_422
            let report = try importer.replace(with: next, now: 2)
            #expect(report.lines.contains("countries: 224 (unchanged)"))
            #expect(report.lines.contains("cases: 253,684,421 → 253,684,422"))
            #expect(report.lines.contains("changed figures: 1 country"))
        }
    }

    /// disease.sh stamps every entry with a new `updated` on every fetch: that alone changes no figure.
    @Test func aNewUpdateTimeAloneIsNoChangedFigure() throws {
        try Self.withStores { stores in
            let importer = DataImporter(stores)
            _ = try importer.replace(with: try Self.shipped(), now: 1)
            var next = try Self.shipped()
            for index in next.countries.indices { next.countries[index].updated = 1_795_960_000_000 }
            next.countries[3][.deaths] = 12_345
            let report = try importer.replace(with: next, now: 2)
            #expect(report.lines.contains("changed figures: 1 country"), "\(report.lines)")
        }
    }
}

/// When the background refresh tries again (docs/field-cases.md B04: `Retry-After` is honoured).
struct RetryScheduleTests {
    @Test(arguments: [
        (1, Int64?.none, 6.0), (2, nil, 12), (3, nil, 24), (5, nil, 60), (40, nil, 60),
        (1, 120, 120), (1, 2, 6), (1, 10_000_000, 86_400),
    ])
    func theDelayBacksOffUpToTheIntervalAndHonoursRetryAfter(failures: Int, retryAfter: Int64?, seconds: Double) {
        let schedule = RetrySchedule(interval: 60, firstRetry: 6)
        #expect(schedule.afterFailure(failures, retryAfterSeconds: retryAfter) == seconds)
    }

    @Test func theFirstRetryIsATenthOfTheIntervalWithinOneToThirtySeconds() {
        #expect(RetrySchedule(interval: 1).firstRetry == 1)
        #expect(RetrySchedule(interval: 120).firstRetry == 12)
        #expect(RetrySchedule(interval: 3600).firstRetry == 30)
        #expect(RetrySchedule(interval: 3600).afterSuccess == 3600)
    }
}

/// An update that holds the stored data again (a refresh of an upstream that sent the same bytes,
/// without validators to answer 304) writes neither the snapshot nor the history: the data version,
/// which every page's `ETag` carries, stays.
struct UnchangedDataTests {
    static let history = Result {
        try HistoricalDecoder.loadShipped(path: packageRoot + "/data/disease-sh/historical.json.gz")
    }

    @Test func theSameSnapshotAndHistoryAgainKeepTheVersion() throws {
        try DataImporterTests.withStores { stores in
            let importer = DataImporter(stores)
            let store = stores.countries
            let rows = try Self.history.get()
            var fetched = try DataImporterTests.shipped()
            fetched.source = "http://upstream"
            let first = try importer.apply(DataUpdate(snapshot: fetched, history: rows), now: 1)
            #expect(!first.changedNothing)
            let version = try store.snapshotVersion()

            let again = try importer.apply(DataUpdate(snapshot: fetched, history: rows), now: 2)
            #expect(again.changedNothing)
            #expect(!again.replacedSnapshot)
            #expect(again.history == nil)
            #expect(try store.snapshotVersion() == version)

            // One changed figure replaces the snapshot only: one step of the version, the history kept.
            var changed = fetched
            changed.countries[0][.cases] = (changed.countries[0][.cases] ?? 0) + 1
            let third = try importer.apply(DataUpdate(snapshot: changed, history: rows), now: 3)
            #expect(third.replacedSnapshot)
            #expect(third.history == nil)
            #expect(try store.snapshotVersion() == version + 1)
            #expect(try store.loadSnapshot()?.countries == changed.countries)
        }
    }

    /// A new `updated` time is a change: the pages say when the data was updated.
    @Test func aNewUpdateTimeIsAChange() throws {
        try DataImporterTests.withStores { stores in
            let importer = DataImporter(stores)
            var snapshot = try DataImporterTests.shipped()
            _ = try importer.replace(with: snapshot, now: 1)
            let version = try stores.countries.snapshotVersion()
            snapshot.totals.updated = (snapshot.totals.updated ?? 0) + 60_000
            #expect(!(try importer.replace(with: snapshot, now: 2)).changedNothing)
            #expect(try stores.countries.snapshotVersion() == version + 1)
        }
    }
}
