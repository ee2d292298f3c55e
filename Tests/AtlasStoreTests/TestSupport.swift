import AtlasCore
import AtlasSource
import AtlasStore
import Foundation

/// A fresh database file path in the temporary directory; the file and its `-wal`/`-shm` are
/// deleted after `body`, whatever happens.
@discardableResult
func withTemporaryDatabasePath<T>(_ body: (String) throws -> T) throws -> T {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("atlas-store-test-\(UUID().uuidString).sqlite").path
    defer {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
    return try body(path)
}

/// A migrated database and a country store on a fresh temporary file.
@discardableResult
func withTemporaryStore<T>(_ body: (Database, SQLiteCountryStore) throws -> T) throws -> T {
    try withTemporaryDatabasePath { path in
        let database = try Database.open(path: path)
        defer { database.close() }
        return try body(database, SQLiteCountryStore(database: database))
    }
}

enum Fixtures {
    /// `data/disease-sh` in the package root, found by walking up from this source file.
    static let snapshotDirectory: String = {
        var folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("data/disease-sh")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("countries.json").path) {
                return candidate.path
            }
            folder = folder.deletingLastPathComponent()
        }
        return "data/disease-sh"
    }()

    /// The shipped snapshot, with a fixed `importedAt` so a round trip can compare it whole.
    static func shippedSnapshot() throws -> Snapshot {
        var snapshot = try SnapshotDecoder.loadSnapshot(directory: snapshotDirectory)
        snapshot.importedAt = 1_700_000_000_123
        return snapshot
    }

    /// A small snapshot with nils, an empty continent and non-ASCII names.
    static func smallSnapshot(source: String = "test:small") -> Snapshot {
        Snapshot(
            countries: [
                Country(
                    updated: 1, country: "Côte d'Ivoire",
                    countryInfo: CountryInfo(_id: 384, iso2: "CI", iso3: "CIV", lat: 8, long: -5, flag: "ci.png"),
                    continent: "Africa",
                    figures: [
                        .cases: 61_000, .casesPerOneMillion: 0.7, .deathsPerOneMillion: 1529.05, .tests: 1_000_000,
                        .population: 26_000_000,
                    ]),
                Country(country: "Curaçao 👩🏽‍💻", countryInfo: CountryInfo(iso2: "CW", iso3: "CUW"), continent: ""),
                Country(
                    country: "Diamond Princess", countryInfo: CountryInfo(lat: 0, long: 0), continent: "",
                    figures: [.cases: 712, .population: 0]),
            ],
            totals: WorldTotals(
                updated: 2, figures: [.cases: 62_000, .deathsPerOneMillion: 655.7, .affectedCountries: 3]),
            source: source, importedAt: 1_700_000_999_000)
    }
}
