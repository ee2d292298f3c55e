import Foundation
import HTTPCore
import Testing

@testable import AtlasWeb

/// The 14 entries with an ISO3 that Our World in Data's `vaccinations.csv` has no row for (and the
/// cruise ships, which have no ISO3): the Vaccination section says so in one sentence, with no grid of
/// "not reported" figures and no chart links that would each lead to the same empty section.
struct VaccinationNoRowTests {
    static let app = Result { try AppFixture() }

    static let withoutRow = [
        "er", "gf", "gp", "va", "mh", "mq", "yt", "fm", "pw", "re", "mf", "pm", "bl", "eh",
    ]

    @Test(arguments: withoutRow, ["", "?metric=doses"])
    func theSectionSaysOWIDHasNoRowAndOffersNoChartLinks(_ id: String, _ query: String) throws {
        let app = try Self.app.get()
        let response = try app.client.get("/countries/\(id)" + query)
        #expect(response.status == .ok)
        let section = try #require(
            response.text.components(separatedBy: "id=\"vaccination-heading\"").dropFirst().first?
                .components(separatedBy: "</section>").first)
        #expect(section.contains("<p class=\"vaccination-message\">Our World in Data has no row for "), "\(section)")
        #expect(section.contains("in its vaccination data, so there is no figure or chart to show.</p>"))
        #expect(!section.contains("<dt>"), "\(id)")
        #expect(!section.contains("chart-controls"), "\(id)")
        #expect(!section.contains("<svg"), "\(id)")
        #expect(!section.contains("vaccinations.csv"), "\(id): no link to a CSV of no rows")
    }

    @Test func reunionIsNamedInTheSentence() throws {
        let page = try Self.app.get().client.get("/countries/re").text
        #expect(page.contains("Our World in Data has no row for Réunion in its vaccination data"))
    }

    @Test func aCruiseShipHasNoRowEither() throws {
        let app = try Self.app.get()
        let list = try app.client.get("/countries?q=Diamond").text
        let href = try #require(
            list.components(separatedBy: "href=\"/countries/").dropFirst().first {
                $0.lowercased().contains("diamond")
            }?
            .components(separatedBy: "\"").first)
        let page = try app.client.get("/countries/" + href).text
        #expect(page.contains("Our World in Data has no row for the Diamond Princess"), "\(href)")
        #expect(!page.contains("aria-label=\"Vaccination chart views\""))
    }
}
