import COpenSSL
import Clocks

/// The few cryptographic primitives sessions need, from OpenSSL's libcrypto (https://docs.openssl.org/3.0/man3/).
public enum Crypto {
    /// SHA-256 (FIPS 180-4) of `bytes`: 32 bytes.
    ///
    /// Through a per-thread `EVP_MD_CTX` and a digest fetched once, since OpenSSL 3's one-shot `SHA256()`
    /// fetches the implementation on every call, under a lock all threads share (docs/performance.md);
    /// should a context call fail, `SHA256()` gives the same bytes.
    public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        if let digest = digestContext.withValue({ $0.sha256(bytes) }) { return digest }
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        bytes.withUnsafeBufferPointer { input in
            _ = SHA256(input.baseAddress, input.count, &digest)
        }
        return digest
    }

    /// HMAC-SHA256 (RFC 2104) of `message` under `key`: 32 bytes.
    ///
    /// Through a per-thread `EVP_MAC_CTX`, since OpenSSL 3's one-shot `HMAC()` fetches the implementations
    /// on every call (docs/performance.md); should a context call fail, `HMAC()` gives the same bytes.
    public static func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        hmacSHA256(key: key, message: message, then: [])
    }

    /// HMAC-SHA256 of `message` followed by `more` under `key`, its first `length` bytes (at most 32):
    /// the same bytes as `hmacSHA256(key:message:)` of the two joined, without joining them, in one array.
    public static func hmacSHA256(key: [UInt8], message: [UInt8], then more: [UInt8], length: Int = 32) -> [UInt8] {
        if let digest = hmacContext.withValue({ $0.sign(key: Optional(key), message: message, then: more) }) {
            return truncated(digest, to: length)
        }
        return truncated(oneShotHMACSHA256(key: key, message: message + more), to: length)
    }

    /// The first `length` bytes of `digest` (all of them past its count), cut in place: it is consumed,
    /// so a fresh digest is not copied.
    static func truncated(_ digest: consuming [UInt8], to length: Int) -> [UInt8] {
        digest.removeLast(digest.count - min(max(length, 0), digest.count))
        return digest
    }

    private static func oneShotHMACSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        key.withUnsafeBufferPointer { keyBytes in
            message.withUnsafeBufferPointer { messageBytes in
                _ = HMAC(
                    EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count), messageBytes.baseAddress,
                    messageBytes.count, &digest, &length)
            }
        }
        return Array(digest.prefix(Int(length)))
    }

    /// `count` bytes (at most `RandomPool.size`) from OpenSSL's CSPRNG (`RAND_bytes`, seeded from
    /// `getrandom(2)`), drawn 4 KiB at a time into a per-thread pool as each call is costly; should it
    /// fail, from `SystemRandomNumberGenerator`.
    public static func randomBytes(_ count: Int) -> [UInt8] {
        if let bytes = randomPool.withValue({ $0.take(count) }) { return bytes }
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }

    private static let randomPool = PerThread<RandomPool> { RandomPool() }
    private static let hmacContext = PerThread<HMACSHA256Context> { HMACSHA256Context() }
    private static let digestContext = PerThread<SHA256Context> { SHA256Context() }

    /// Whether two byte strings are equal, in time that depends only on their length (`CRYPTO_memcmp`),
    /// so comparing a secret leaks nothing about how many leading bytes matched.
    public static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        constantTimeEqual(lhs[...], rhs)
    }

    /// `constantTimeEqual(_:_:)` with a part of an array, such as one half of an HMAC.
    public static func constantTimeEqual(_ lhs: ArraySlice<UInt8>, _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard !lhs.isEmpty else { return true }
        return lhs.withUnsafeBytes { left in
            rhs.withUnsafeBytes { right in CRYPTO_memcmp(left.baseAddress, right.baseAddress, left.count) == 0 }
        }
    }

    /// Lower-case hexadecimal, two digits per byte.
    public static func hex(_ bytes: [UInt8]) -> String { String(decoding: hexDigits(bytes), as: UTF8.self) }

    /// Lower-case hexadecimal as UTF-8 bytes, two digits per byte.
    public static func hexDigits(_ bytes: [UInt8]) -> [UInt8] { hexDigits(bytes[...]) }

    /// `hexDigits(_:)` of a part of an array, such as one half of an HMAC.
    public static func hexDigits(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        // Every new visitor's form page makes one. Written on the stack and copied: making the array
        // with `unsafeUninitializedCapacity` looks its type up in the runtime's metadata cache, about
        // 500 instructions (docs/performance.md).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count * 2) { text in
            Array(UnsafeBufferPointer(rebasing: text[..<writeHex(bytes, into: text, at: 0)]))
        }
    }

    /// Writes `bytes` as lower-case hexadecimal into `text` from `offset`, which must have room for two
    /// digits per byte, for a caller building a string in one allocation.
    /// - Returns: the offset after the last digit written.
    public static func writeHex(_ bytes: [UInt8], into text: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        writeHex(bytes[...], into: text, at: offset)
    }

    /// `writeHex(_:into:at:)` of a part of an array, such as one half of an HMAC.
    public static func writeHex(
        _ bytes: ArraySlice<UInt8>, into text: UnsafeMutableBufferPointer<UInt8>, at offset: Int
    ) -> Int {
        // The alphabet is a static string's bytes: no global array to initialise and bounds-check per digit.
        let alphabet = hexAlphabet.utf8Start
        for (index, byte) in bytes.enumerated() {
            text[offset &+ 2 &* index] = alphabet[Int(byte >> 4)]
            text[offset &+ 2 &* index &+ 1] = alphabet[Int(byte & 0x0f)]
        }
        return offset + bytes.count * 2
    }

    private static let hexAlphabet: StaticString = "0123456789abcdef"

    /// The bytes of lower-case hexadecimal `digits` (UTF-8); `nil` for odd length or any other character.
    /// Not generic, so a caller in another module with contiguous bytes (a session cookie) runs it
    /// specialised.
    public static func bytes(hex digits: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard digits.count % 2 == 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: digits.count / 2)
        for index in bytes.indices {
            guard let high = nibble(digits[2 &* index]), let low = nibble(digits[2 &* index &+ 1]) else { return nil }
            bytes[index] = high << 4 | low
        }
        return bytes
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    /// The bytes of lower-case hexadecimal `digits` (UTF-8); `nil` for odd length or any other character.
    public static func bytes<Digits: Collection<UInt8>>(hex digits: Digits) -> [UInt8]? {
        guard digits.count % 2 == 0 else { return nil }
        func nibble(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            default: return nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = digits.startIndex
        while index != digits.endIndex {
            let next = digits.index(after: index)
            guard let high = nibble(digits[index]), let low = nibble(digits[next]) else { return nil }
            bytes.append(high << 4 | low)
            index = digits.index(after: next)
        }
        return bytes
    }
}

