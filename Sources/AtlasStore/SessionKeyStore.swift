/// The key that signs session ids, shared by every process on the database: created once, by
/// whichever process asks first, and never changed (changing it would sign every visitor out).
public protocol SessionKeyStore: Sendable {
    /// The stored key; when none is stored yet, `candidate` is stored and returned. Two processes asking
    /// at once both get the one that was stored first.
    /// - Parameter candidate: 32 random bytes, used only when no key is stored.
    /// - Throws: `StoreError` when the store cannot be read or written.
    func sessionKey(storingIfMissing candidate: [UInt8]) throws -> [UInt8]
}
