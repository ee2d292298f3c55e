import Foundation
import Testing
import UpstreamStub

/// Upstream schema drift through the whole live path (fetch, validation, store, pages): odd records
/// are data, never a reason to refuse the payload or to show 0.
struct UpstreamDriftTests {
    /// docs/field-cases.md B03 and B27 in one fetch: a numeric continent, a stray `undefined` key, no
    /// `todayRecovered`, `recovered: null`, the slash spelling of Oceania, fractional per-million
    /// values and integral doubles for counts.
    @Test func driftedRecordsAreStoredAndShownAsTheyShouldBe_B03_B27() throws {
        var countries = try shippedCountries()
        let korea = try #require(countries.firstIndex { ($0["country"] as? String) == "S. Korea" })
        countries[korea]["continent"] = "1439323776"
        countries[korea]["undefined"] = 12
        countries[korea]["recovered"] = NSNull()
        countries[korea].removeValue(forKey: "todayRecovered")
        countries[korea]["casesPerOneMillion"] = 0.7
        countries[korea]["deathsPerOneMillion"] = 1529.05
        countries[korea]["tests"] = 1_000_000.0
        let fiji = try #require(countries.firstIndex { ($0["country"] as? String) == "Fiji" })
        countries[fiji]["continent"] = "Australia/Oceania"
        let body = [UInt8](try JSONSerialization.data(withJSONObject: countries))
        let history = StubUpstream.shippedHistory(packageRoot: packageRoot)
        let stub = try StubUpstream { request in
            if StubUpstream.asksForHistory(request) { return .send(history) }
            return .send(StubUpstream.json(request.target.hasSuffix("/all") ? shippedAll : body))
        }
        let server = try ServerProcess()
        let result = try runCLI([
            "refresh", "--database", server.directory + "/atlas.sqlite", "--source", stub.baseURL,
            "--vaccinations-source", "off",
        ])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try waitFor(server.port, "/countries/kr", toContain: ">1,529<"))

        let detail = try fetch(server.port, "/countries/kr").text
        #expect(detail.contains("<dt>Recovered</dt>\n  <dd><span class=\"stat-value\">n/a</span>"))
        #expect(detail.contains(">0.7<"))
        #expect(detail.contains("1,000,000"))
        #expect(try fetch(server.port, "/countries").text.contains("S. Korea"))
        #expect(!(try fetch(server.port, "/countries?continent=asia").text.contains("S. Korea")))

        for target in ["/countries?continent=Australia%2FOceania", "/countries?continent=australia-oceania"] {
            let oceania = try fetch(server.port, target)
            #expect(oceania.status == 200)
            #expect(oceania.text.contains(">Fiji<"), "\(target)")
        }
        // The category link carries no raw slash that could break routing.
        #expect(
            try fetch(server.port, "/countries/fj").text.contains("href=\"/countries?continent=australia-oceania\""))
    }

    /// docs/field-cases.md B04 (d): an unknown country is the app's own 404 page, never an upstream error or a 500.
    @Test func anUnknownCountryIsTheAppsOwn404_B04() throws {
        let server = try ServerProcess()
        #expect(try fetch(server.port, "/countries/Atlantis").status == 404)
        #expect(try fetch(server.port, "/api/countries/Atlantis").status == 404)
    }
}
