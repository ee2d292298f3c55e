import Foundation
import HTTPCore
import Routing
import Testing

struct APITests {
    let app: AppFixture
    var client: TestClient { app.client }

    init() throws { app = try AppFixture() }

    func json(_ target: String) throws -> Any {
        let response = try client.get(target)
        #expect(response.fields[.contentType] == "application/json; charset=utf-8")
        return try JSONSerialization.jsonObject(with: Data(response.body))
    }

    @Test func countriesHaveTheDiseaseShShapeAndEveryEntry() throws {
        let countries = try #require(try json("/api/countries") as? [[String: Any]])
        #expect(countries.count == 224)
        let korea = try #require(countries.first { $0["country"] as? String == "S. Korea" })
        let info = try #require(korea["countryInfo"] as? [String: Any])
        #expect(info["iso2"] as? String == "KR")
        #expect(korea["continent"] as? String == "Asia")
        let ship = try #require(countries.first { $0["country"] as? String == "Diamond Princess" })
        #expect((ship["countryInfo"] as? [String: Any])?["iso2"] is NSNull)
    }

    @Test func theSameFiltersApplyAsOnThePage() throws {
        let asia = try #require(try json("/api/countries?continent=asia&sort=cases") as? [[String: Any]])
        #expect(asia.count == 49)
        #expect(asia.first?["country"] as? String == "India")
        // KOR is S. Korea's code, so it comes first; Kòrsou (Curaçao in Papiamento) starts with it too.
        let search = try #require(try json("/api/countries?q=kor") as? [[String: Any]])
        #expect(search.first?["country"] as? String == "S. Korea")
        #expect(search.count < 5)
    }

    @Test func oneCountryByCanonicalIDAndRedirectsForOtherSpellings() throws {
        let korea = try #require(try json("/api/countries/kr") as? [String: Any])
        #expect(korea["cases"] as? Int == 395_460)
        #expect(korea["country"] as? String == "S. Korea")
        let moved = try client.get("/api/countries/KOR")
        #expect(moved.status == .movedPermanently)
        #expect(moved.fields[.location] == "/api/countries/kr")
    }

    @Test func unknownCountryIsAJSON404() throws {
        let response = try client.get("/api/countries/atlantis")
        #expect(response.status == .notFound)
        #expect(response.text == "{\"message\":\"Country not found or doesn't have any cases\"}")
    }

    @Test func badFilterIsAJSON400() throws {
        let response = try client.get("/api/countries?continent=mars")
        #expect(response.status == .badRequest)
        #expect(
            response.text.contains(
                "\"allowed\":\"africa, asia, europe, north-america, south-america, australia-oceania\""))
    }

    @Test func errorsOnHealthzAreJSONToo() throws {
        let response = try client.execute(.post, "/healthz")
        #expect(response.status == .methodNotAllowed)
        #expect(response.fields[.contentType] == "application/json; charset=utf-8")
        #expect(response.fields[.allow] == "GET, HEAD")
    }

    @Test func allHasWorldTotals() throws {
        let all = try #require(try json("/api/all") as? [String: Any])
        #expect(all["cases"] as? Int == 253_684_421)
        #expect(all["affectedCountries"] as? Int == 224)
    }

    @Test func healthzReportsStatusAndDataAge() throws {
        let response = try client.get("/healthz")
        #expect(response.status == .ok)
        let health = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(health["status"] as? String == "ok")
        #expect(health["stale"] as? Bool == true)
        #expect((health["dataAgeSeconds"] as? Int ?? 0) > 86_400 * 365)
        #expect(health["countries"] as? Int == 224)
    }
}
