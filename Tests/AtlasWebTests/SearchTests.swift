import AtlasCore
import Foundation
import HTTPCore
import Routing
import Testing

/// The names of the list's rows, in order.
func rowNames(_ page: Response) -> [String] {
    let pattern = try! NSRegularExpression(
        pattern:
            "<th scope=\"row\">(?:<span class=\"row-head\"><input class=\"compare-check\"[^>]*>)?<a href=\"[^\"]*\">(?:<img class=\"flag[^>]*>)?<span>([^<]*)</span>"
    )
    let text = page.text
    return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
        String(text[Range($0.range(at: 1), in: text)!])
    }
}

/// What people type to find a country: a code puts its country first, other names and scripts find
/// it (mledoze/countries' alternative spellings and translations, `data/country-names.json`), and a
/// country the data lacks is named as such instead of answered with a namesake.
struct SearchTests {
    let app: AppFixture
    var client: TestClient { app.client }

    init() throws { app = try AppFixture() }

    /// `us` is the USA's code: it comes first, then names that start with `us`, then the rest A–Z.
    @Test func anExactCodeComesFirstThenPrefixesThenTheRest() throws {
        let names = rowNames(try client.get("/countries?q=us"))
        #expect(names.first == "USA")
        #expect(names.count > 3)
        let rest = Array(names.drop { $0 == "USA" || $0 == "Uzbekistan" })
        #expect(rest == rest.sorted { TextFolding.searchKey($0) < TextFolding.searchKey($1) })
        #expect(rest.contains("Australia") && rest.contains("Russia"))
    }

    @Test(arguments: [
        ("usa", "USA"), ("gbr", "UK"), ("uk", "UK"), ("korea", "S. Korea"), ("france", "France"),
        ("nz", "New Zealand"),
    ])
    func anExactNameOrCodeIsTheFirstRow(_ q: String, _ first: String) throws {
        #expect(rowNames(try client.get("/countries?q=\(q)")).first == first, "q=\(q)")
    }

    @Test(arguments: [
        ("england", "UK"), ("scotland", "UK"), ("holland", "Netherlands"), ("burma", "Myanmar"),
        ("st%20martin", "Saint Martin"), ("st.%20lucia", "Saint Lucia"), ("saint%20barth", "St. Barth"),
        ("deutschland", "Germany"), ("%D0%9A%D0%BE%D1%80%D0%B5%D1%8F", "S. Korea"),  // Корея
        ("%E6%97%A5%E6%9C%AC", "Japan"),  // 日本
        ("suisse", "Switzerland"), ("nederland", "Netherlands"), ("espa%C3%B1a", "Spain"),
        ("great%20britain", "UK"), ("%C3%96sterreich", "Austria"),
    ])
    func otherNamesAndScriptsFindTheCountry(_ q: String, _ expected: String) throws {
        let names = rowNames(try client.get("/countries?q=\(q)"))
        #expect(names.first == expected, "q=\(q) listed \(names.prefix(5))")
    }

    @Test func aCountryTheDataLacksIsNamedInsteadOfANamesake() throws {
        let page = try client.get("/countries/north-korea")
        #expect(page.status == .notFound)
        #expect(page.text.contains("North Korea is not in the data"))
        #expect(!page.text.contains("S. Korea"))
        #expect(try client.get("/countries/%F0%9F%87%B0%F0%9F%87%B5").text.contains("North Korea is not in the data"))
        let search = try client.get("/countries?q=north+korea")
        #expect(rowNames(search).isEmpty)
        #expect(search.text.contains("North Korea is not in the data"))
    }

    @Test func aFlagInTheAddressMovesToItsCountry() throws {
        let response = try client.get("/countries/%F0%9F%87%B0%F0%9F%87%B7")  // 🇰🇷
        #expect(response.status == .movedPermanently)
        #expect(response.fields[.location] == "/countries/kr")
    }

    @Test func anotherNameInTheAddressLeadsToTheCountryWhenItNamesOnlyOne() throws {
        for (id, canonical) in [("england", "gb"), ("burma", "mm"), ("deutschland", "de")] {
            let response = try client.get("/countries/\(id)")
            #expect(response.status == .found, "\(id)")
            #expect(response.fields[.location] == "/countries/\(canonical)", "\(id)")
        }
    }
}
