import COpenSSL

/// The few cryptographic primitives sessions need, from OpenSSL's libcrypto (https://docs.openssl.org/3.0/man3/).
enum Crypto {
    /// SHA-256 (FIPS 180-4) of `bytes`: 32 bytes.
    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        bytes.withUnsafeBufferPointer { input in
            _ = SHA256(input.baseAddress, input.count, &digest)
        }
        return digest
    }

    /// HMAC-SHA256 (RFC 2104) of `message` under `key`: 32 bytes.
    static func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
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

    /// Whether two byte strings are equal, in time that depends only on their length (`CRYPTO_memcmp`),
    /// so comparing a secret leaks nothing about how many leading bytes matched.
    static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard !lhs.isEmpty else { return true }
        return lhs.withUnsafeBytes { left in
            rhs.withUnsafeBytes { right in CRYPTO_memcmp(left.baseAddress, right.baseAddress, left.count) == 0 }
        }
    }

    /// Lower-case hexadecimal, two digits per byte.
    static func hex(_ bytes: [UInt8]) -> String { String(decoding: hexDigits(bytes), as: UTF8.self) }

    /// Lower-case hexadecimal as UTF-8 bytes, two digits per byte.
    static func hexDigits(_ bytes: [UInt8]) -> [UInt8] {
        var text = [UInt8](repeating: 0, count: bytes.count * 2)
        for (index, byte) in bytes.enumerated() {
            text[2 * index] = hexDigit(byte >> 4)
            text[2 * index + 1] = hexDigit(byte & 0x0f)
        }
        return text
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// The bytes of lower-case hexadecimal `text`; `nil` for odd length or any other character.
    static func bytes(hex text: Substring) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        func nibble(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            default: return nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}
