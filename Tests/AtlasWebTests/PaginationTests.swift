import AtlasCore
import Foundation
import HTTPCore
import Routing
import Testing

/// Lists longer than a page paginate; links keep the search, continent and order.
struct PaginationTests {
    /// 600 entries: "Land 000" … "Land 599", alternately in Europe and Asia.
    static let countries = (0..<600).map { index in
        Country(
            country: "Land " + String(format: "%03d", index), continent: index % 2 == 0 ? "Europe" : "Asia",
            figures: [.cases: Double(index)])
    }

    /// An app on `store` whose snapshot is `countries`, stored before it starts.
    static func app(_ store: StoreKind = .sqlite) throws -> AppFixture {
        try AppFixture(store: store, prepare: { try storeSnapshot(countries, at: $0) })
    }

    private func rows(_ response: Response) -> Int { response.count(of: "<th scope=\"row\">") }

    @Test(arguments: StoreKind.available)
    func theFirstPageShowsAPageOfRowsAndLinksOn(_ store: StoreKind) throws {
        let app = try Self.app(store)
        let first = try app.client.get("/countries")
        #expect(rows(first) == 250)
        #expect(first.text.contains("600 countries"))
        #expect(first.text.contains("Page 1 of 3"))
        #expect(first.text.contains("<a href=\"/countries?page=2\" rel=\"next\">"))
        #expect(first.text.contains("<a href=\"/countries?page=3\">Last »</a>"))
        #expect(!first.text.contains("rel=\"prev\""))
        let last = try app.client.get("/countries?page=3")
        #expect(rows(last) == 100)
        #expect(last.text.contains("Land 599"))
        #expect(last.text.contains("<a href=\"/countries?page=2\" rel=\"prev\">"))
        #expect(last.text.contains("<a href=\"/countries\">« First</a>"))
    }

    @Test(arguments: StoreKind.available)
    func pageLinksKeepTheSearchContinentAndOrder(_ store: StoreKind) throws {
        let app = try Self.app(store)
        let page = try app.client.get("/countries?q=land&continent=europe&sort=cases")
        #expect(page.text.contains("300 countries"))
        #expect(
            page.text.contains("href=\"/countries?q=land&amp;continent=europe&amp;sort=cases&amp;page=2\" rel=\"next\"")
        )
        let second = try app.client.get("/countries?q=land&continent=europe&sort=cases&page=2")
        #expect(rows(second) == 50)
        #expect(second.text.contains("href=\"/countries?q=land&amp;continent=europe&amp;sort=cases\" rel=\"prev\""))
        // Changing the order or continent starts again at page 1.
        #expect(second.text.contains("href=\"/countries?q=land&amp;continent=europe\""))
        #expect(!second.text.contains("sort=name&amp;page"))
        #expect(!second.text.contains("continent=asia&amp;sort=cases&amp;page"))
    }

    @Test(arguments: ["0", "-1", "abc", "1.5", "2e2", "9999999", "%00"])
    func anInvalidPageIsA400ThatKeepsTheSearch(_ page: String) throws {
        let app = try Self.app()
        let response = try app.client.get("/countries?q=land&page=\(page)")
        #expect(response.status == .badRequest)
        #expect(response.text.contains("not a page number"))
        #expect(response.text.contains("value=\"land\""))
    }

    @Test(arguments: StoreKind.available)
    func aPageAfterTheLastIsA400NamingHowManyThereAre(_ store: StoreKind) throws {
        let app = try Self.app(store)
        let response = try app.client.get("/countries?q=land&continent=asia&page=3")
        #expect(response.status == .badRequest)
        #expect(response.text.contains("There is no page 3: the list has 2 pages."))
        #expect(response.text.contains("value=\"land\""))
        #expect(try app.client.get("/countries?q=zzz&page=2").status == .badRequest)
        #expect(try app.client.get("/countries?q=zzz&page=1").status == .ok)
    }
}
