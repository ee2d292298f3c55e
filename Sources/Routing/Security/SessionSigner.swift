/// Signs session ids so only ids this server minted are accepted: the cookie carries the id and an
/// HMAC-SHA256 of it under a key every process shares (`SessionKeyStore`). An id without a valid
/// signature counts as no cookie, so it never gets rows.
///
/// The same HMAC gives the session's CSRF secret: its first `signatureLength` bytes are the cookie's
/// signature, the other `csrfSecretLength` the secret, which never leaves the server but in the
/// session's own forms. The halves of one HMAC are independent pseudorandom bytes, so knowing the
/// signature tells nothing of the secret, and a visitor costs one HMAC instead of two.
public struct SessionSigner: Sendable {
    /// The key's length in bytes.
    public static let keyLength = 32
    /// Bytes of the HMAC kept in the cookie: 128 bits, beyond guessing.
    public static let signatureLength = 16
    /// Bytes of the HMAC kept as the session's CSRF secret: the 16 after the signature.
    public static let csrfSecretLength = 32 - signatureLength

    private let key: HMACSHA256Key
    private static let label = Array("atlas session v1".utf8)

    /// - Parameter key: `keyLength` bytes from `SessionKeyStore`.
    public init(key: [UInt8]) {
        self.key = HMACSHA256Key(key)
    }

    /// Where the signature is in `authenticationCode(of:)`: its first `signatureLength` bytes.
    public static let signatureBytes = 0..<signatureLength
    /// Where the CSRF secret is in `authenticationCode(of:)`: the `csrfSecretLength` bytes after the
    /// signature.
    public static let csrfSecretBytes = signatureLength..<signatureLength + csrfSecretLength

    /// HMAC-SHA256("atlas session v1" ‖ id), 32 bytes: `id`'s signature at `signatureBytes`, its CSRF
    /// secret at `csrfSecretBytes`.
    public func authenticationCode(of id: [UInt8]) -> [UInt8] {
        key.authenticationCode(of: Self.label, then: id)
    }

    /// The signature of `id` (`signatureLength` bytes).
    public func signature(of id: [UInt8]) -> [UInt8] {
        key.authenticationCode(of: Self.label, then: id, length: Self.signatureLength)
    }
}
