import AtlasCore
import AtlasSource
import AtlasStore
import Testing

/// The history half of the store contract (`HistoryStore`, `DataTransaction`), on every store.
struct HistoryContractTests {
    static let korea = History(
        firstDay: CalendarDate(iso: "2021-11-10")!.daysSinceEpoch, cases: [388_351, 390_719, 390_719, 395_460],
        deaths: [3_033, 3_051, 3_050, 3_103], recovered: [10, 11, nil, nil],
        rows: [
            History.Row(
                country: "S. Korea", province: nil, lastRecoveredDay: CalendarDate(iso: "2021-11-11")!.daysSinceEpoch),
            History.Row(country: "S. Korea", province: "jeju\tisland", lastRecoveredDay: nil),
        ])

    @Test(arguments: StoreKind.available)
    func aSeriesIsReadBackDayByDayWithUnreportedDaysAndItsRowsKept(_ kind: StoreKind) throws {
        try withFreshStores(kind) { stores throws in
            try stores.replaceSnapshot(Fixtures.smallSnapshot())
            #expect(try !stores.data.update { try $0.hasHistory() })
            #expect(try stores.histories.history("kr") == nil)
            try stores.replaceHistory(["kr": Self.korea, HistoryKey.world: Self.korea])
            let koreaSpan = StoredSeries(
                firstDay: Self.korea.firstDay, lastDay: Self.korea.lastDay,
                reportsRecovered: Self.korea.recovered.contains { $0 != nil })
            #expect(try stores.data.update { try $0.hasHistory() })
            #expect(try stores.histories.history("kr") == Self.korea)
            #expect(try stores.histories.history(HistoryKey.world) == Self.korea)
            #expect(
                try stores.data.update { try $0.storedSeries() }
                    == ["kr": koreaSpan, HistoryKey.world: koreaSpan])
        }
    }

    @Test(arguments: StoreKind.available)
    func aReplaceIsWhole(_ kind: StoreKind) throws {
        try withFreshStores(kind) { stores throws in
            try stores.replaceSnapshot(Fixtures.smallSnapshot())
            try stores.replaceHistory(["kr": Self.korea, "fr": Self.korea])
            let shorter = Self.korea.days(Self.korea.firstDay...Self.korea.firstDay + 1)
            try stores.replaceHistory(["fr": shorter])
            #expect(try stores.histories.history("kr") == nil, "a series the new history lacks is gone")
            #expect(try stores.histories.history("fr") == shorter)
        }
    }

    @Test(arguments: StoreKind.available)
    func theWholeShippedHistoryRoundTrips(_ kind: StoreKind) throws {
        let snapshot = try Fixtures.shippedSnapshot()
        let rows = try HistoricalDecoder.loadShipped(path: Fixtures.snapshotDirectory + "/historical.json.gz")
        let mapped = HistoryMapping.map(rows, onto: snapshot.countries)
        var series = mapped.series
        series[HistoryKey.world] = mapped.world
        try withFreshStores(kind) { stores throws in
            try stores.replaceSnapshot(snapshot)
            try stores.replaceHistory(series)
            // Each with its JHU rows: 8 for Australia, 17 for Canada (its national recovered row), 290 for the world.
            #expect(series["au"]?.rows.count == 8)
            #expect(series["ca"]?.rows.count == 17)
            for key in ["fr", "us", "au", "ca", "diamond-princess", HistoryKey.world] {
                #expect(try stores.histories.history(key) == series[key], "\(key)")
            }
            #expect(try stores.data.update { try $0.storedSeries() }.count == series.count)
        }
    }
}
