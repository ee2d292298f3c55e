import AtlasCore
import AtlasStore
import Testing

/// The stored series on a real SQLite file: read back exactly, replaced whole, and a new version for
/// the pages each time.
struct HistoryStoreTests {
    static let korea = History(
        firstDay: CalendarDate(iso: "2021-11-10")!.daysSinceEpoch, cases: [388_351, 390_719, 390_719, 395_460],
        deaths: [3_033, 3_051, 3_050, 3_103], recovered: [10, 11, nil, nil])

    @Test func aSeriesIsReadBackDayByDayWithUnreportedDaysKept() throws {
        try withTemporaryStore { database, countries in
            try countries.replaceSnapshot(Fixtures.smallSnapshot())
            let store = SQLiteHistoryStore(database: database)
            #expect(try !store.hasHistory())
            #expect(try store.history("kr") == nil)
            try store.replaceHistory(["kr": Self.korea, HistoryKey.world: Self.korea])
            #expect(try store.hasHistory())
            #expect(try store.history("kr") == Self.korea)
            #expect(try store.history(HistoryKey.world) == Self.korea)
            #expect(try store.storedLastDays() == ["kr": Self.korea.lastDay, HistoryKey.world: Self.korea.lastDay])
        }
    }

    @Test func aReplaceIsWholeAndBumpsTheDataVersion() throws {
        try withTemporaryStore { database, countries in
            try countries.replaceSnapshot(Fixtures.smallSnapshot())
            let store = SQLiteHistoryStore(database: database)
            let before = try countries.snapshotVersion()
            try store.replaceHistory(["kr": Self.korea, "fr": Self.korea])
            #expect(try countries.snapshotVersion() == before + 1)
            let shorter = Self.korea.days(Self.korea.firstDay...Self.korea.firstDay + 1)
            try store.replaceHistory(["fr": shorter])
            #expect(try store.history("kr") == nil, "a series the new history lacks is gone")
            #expect(try store.history("fr") == shorter)
            #expect(try countries.snapshotVersion() == before + 2)
        }
    }

    @Test func aFailedReplaceKeepsTheStoredSeries() throws {
        try withTemporaryStore { database, countries in
            try countries.replaceSnapshot(Fixtures.smallSnapshot())
            let store = SQLiteHistoryStore(database: database)
            try store.replaceHistory(["kr": Self.korea])
            // A count beyond SQLite's INTEGER cannot happen; a day stored twice can: the key refuses it.
            #expect(throws: StoreError.self) {
                try database.transaction { _ in
                    try store.replaceHistory(["kr": Self.korea])
                    try database.execute(
                        "INSERT INTO history (series, day, cases, deaths) VALUES ('kr', \(Self.korea.firstDay), 1, 1)")
                }
            }
            #expect(try store.history("kr") == Self.korea)
        }
    }
}
