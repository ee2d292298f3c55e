import HTTPCore
import Testing

@testable import Routing

/// FNV-1a, 64 bits, against the published test vectors (draft-eastlake-fnv, the 64-bit FNV-1a column).
struct FNV1aTests {
    @Test(arguments: [
        ("", "cbf29ce484222325"), ("a", "af63dc4c8601ec8c"), ("foobar", "85944171f73967e8"),
    ])
    func knownVectors(input: String, hash: String) {
        #expect(FNV1a.hex(of: input) == hash)
        #expect(FNV1a.hex(of: Array(input.utf8)) == hash)
    }

    @Test func combiningInPiecesIsHashingTheWhole() {
        var hasher = FNV1a()
        hasher.combine("foo")
        hasher.combine(Array("bar".utf8))
        #expect(hasher.hex == FNV1a.hex(of: "foobar"))
    }

    @Test func leadingZerosAreKept() {
        // Any 16-digit hash: the fingerprint of a static file is always 16 hex digits.
        for text in ["x", "yy", "zzz", "0123456789"] { #expect(FNV1a.hex(of: text).count == 16) }
    }
}

/// `Vary` collects tokens once each, in the order they were added (RFC 9110 §12.5.5).
struct VaryTests {
    @Test(
        arguments: [
            (nil, "Cookie", "Cookie"), ("Cookie", "Accept-Encoding", "Cookie, Accept-Encoding"),
            ("Cookie, Accept-Encoding", "cookie", "Cookie, Accept-Encoding"), ("*", "Cookie", "*"),
            ("", "Cookie", "Cookie"),
        ] as [(String?, String, String)])
    func addingAToken(existing: String?, token: String, result: String) {
        var fields = Fields()
        if let existing { fields[.vary] = existing }
        fields.addVary(token)
        #expect(fields[.vary] == result)
    }
}