/// One thread's `EVP_MAC_CTX` for HMAC with SHA-256 (https://docs.openssl.org/3.0/man7/EVP_MAC-HMAC/).
final class HMACSHA256Context {
    private let context: OpaquePointer?

    public init() {
        let mac = EVP_MAC_fetch(nil, "HMAC", nil)
        // The context holds its own reference to the MAC.
        context = mac.flatMap { EVP_MAC_CTX_new($0) }
        EVP_MAC_free(mac)
        guard let context else { return }
        var digestName = Array("SHA256".utf8CString)
        "digest".withCString { key in
            digestName.withUnsafeMutableBufferPointer { name in
                var parameters = [
                    OSSL_PARAM_construct_utf8_string(key, name.baseAddress, 0), OSSL_PARAM_construct_end(),
                ]
                _ = EVP_MAC_CTX_set_params(context, &parameters)
            }
        }
    }

    deinit { EVP_MAC_CTX_free(context) }

    /// The MAC of `message` then `more`, or `nil` when a step fails. With a `nil` key, under the key
    /// of the last call that gave one: `EVP_MAC_init` with a NULL key re-initialises HMAC with the key it
    /// has, skipping the key's two SHA-256 blocks and its allocation (EVP_MAC_init(3)).
    func sign(key: [UInt8]?, message: [UInt8], then more: [UInt8]) -> [UInt8]? {
        guard let context else { return nil }
        func initialized() -> Bool {
            guard let key else { return EVP_MAC_init(context, nil, 0, nil) == 1 }
            return key.withUnsafeBufferPointer { EVP_MAC_init(context, $0.baseAddress, $0.count, nil) == 1 }
        }
        // The digest goes to the stack and is copied out, as in `Crypto.hexDigits`.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { digest -> [UInt8]? in
            var length = 0
            let succeeded =
                initialized()
                && message.withUnsafeBufferPointer { messageBytes in
                    more.withUnsafeBufferPointer { moreBytes in
                        EVP_MAC_update(context, messageBytes.baseAddress, messageBytes.count) == 1
                            && (moreBytes.isEmpty
                                || EVP_MAC_update(context, moreBytes.baseAddress, moreBytes.count) == 1)
                            && EVP_MAC_final(context, digest.baseAddress, &length, 32) == 1
                    }
                }
            return succeeded && length == 32 ? Array(digest) : nil
        }
    }
}

/// One thread's `EVP_MD_CTX` and SHA-256 implementation, fetched once (https://docs.openssl.org/3.0/man3/EVP_DigestInit/).
private final class SHA256Context {
    private let digest: OpaquePointer?
    private let context: OpaquePointer?

    public init() {
        digest = EVP_MD_fetch(nil, "SHA256", nil)
        context = EVP_MD_CTX_new()
    }

    deinit {
        EVP_MD_CTX_free(context)
        EVP_MD_free(digest)
    }

    /// The digest of `bytes`, or `nil` when a step fails.
    public func sha256(_ bytes: [UInt8]) -> [UInt8]? {
        guard let digest, let context else { return nil }
        var output = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let succeeded = bytes.withUnsafeBufferPointer { input in
            EVP_DigestInit_ex2(context, digest, nil) == 1
                && EVP_DigestUpdate(context, input.baseAddress, input.count) == 1
                && EVP_DigestFinal_ex(context, &output, &length) == 1
        }
        return succeeded && length == 32 ? output : nil
    }
}

/// One thread's unused random bytes; each byte is handed out once and then zeroed.
private struct RandomPool {
    public static let size = 4096
    private var bytes = [UInt8](repeating: 0, count: RandomPool.size)
    private var next = RandomPool.size

    /// The next `count` bytes, refilling the pool first when too few are left; `nil` when `RAND_bytes` fails.
    public mutating func take(_ count: Int) -> [UInt8]? {
        guard count <= RandomPool.size else { return nil }
        if RandomPool.size - next < count {
            guard bytes.withUnsafeMutableBufferPointer({ RAND_bytes($0.baseAddress, Int32($0.count)) }) == 1 else {
                return nil
            }
            next = 0
        }
        let taken = Array(bytes[next..<next + count])
        for index in next..<next + count { bytes[index] = 0 }
        next += count
        return taken
    }
}
