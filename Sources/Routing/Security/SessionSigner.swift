/// Signs session ids so only ids this server minted are accepted: the cookie carries the id and an
/// HMAC-SHA256 of it under a key every process shares (`SessionKeyStore`). An id without a valid
/// signature counts as no cookie, so it never gets rows.
public struct SessionSigner: Sendable {
    /// The key's length in bytes.
    public static let keyLength = 32
    /// Bytes of the HMAC kept in the cookie: 128 bits, beyond guessing.
    public static let signatureLength = 16

    private let key: HMACSHA256Key
    private static let label = Array("atlas session v1".utf8)

    /// - Parameter key: `keyLength` bytes from `SessionKeyStore`.
    public init(key: [UInt8]) {
        self.key = HMACSHA256Key(key)
    }

    /// The signature of `id` (`signatureLength` bytes).
    public func signature(of id: [UInt8]) -> [UInt8] {
        key.authenticationCode(of: Self.label, then: id, length: Self.signatureLength)
    }

    /// Whether `signature` is `id`'s, compared in constant time.
    public func verifies(_ signature: [UInt8], of id: [UInt8]) -> Bool {
        Crypto.constantTimeEqual(signature, self.signature(of: id))
    }
}
