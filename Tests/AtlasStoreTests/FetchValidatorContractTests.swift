import AtlasStore
import Testing

/// The fetch validators of the store contract, on every store.
struct FetchValidatorContractTests {
    @Test(arguments: StoreKind.available)
    func validatorsRoundTripPerURLWithTheirTimeAndCanBeForgotten(_ kind: StoreKind) throws {
        try withFreshStores(kind) { stores throws in
            let validators = stores.validators
            func save(_ value: FetchValidators, _ url: String) throws {
                try stores.data.update { try $0.saveValidators(value, for: url) }
            }
            #expect(try validators.validators(for: "http://a/x") == nil)
            try save(.init(entityTag: "W/\"1\"", lastModified: nil, fetchedAt: 5), "http://a/x")
            try save(.init(entityTag: nil, lastModified: "Sun, 29 Nov 2026 12:00:00 GMT", fetchedAt: 6), "http://b/x")
            #expect(
                try validators.validators(for: "http://a/x")
                    == .init(entityTag: "W/\"1\"", lastModified: nil, fetchedAt: 5))
            try save(.init(entityTag: "W/\"2\"", lastModified: nil, fetchedAt: 7), "http://a/x")
            #expect(try validators.validators(for: "http://a/x")?.entityTag == "W/\"2\"")
            // An upstream without validators still leaves the time of the fetch, for other processes.
            try save(.init(entityTag: nil, lastModified: nil, fetchedAt: 8), "http://a/x")
            #expect(
                try validators.validators(for: "http://a/x") == .init(entityTag: nil, lastModified: nil, fetchedAt: 8))
            try stores.data.update { try $0.removeAllValidators() }
            #expect(try validators.validators(for: "http://b/x") == nil)
        }
    }
}
