import Testing

@testable import AtlasCore

/// The n-gram index only narrows a search: the results equal checking every entry.
struct SearchIndexTests {
    /// What `apply` returns without the index: every entry checked, then sorted (by name: the best
    /// matches first).
    func scanned(_ query: CountryQuery, _ catalog: CountryCatalog) -> [String] {
        let term = SearchTerm(query.search)
        let rank = { (entry: CountryCatalog.Entry) in query.sort == .name ? term.flatMap(entry.rank(for:)) ?? 0 : 0 }
        return catalog.entries.filter { entry in
            if let continent = query.continent, entry.continent != continent { return false }
            return query.search.isEmpty || (term.flatMap(entry.rank(for:)) != nil)
        }
        .sorted { rank($0) != rank($1) ? rank($0) < rank($1) : query.isOrdered($0, before: $1) }.map(\.id)
    }

    @Test(arguments: [
        "", "k", "ko", "kor", "KOR", "korea", "korea republic of", "republic korea", "côte", "cote divoire",
        "ivory", "us", "usa", "united", "kingdom great", "new zeal", "newzealand", "princess", "zaandam ms",
        "xyz", "a", "  uk  ", "of", "d'iv",
    ])
    func indexedSearchEqualsAScanOfEveryEntry(_ search: String) {
        let catalog = sampleCatalog()
        for sort in CountryQuery.Sort.allCases {
            for continent in [nil, Continent("Asia"), Continent("Europe")] {
                let query = CountryQuery(search: search, continent: continent, sort: sort)
                #expect(query.apply(to: catalog).map(\.id) == scanned(query, catalog), "\(search) \(sort)")
            }
        }
    }

    @Test func aWordMissingFromEveryNameHasNoCandidates() {
        let catalog = sampleCatalog()
        #expect(catalog.searchIndex.candidates(for: "qqq") == [])
        #expect(catalog.searchIndex.candidates(for: "k") == nil, "one letter narrows nothing")
    }
}
