import HTTPCore
import Routing
import Testing

/// What the map needs from the server to work in a browser (docs/field-cases.md B06, B07, B08).
struct MapAssetTests {
    let app: AppFixture
    var client: TestClient { app.client }

    init() throws { app = try AppFixture() }

    @Test func theMapContainerHasADefiniteHeightInTheServedCSS() throws {
        let css = try client.get("/static/css/atlas.css").text
        let rule = try #require(css.range(of: ".map {")).upperBound
        let body = css[rule...].prefix { $0 != "}" }
        #expect(body.contains("height: 18rem"), "a map in a box without a height shows grey tiles")
    }

    @Test func theMapScriptRemeasuresAfterLayoutAndSetsExplicitIconURLs() throws {
        let script = try client.get("/static/js/country-map.js").text
        #expect(script.contains("invalidateSize()"))
        #expect(script.contains("iconUrl: element.dataset.iconUrl"))
        let page = try client.get("/countries/it").text
        for icon in ["marker-icon.png", "marker-icon-2x.png", "marker-shadow.png"] {
            let stem = icon.replacingOccurrences(of: ".png", with: "")
            #expect(page.contains(try Regex("/vendor/leaflet/images/\(stem)\\.[0-9a-f]{16}\\.png")))
            #expect(try client.get("/vendor/leaflet/images/\(icon)").fields[.contentType] == "image/png")
        }
    }

    @Test func tilesAreRequestedWithAReferrerAndCreditedToOpenStreetMap() throws {
        let page = try client.get("/countries/it")
        #expect(page.fields[.referrerPolicy] == "strict-origin-when-cross-origin")
        #expect(
            page.fields[.contentSecurityPolicy]?.contains("img-src 'self' data: https://tile.openstreetmap.org") == true
        )
        // The credit's link is the script's; its words are the page's (data-contributors-word, the catalog).
        let script = try client.get("/static/js/country-map.js").text
        #expect(script.contains("OpenStreetMap</a> \" +\n        escaped(element.dataset.contributorsWord)"))
        #expect(page.text.contains("data-contributors-word=\"contributors\""))
        #expect(try client.get("/ko/countries/it").text.contains("data-contributors-word=\"기여자\""))
        #expect(!script.contains("referrerPolicy: \"no-referrer\""))
    }

    @Test func pagesWithoutAMapDoNotLoadLeaflet() throws {
        #expect(!(try client.get("/").text.contains("leaflet")))
        #expect(!(try client.get("/countries/diamond-princess").text.contains("id=\"map\"")))
    }

    @Test func theOutlinesAreServedReducedAsGeoJSON() throws {
        let response = try client.get("/geo/countries.geojson")
        #expect(response.status == .ok)
        #expect(response.fields[.contentType] == "application/geo+json")
        #expect(response.body.count > 100_000 && response.body.count < 250_000)
        #expect(
            response.text.hasPrefix(
                #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"iso2":"FJ","name":"Fiji"}"#))
    }

    @Test func theMapFitsTheCountrysOutlineAndNamesItsCode() throws {
        let page = try client.get("/countries/fr").text
        #expect(page.contains(#"data-iso2="FR""#))
        let bounds = try #require(page.split(separator: #"data-bounds=""#).dropFirst().first?.prefix { $0 != "\"" })
        let edges = bounds.split(separator: ",").compactMap { Double($0) }
        #expect(edges.count == 4)
        // Mainland France and Corsica, not French Guiana across the Atlantic.
        #expect(edges[0] > 41 && edges[1] > -6 && edges[2] < 52 && edges[3] < 10)
    }

    @Test func aPlaceTooSmallForTheOutlinesZoomsByAreaInstead() throws {
        let page = try client.get("/countries/sg").text
        #expect(page.contains(#"id="map""#))
        #expect(!page.contains("data-bounds="))
    }
}
