/// FNV-1a, 64 bits (draft-eastlake-fnv §2): fast, stable and non-cryptographic, for what only has to
/// change when content does (asset fingerprints, `ETag` parts, template versions); never for what an
/// attacker must not forge.
public struct FNV1a: Sendable {
    /// The 64-bit FNV offset basis and prime.
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x100_0000_01b3

    /// The hash of everything combined so far.
    public private(set) var value: UInt64 = FNV1a.offsetBasis

    /// A hash of nothing yet.
    public init() {}

    /// Adds `bytes` to the hash, one byte at a time.
    public mutating func combine<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        var value = self.value
        let done: Void? = bytes.withContiguousStorageIfAvailable { storage in
            for byte in storage { value = (value ^ UInt64(byte)) &* FNV1a.prime }
        }
        if done == nil {
            for byte in bytes { value = (value ^ UInt64(byte)) &* FNV1a.prime }
        }
        self.value = value
    }

    /// Adds the UTF-8 bytes of `text`.
    public mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine($0) }
    }

    /// The hash as 16 lower-case hexadecimal digits (leading zeros kept).
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The 16-digit hex hash of `bytes`.
    public static func hex<Bytes: Sequence<UInt8>>(of bytes: Bytes) -> String {
        var hasher = FNV1a()
        hasher.combine(bytes)
        return hasher.hex
    }

    /// The 16-digit hex hash of the UTF-8 bytes of `text`.
    public static func hex(of text: String) -> String {
        var hasher = FNV1a()
        hasher.combine(text)
        return hasher.hex
    }
}
