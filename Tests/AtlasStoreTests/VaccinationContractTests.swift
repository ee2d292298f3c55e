import AtlasCore
import AtlasSource
import AtlasStore
import Testing

/// The vaccination half of the store contract (`VaccinationStore`, `DataTransaction`), on every store.
struct VaccinationContractTests {
    static let sample: Vaccinations = {
        let day = CalendarDate(iso: "2021-11-07")!.daysSinceEpoch
        func cells(_ values: [String?]) -> [String?] {
            values + Array(repeating: nil, count: VaccinationFigure.allCases.count - values.count)
        }
        return Vaccinations(series: [
            "KOR": VaccinationSeries(
                location: "South Korea", isoCode: "KOR",
                days: [
                    VaccinationDay(day: day, cells: cells(["78", nil, "5"])),
                    VaccinationDay(day: day + 1, cells: cells([nil, "10", nil, "0"]) + []),
                ]),
            "OWID_WRL": VaccinationSeries(
                location: "World", isoCode: "OWID_WRL",
                days: [VaccinationDay(day: day, cells: cells(["7000000000", nil, nil, nil, nil, nil, "89.07"]))]),
            "CIV": VaccinationSeries(
                location: "Cote d'Ivoire\ttab", isoCode: "CIV",
                days: [VaccinationDay(day: day, cells: cells(["0.5"]))]),
        ])
    }()

    @Test(arguments: StoreKind.available)
    func everyCellIsReadBackAsPublishedWithEmptyCellsKept(_ kind: StoreKind) throws {
        try withFreshStores(kind) { stores throws in
            try stores.replaceSnapshot(Fixtures.smallSnapshot())
            #expect(try !stores.data.update { try $0.hasVaccinations() })
            #expect(try stores.vaccinations.vaccinations() == nil)
            let before = try stores.countries.snapshotVersion()
            try stores.data.update { try $0.replaceVaccinations(Self.sample, storedAt: 5) }
            #expect(try stores.countries.snapshotVersion() == before + 1)
            #expect(try stores.data.update { try $0.hasVaccinations() })
            #expect(try stores.vaccinations.vaccinations() == Self.sample)
            #expect(try stores.data.update { try $0.vaccinations() } == Self.sample)
        }
    }

    @Test(arguments: StoreKind.available)
    func aReplaceIsWhole(_ kind: StoreKind) throws {
        try withFreshStores(kind) { stores throws in
            try stores.replaceSnapshot(Fixtures.smallSnapshot())
            try stores.data.update { try $0.replaceVaccinations(Self.sample, storedAt: 5) }
            var smaller = Self.sample
            smaller.series["KOR"] = nil
            try stores.data.update { try $0.replaceVaccinations(smaller, storedAt: 6) }
            #expect(try stores.vaccinations.vaccinations() == smaller)
        }
    }
}
