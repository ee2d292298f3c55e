import AtlasCore
import AtlasSource
import AtlasStore
import Foundation
import Testing

@testable import AtlasRefresh

/// The shipped `data/owid/vaccinations.csv` through the importer: stored on first start, kept whole on
/// a refused file, and identical data keeps the data version.
struct VaccinationImportTests {
    static let shippedPath = packageRoot + "/data" + DataImporter.shippedVaccinations
    static let loaded = Result { try VaccinationDecoder.load(path: shippedPath) }

    @Test func theFirstStartImportsTheShippedVaccinationsWithTheRestAndTheSecondNothing() throws {
        try DataImporterTests.withStores { stores in
            let report = try #require(
                try DataImporter.importShippedDataWhereMissing(into: stores, from: packageRoot + "/data", now: 1))
            let accepted = try #require(report.vaccinations)
            let shipped = try Self.loaded.get()
            #expect(accepted.locationCount == shipped.series.count)
            #expect(accepted.rowCount == shipped.rowCount)
            #expect(report.vaccinationLines.first?.hasPrefix("vaccinations: \(shipped.series.count) locations") == true)
            #expect(try stores.vaccinations.vaccinations() == shipped)
            #expect(
                try DataImporter.importShippedDataWhereMissing(into: stores, from: packageRoot + "/data", now: 2) == nil
            )
        }
    }

    @Test func theSameFileAgainKeepsTheDataVersionAndARefusedOneKeepsTheStoredFile() throws {
        try DataImporterTests.withStores { stores in
            _ = try DataImporter.importShippedDataWhereMissing(into: stores, from: packageRoot + "/data", now: 1)
            let version = try stores.countries.snapshotVersion()
            let importer = DataImporter(stores)
            let same = try importer.apply(DataUpdate(vaccinations: try Self.loaded.get(), fromFiles: true), now: 2)
            #expect(same.changedNothing)
            #expect(same.vaccinationLines == ["vaccinations: the same as stored (kept)"])
            #expect(try stores.countries.snapshotVersion() == version)

            var few = try Self.loaded.get()
            few.series = few.series.filter { $0.key.hasPrefix("OWID_") }
            let error = #expect(throws: SourceError.self) {
                try importer.apply(DataUpdate(vaccinations: few, fromFiles: true), now: 3)
            }
            #expect(error?.description.contains("under half of the") == true)
            #expect(try stores.vaccinations.vaccinations() == Self.loaded.get())
            #expect(try stores.countries.snapshotVersion() == version)

            var changed = try Self.loaded.get()
            changed.series["OWID_WRL"]!.days.removeLast()
            let report = try importer.apply(DataUpdate(vaccinations: changed, fromFiles: true), now: 4)
            #expect(!report.changedNothing)
            #expect(try stores.countries.snapshotVersion() == version + 1)
            #expect(try stores.vaccinations.vaccinations() == changed)
        }
    }

    @Test func theShippedFilesFallsAreKeptAndNamed() throws {
        let shipped = try Self.loaded.get()
        let accepted = try VaccinationValidation.validate(shipped, stored: nil)
        // Derived from the file itself: every reported running total lower than the one before it.
        var falls = 0
        for series in shipped.series.values {
            for figure in VaccinationFigure.allCases where figure.isCumulative {
                let values = series.reports(figure).map(\.value)
                falls += zip(values, values.dropFirst()).count { $1 < $0 }
            }
        }
        #expect(accepted.falls.count == falls)
    }
}
