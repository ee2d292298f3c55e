import Testing

@testable import Routing

struct RoutePatternTests {
    /// A path matches a pattern only with as many segments, but for a `*` that takes the rest; the
    /// count is checked before any segment is compared.
    @Test(
        "which paths a pattern matches, and what it captures",
        arguments: [
            ("/ko/profile/edit", ["ko", "profile", "edit"], "[:] []"),
            ("/ko/profile/edit", ["ko", "profile"], "no match"),
            ("/ko/profile/edit", ["ko", "profile", "edit", ""], "no match"),
            ("/ko/profile", ["ko", "profile", "edit"], "no match"),
            ("/ko/countries/:id", ["ko", "countries", "kr"], "[\"id\": \"kr\"] []"),
            ("/ko/countries/:id", ["ko", "countries", ""], "no match"),
            ("/ko/countries/:id", ["ko", "compare", "kr"], "no match"),
            ("/ko/", ["ko", ""], "[:] []"),
            ("/ko/", ["ko"], "no match"),
            ("/", [], "[:] []"),
            ("/static/*", ["static"], "[:] []"),
            ("/static/*", ["static", "css", "atlas.css"], "[:] [\"css\", \"atlas.css\"]"),
            ("/static/*", ["flags", "kr.svg"], "no match"),
        ])
    func matches(pattern: String, segments: [String], expected: String) {
        let found = RoutePattern(pattern).match(segments)
        #expect(found.map { "\($0.values) \($0.rest)" } ?? "no match" == expected)
    }
}
