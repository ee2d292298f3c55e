import Clocks

/// An HMAC-SHA256 key that signs many messages (the session signer's): each thread keys its own
/// `EVP_MAC_CTX` once and re-initialises it for each message without the key, which skips the key's
/// setup (two SHA-256 blocks and an allocation in OpenSSL) on every new visitor's request. The bytes
/// are those of `Crypto.hmacSHA256(key:message:)`; should a context call fail, they come from there.
public final class HMACSHA256Key: Sendable {
    private let key: [UInt8]
    private let contexts = PerThread<KeyedContext> { KeyedContext() }

    /// One thread's context and whether it holds the key yet.
    private struct KeyedContext {
        let context = HMACSHA256Context()
        var isKeyed = false
    }

    /// - Parameter key: the secret, any length (RFC 2104 §2).
    public init(_ key: [UInt8]) {
        self.key = key
    }

    /// The first `length` bytes (at most 32) of the MAC of `message` followed by `more`.
    public func authenticationCode(of message: [UInt8], then more: [UInt8] = [], length: Int = 32) -> [UInt8] {
        let signed = contexts.withValue { thread -> [UInt8]? in
            let digest = thread.context.sign(key: thread.isKeyed ? nil : key, message: message, then: more)
            thread.isKeyed = digest != nil
            return digest
        }
        guard let digest = signed else {
            return Crypto.hmacSHA256(key: key, message: message, then: more, length: length)
        }
        return Crypto.truncated(digest, to: length)
    }
}
