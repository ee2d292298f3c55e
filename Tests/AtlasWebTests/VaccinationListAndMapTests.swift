import Foundation
import HTTPCore
import Testing

@testable import AtlasWeb

/// The country list sorted by Our World in Data's latest shares, and the world map of them: the order
/// and the figures come from the shipped file, read here (`OWIDFile`), joined on countries.json's ISO3.
struct VaccinationListAndMapTests {
    /// Each entry's expected figure by id (ISO2 in lower case), from the file's last report.
    static func expected(_ column: String) throws -> [String: Double] {
        let file = try OWIDFile.shipped.get()
        var values: [String: Double] = [:]
        for record in try WorldMapPlacementTests.records.get() {
            // The Channel Islands (Jersey's ISO3) deliberately have none (data/README.md).
            guard let iso2 = record.iso2, iso2 != "JE", let iso3 = record.iso3,
                let latest = file.latest(column, of: iso3), let value = Double(latest.value)
            else { continue }
            values[iso2.lowercased()] = value
        }
        return values
    }

    /// The ids of the list's rows, in order.
    static func rowIDs(_ html: String) -> [String] {
        html.components(separatedBy: "<th scope=\"row\">").dropFirst().compactMap { row in
            row.components(separatedBy: "<a href=\"/countries/").dropFirst().first?.components(separatedBy: "\"").first
        }
    }

    static let sorts: [(sort: String, column: String)] = [
        ("fully-vaccinated", "people_fully_vaccinated_per_hundred"),
        ("doses-per-hundred", "total_vaccinations_per_hundred"),
    ]

    @Test(arguments: StoreKind.available, sorts.indices)
    func theListSortsByTheLatestShareBothWaysWithUnknownLast(_ store: StoreKind, _ index: Int) throws {
        let app = try AppFixture(store: store)
        let (sort, column) = Self.sorts[index]
        let expected = try Self.expected(column)
        for order in ["desc", "asc"] {
            let response = try app.client.get("/countries?sort=\(sort)" + (order == "asc" ? "&order=asc" : ""))
            #expect(response.status == .ok)
            #expect(response.text.contains("sorted-by-\(sort)"), "the column is shown")
            let ids = Self.rowIDs(response.text)
            #expect(ids.count > 200, "\(ids.count) rows")
            let known = ids.prefix { expected[$0] != nil }
            #expect(known.count == expected.count, "every entry with a figure comes first")
            #expect(ids.dropFirst(known.count).allSatisfy { expected[$0] == nil }, "unknown last")
            let values = known.map { expected[$0]! }
            #expect(values == (order == "desc" ? values.sorted(by: >) : values.sorted()), "\(sort) \(order)")
        }
    }

    @Test(arguments: ["vaccinated", "doses"])
    func theWorldMapShowsTheLatestShares(_ figure: String) throws {
        let app = try AppFixture()
        let response = try app.client.get("/?map=\(figure)")
        #expect(response.status == .ok)
        #expect(response.text.contains(figure == "vaccinated" ? "fully vaccinated" : "doses per hundred"))
        let table = figure == "vaccinated" ? "fully-vaccinated" : "doses-per-hundred"
        #expect(response.text.contains("/countries?sort=\(table)"), "the map links its table")
    }
}

/// The compare page's table gives each country's latest share fully vaccinated, from the file.
struct VaccinationCompareTests {
    @Test func theCompareTableHasTheLatestShareFullyVaccinated() throws {
        let app = try AppFixture()
        let file = try OWIDFile.shipped.get()
        let response = try app.client.get("/compare?countries=kr,pt,re")
        #expect(response.status == .ok)
        let rows = response.text.components(separatedBy: "<th scope=\"row\">").dropFirst()
        for (id, iso3) in [("kr", "KOR"), ("pt", "PRT"), ("re", "REU")] {
            let row = try #require(rows.first { $0.hasPrefix("<a href=\"/countries/\(id)\"") }, "\(id)")
            let shown = file.latest("people_fully_vaccinated_per_hundred", of: iso3)?.value ?? "n/a"
            #expect(row.contains("<td class=\"num col-vaccinated\">\(shown)</td>"), "\(id): \(row)")
        }
    }
}
