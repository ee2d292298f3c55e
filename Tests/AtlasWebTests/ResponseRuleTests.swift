import Foundation
import HTTPCore
import Routing
import Testing

@testable import AtlasWeb

/// The app's rules for every response, each decided in one place.
struct ResponseRuleTests {
    static func request(_ target: String, accept: String? = nil) throws -> Request {
        var fields: Fields = ["Host": "test.local"]
        if let accept { fields["Accept"] = accept }
        return Request(method: .get, target: try RequestTarget(parsing: target), fields: fields, body: [])
    }

    @Test(
        arguments: [
            ("/api/countries", nil, ResponseFormat.json), ("/api/nothing/here", "text/html", .json),
            ("/healthz", nil, .json), ("/countries", nil, .html), ("/profile/edit", "application/json", .json),
            ("/profile/edit", "text/html,application/xhtml+xml,*/*;q=0.8", .html),
            ("/profile/edit", "application/json, text/html", .json),
            ("/profile/edit", "text/html, application/json", .html),
            ("/", "*/*", .html),
            // Weights (RFC 9110 §12.4.2): q=0 is "not acceptable"; the heavier wins, then the first.
            ("/profile/edit", "application/json;q=0", .html),
            ("/profile/edit", "application/json; q=0, text/html; q=0", .html),
            ("/profile/edit", "text/html;q=0.5, application/json", .json),
            ("/profile/edit", "application/json;q=0.5, text/html", .html),
            ("/profile/edit", "text/html;q=0, application/json;q=0.1", .json),
            ("/profile/edit", "application/json;q=1.0, text/html;q=1", .json),
            ("/profile/edit", "APPLICATION/JSON", .json),
            ("/profile/edit", "application/json;q=abc", .html),  // a weight that does not parse: 0
            // A narrower range does not weigh the plain type.
            ("/profile/edit", "text/html;level=1;q=0.1, text/html;q=0.9, application/json;q=0.5", .html),
            ("/profile/edit", "application/json;charset=utf-16, text/html;q=0.5", .html),
            ("/profile/edit", "application/json; charset=UTF-8, text/html;q=0.5", .json),
        ] as [(String, String?, ResponseFormat)])
    func jsonOrHTML(target: String, accept: String?, format: ResponseFormat) throws {
        #expect(ResponseFormat.preferred(by: try Self.request(target, accept: accept)) == format)
    }

    /// The pages that explain their own error (an unknown country with its near matches, a list that
    /// cannot be compared) answer a client that asks for JSON as the data addresses do.
    @Test(arguments: [
        ("/nope", 404, "There is no page at this address."),
        ("/countries/atlantis", 404, "Country not found or doesn't have any cases"),
        ("/ko/countries/korae?metric=doses", 404, "Country not found or doesn't have any cases"),
        ("/compare?countries=kr,zz", 400, "There is no country with the id \u{201C}zz\u{201D}."),
        (
            "/ko/compare?countries=kr,jp,us,fr,de,it,es,gb,ca", 400,
            "A comparison shows at most 8 countries; this list names 9."
        ),
    ])
    func anErrorWhoseFormatAcceptChoseSaysSo(_ target: String, _ status: Int, _ message: String) throws {
        let fixture = try AppFixture()
        let html = try fixture.client.get(target)
        let json = try fixture.client.get(target, fields: ["Accept": "application/json"])
        #expect(html.status.code == status && json.status.code == status)
        #expect(html.fields[.contentType]?.hasPrefix("text/html") == true)
        #expect(json.fields[.contentType]?.hasPrefix("application/json") == true)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.body)) as? [String: Any]
        #expect(decoded?["message"] as? String == message)
        for response in [html, json] { #expect(response.fields[.vary]?.contains("Accept") == true) }
    }

    @Test func theJSONOnlyAddressesVaryByNothing() throws {
        let fixture = try AppFixture()
        // The JSON-only addresses answer JSON whatever Accept says: nothing to vary by.
        #expect(try fixture.client.get("/api/nothing/here").fields[.vary]?.contains("Accept") != true)
    }

    @Test func severalAcceptLinesAreOneList() throws {
        var fields: Fields = ["Host": "test.local"]
        fields.append("Accept", "text/html;q=0.1")
        fields.append("Accept", "application/json")
        let request = Request(
            method: .get, target: try RequestTarget(parsing: "/nope"), fields: fields, body: [])
        #expect(ResponseFormat.preferred(by: request) == .json)
    }

    @Test(
        arguments: [
            (CachePolicy.shared, "no-cache", nil), (.sharedVaryingByCookie, "no-cache", "Cookie"),
            (.privateToVisitor, "private, no-cache", "Cookie"), (.noStore, "no-store", nil),
        ] as [(CachePolicy, String, String?)])
    func whoMayKeepACopy(policy: CachePolicy, cacheControl: String, vary: String?) {
        var fields = Fields()
        policy.apply(to: &fields)
        #expect(fields[.cacheControl] == cacheControl)
        #expect(fields[.vary] == vary)
    }

    @Test func aPrivatePageKeepsWhatItAlreadyVariesBy() {
        var fields: Fields = ["Vary": "Accept-Encoding", "Cache-Control": "no-cache"]
        CachePolicy.privateToVisitor.apply(to: &fields)
        #expect(fields[.vary] == "Accept-Encoding, Cookie")
        #expect(fields.values(for: .cacheControl) == ["private, no-cache"])
    }

    @Test func everyJSONBodyLeavesTheSameWay() {
        let response = JSONResponse.object(status: .conflict) { $0.field("version", Int64(3)) }
        #expect(response.status == .conflict)
        #expect(response.fields[.contentType] == "application/json; charset=utf-8")
        #expect(response.fields[.xContentTypeOptions] == "nosniff")
        #expect(response.text == #"{"version":3}"#)
    }
}
