import AtlasStore
import Testing

/// The validators of the last fetch survive in SQLite (migration step `fetch validators`).
struct FetchValidatorStoreTests {
    @Test func validatorsRoundTripPerURLAndCanBeForgotten() throws {
        try withTemporaryStore { database, _ in
            let store = FetchValidatorStore(database: database)
            #expect(try store.validators(for: "http://a/x") == nil)
            try store.save(.init(entityTag: "W/\"1\"", lastModified: nil), for: "http://a/x", fetchedAt: 5)
            try store.save(
                .init(entityTag: nil, lastModified: "Sun, 29 Nov 2026 12:00:00 GMT"), for: "http://b/x", fetchedAt: 6)
            #expect(try store.validators(for: "http://a/x") == .init(entityTag: "W/\"1\"", lastModified: nil))
            try store.save(.init(entityTag: "W/\"2\"", lastModified: nil), for: "http://a/x", fetchedAt: 7)
            #expect(try store.validators(for: "http://a/x")?.entityTag == "W/\"2\"")
            try store.save(.init(entityTag: nil, lastModified: nil), for: "http://a/x", fetchedAt: 8)
            #expect(try store.validators(for: "http://a/x") == nil)
            try store.removeAll()
            #expect(try store.validators(for: "http://b/x") == nil)
        }
    }
}
