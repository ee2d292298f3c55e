import Testing

@testable import HTTPCore

/// The byte sets the parser checks, written as bit masks, against their grammar's own spelling for
/// every byte value.
struct ByteClassTests {
    static let alphaDigit = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

    @Test(arguments: [
        // `tchar` (RFC 9110 §5.6.2).
        ("tchar", alphaDigit + "!#$%&'*+-.^_`|~"),
        // unreserved, sub-delims, ":", "@", "/", "?" and "%" (RFC 3986 §2).
        ("target", alphaDigit + "-._~!$&'()*+,;=:@/?%"),
    ])
    func eachByteIsInItsSetExactlyWhenTheGrammarListsIt(set: String, members: String) {
        let listed = Set(members.utf8)
        for value in 0...255 {
            let byte = UInt8(value)
            let found = set == "tchar" ? ByteClass.isTokenByte(byte) : RequestTarget.isAllowed(byte)
            #expect(found == listed.contains(byte), "byte \(value) in \(set)")
        }
    }
}
