import Foundation
import HTTPCore
import Routing
import Testing

/// `/api/…` as disease.sh answers it. What it serves was read from the store at start, so the tests of
/// the figures run on both stores; those of the request rules on SQLite only.
struct APITests {
    func json(_ app: AppFixture, _ target: String) throws -> Any {
        let response = try app.client.get(target)
        #expect(response.fields[.contentType] == "application/json; charset=utf-8")
        return try JSONSerialization.jsonObject(with: Data(response.body))
    }

    @Test(arguments: StoreKind.available)
    func countriesHaveTheDiseaseShShapeAndEveryEntry(_ store: StoreKind) throws {
        let app = try AppFixture(store: store)
        let countries = try #require(try json(app, "/api/countries") as? [[String: Any]])
        #expect(countries.count == 224)
        let korea = try #require(countries.first { $0["country"] as? String == "S. Korea" })
        let info = try #require(korea["countryInfo"] as? [String: Any])
        #expect(info["iso2"] as? String == "KR")
        #expect(korea["continent"] as? String == "Asia")
        let ship = try #require(countries.first { $0["country"] as? String == "Diamond Princess" })
        #expect((ship["countryInfo"] as? [String: Any])?["iso2"] is NSNull)
    }

    @Test func theSameFiltersApplyAsOnThePage() throws {
        let app = try AppFixture()
        let asia = try #require(try json(app, "/api/countries?continent=asia&sort=cases") as? [[String: Any]])
        #expect(asia.count == 49)
        #expect(asia.first?["country"] as? String == "India")
        // KOR is S. Korea's code, so it comes first; Kòrsou (Curaçao in Papiamento) starts with it too.
        let search = try #require(try json(app, "/api/countries?q=kor") as? [[String: Any]])
        #expect(search.first?["country"] as? String == "S. Korea")
        #expect(search.count < 5)
    }

    @Test(arguments: StoreKind.available)
    func oneCountryByCanonicalIDAndRedirectsForOtherSpellings(_ store: StoreKind) throws {
        let app = try AppFixture(store: store)
        let korea = try #require(try json(app, "/api/countries/kr") as? [String: Any])
        #expect(korea["cases"] as? Int == 395_460)
        #expect(korea["country"] as? String == "S. Korea")
        let moved = try app.client.get("/api/countries/KOR")
        #expect(moved.status == .movedPermanently)
        #expect(moved.fields[.location] == "/api/countries/kr")
    }

    @Test func unknownCountryIsAJSON404() throws {
        let app = try AppFixture()
        let response = try app.client.get("/api/countries/atlantis")
        #expect(response.status == .notFound)
        #expect(response.text == "{\"message\":\"Country not found or doesn't have any cases\"}")
    }

    @Test func badFilterIsAJSON400() throws {
        let app = try AppFixture()
        let response = try app.client.get("/api/countries?continent=mars")
        #expect(response.status == .badRequest)
        #expect(
            response.text.contains(
                "\"allowed\":\"africa, asia, europe, north-america, south-america, australia-oceania\""))
    }

    @Test func errorsOnHealthzAreJSONToo() throws {
        let app = try AppFixture()
        let response = try app.client.execute(.post, "/healthz")
        #expect(response.status == .methodNotAllowed)
        #expect(response.fields[.contentType] == "application/json; charset=utf-8")
        #expect(response.fields[.allow] == "GET, HEAD")
    }

    @Test(arguments: StoreKind.available)
    func allHasWorldTotals(_ store: StoreKind) throws {
        let app = try AppFixture(store: store)
        let all = try #require(try json(app, "/api/all") as? [String: Any])
        #expect(all["cases"] as? Int == 253_684_421)
        #expect(all["affectedCountries"] as? Int == 224)
    }

    @Test(arguments: StoreKind.available)
    func healthzReportsStatusAndDataAge(_ store: StoreKind) throws {
        let app = try AppFixture(store: store)
        let response = try app.client.get("/healthz")
        #expect(response.status == .ok)
        let health = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(health["status"] as? String == "ok")
        #expect(health["stale"] as? Bool == true)
        #expect((health["dataAgeSeconds"] as? Int ?? 0) > 86_400 * 365)
        #expect(health["countries"] as? Int == 224)
    }
}
