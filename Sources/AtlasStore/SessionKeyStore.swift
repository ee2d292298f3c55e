/// The key that signs session ids, shared by every process on the database: stored by the first to
/// ask, never changed (that would sign every visitor out).
public protocol SessionKeyStore: Sendable {
    /// The stored key, or `candidate` (32 random bytes) stored when none is; concurrent callers all get
    /// the first one stored.
    /// - Throws: `StoreError` when the store cannot be read or written.
    func sessionKey(storingIfMissing candidate: [UInt8]) throws -> [UInt8]
}
