import Testing

@testable import Routing

struct EntityTagTests {
    /// A page with holes' tag is its stem, `-`, the fragments' hash or tag and the closing quote, for
    /// stems and tags of any length, inline-sized or not.
    @Test(
        "the tag of a page with holes",
        arguments: [
            ("\"7-abc-0011", "s", "\"7-abc-0011-s\""),
            (
                "\"1733000000000-9f86d081-cafebabe-gzip", "g0123456789abcd",
                "\"1733000000000-9f86d081-cafebabe-gzip-g0123456789abcd\""
            ),
            ("\"", "", "\"-\""),
        ])
    func entityTag(_ stem: String, _ hash: String, _ expected: String) {
        #expect(PageCache.entityTag(stem: stem, fragmentHash: hash) == expected)
    }
}
