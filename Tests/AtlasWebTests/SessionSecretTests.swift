import Routing
import Testing

@testable import AtlasWeb

/// Session ids and CSRF tokens: HMAC through the per-thread context and ids from the CSPRNG.
struct SessionSecretTests {
    /// RFC 4231 §4.2, §4.3 and §4.4 (test cases 1–3), one after another on whatever thread runs them,
    /// so a context reused with a new key must not keep anything of the last one.
    @Test(arguments: [
        (
            [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        ),
        (
            Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        ),
        (
            [UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
            "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
        ),
    ])
    func hmacSHA256MatchesRFC4231(key: [UInt8], message: [UInt8], expected: String) {
        #expect(Crypto.hex(Crypto.hmacSHA256(key: key, message: message)) == expected)
        #expect(Crypto.hex(Crypto.hmacSHA256(key: key, message: message)) == expected)
        // The message in two pieces, and cut short, as session signatures are made.
        for split in [0, 1, message.count / 2, message.count] {
            let (first, rest) = (Array(message[..<split]), Array(message[split...]))
            #expect(Crypto.hex(Crypto.hmacSHA256(key: key, message: first, then: rest)) == expected)
            #expect(
                Crypto.hex(Crypto.hmacSHA256(key: key, message: first, then: rest, length: 16))
                    == String(expected.prefix(32)))
        }
    }

    /// A key kept in each thread's context gives, message after message and on several threads at once,
    /// the bytes of a fresh HMAC, even with other keys used in between on the same thread.
    @Test func aKeptKeySignsEachMessageAsAFreshHMACWould() async {
        let key = HMACSHA256Key(Array("Jefe".utf8))
        #expect(
            Crypto.hex(key.authenticationCode(of: Array("what do ya want ".utf8), then: Array("for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        await withTaskGroup(of: Bool.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    (0..<200).allSatisfy { index in
                        let id = Crypto.randomBytes(16)
                        let label = Array("label \(thread)".utf8)
                        _ = Crypto.hmacSHA256(key: id, message: label)
                        return key.authenticationCode(of: label, then: id, length: 16)
                            == Array(Crypto.hmacSHA256(key: Array("Jefe".utf8), message: label + id).prefix(16))
                    }
                }
            }
            for await agreed in group { #expect(agreed) }
        }
    }

    @Test func sessionIDsAreSixteenBytesAndNeverRepeat() {
        let ids = (0..<1000).map { _ in Crypto.randomBytes(16) }
        #expect(ids.allSatisfy { $0.count == 16 })
        #expect(Set(ids.map(Crypto.hex)).count == 1000)
    }
}
