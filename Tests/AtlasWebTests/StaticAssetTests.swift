import Foundation
import HTTPCore
import Localization
import Routing
import Testing

struct StaticAssetTests {
    let app: AppFixture
    var client: TestClient { app.client }

    init() throws { app = try AppFixture() }

    @Test(arguments: [
        ("/static/css/atlas.css", "text/css; charset=utf-8"),
        ("/static/js/country-map.js", "text/javascript; charset=utf-8"),
        ("/favicon.ico", "image/x-icon"), ("/static/icons/favicon.svg", "image/svg+xml"),
        ("/vendor/leaflet/leaflet.min.js", "text/javascript; charset=utf-8"),
        ("/vendor/leaflet/leaflet.css", "text/css; charset=utf-8"),
        ("/vendor/leaflet/images/marker-icon.png", "image/png"),
        ("/vendor/leaflet/images/marker-icon-2x.png", "image/png"),
        ("/vendor/leaflet/images/marker-shadow.png", "image/png"),
    ])
    func assetsPagesReferToAreServedWithTheirType(_ path: String, _ contentType: String) throws {
        let response = try client.get(path)
        #expect(response.status == .ok, "\(path)")
        #expect(response.fields[.contentType] == contentType)
        #expect(!response.body.isEmpty)
    }

    @Test func everyLocalURLOnThePagesAnswers200() throws {
        var checked = Set<String>()
        for page in ["/", "/countries", "/countries/kr", "/countries/diamond-princess", "/countries/atlantis"] {
            let response = try client.get(page)
            // A not-found page links to itself in the other language, not found there either.
            let sameInEveryLanguage = Set(Language.alternates(of: page).map(\.target))
            for url in localURLs(in: response.text) where !checked.contains(url) {
                checked.insert(url)
                let status = try client.get(url).status
                let expected: Set<StatusCode> =
                    sameInEveryLanguage.contains(url) ? [response.status] : [.ok, .movedPermanently]
                #expect(expected.contains(status), "\(page) links to \(url), which answers \(status)")
            }
        }
        #expect(checked.count > 20)
    }

    /// `href="/…"` and `src="/…"` values, unescaped.
    private func localURLs(in html: String) -> [String] {
        var urls: [String] = []
        for attribute in ["href=\"/", "src=\"/"] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                let after = rest[start.upperBound...]
                guard let end = after.firstIndex(of: "\"") else { break }
                urls.append("/" + after[..<end].replacingOccurrences(of: "&amp;", with: "&"))
                rest = after[end...]
            }
        }
        return urls
    }
}
