import Foundation

/// Folding of names for search and URL slugs: case- and diacritic-insensitive, punctuation ignored.
public enum TextFolding {
    /// Lower-cased, diacritics stripped, each run of non-letters and non-digits one space, trimmed:
    /// `"S. Korea"` → `"s korea"`, `"Côte d'Ivoire"` → `"cote d ivoire"`.
    public static func searchKey(_ text: String) -> String {
        // Most names are ASCII: fold those byte by byte, as Foundation would.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            var pendingSpace = false
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if pendingSpace && !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
                    pendingSpace = false
                    bytes.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    if pendingSpace && !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
                    pendingSpace = false
                    bytes.append(byte + 32)
                default:
                    pendingSpace = true
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        // Composed again (NFC) after the folding: Hangul typed or pasted as jamo (NFD, as macOS file names
        // hold it) is the same syllables as the precomposed text.
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .precomposedStringWithCanonicalMapping
        var result = ""
        result.reserveCapacity(folded.utf8.count)
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if pendingSpace && !result.isEmpty { result.unicodeScalars.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            } else {
                pendingSpace = true
            }
        }
        return result.lowercased()
    }

    /// Abbreviations names spell out, by folded word: `st` → `saint`, `ste` → `sainte`.
    static let abbreviations = ["st": "saint", "ste": "sainte"]

    /// A folded key with its abbreviations spelled out: `"st lucia"` → `"saint lucia"`.
    public static func spellingOutAbbreviations(_ key: String) -> String {
        guard key.utf8.count >= 2, key.contains("st") else { return key }
        let words = key.split(separator: " ")
        guard words.contains(where: { abbreviations[String($0)] != nil }) else { return key }
        return words.map { abbreviations[String($0)] ?? String($0) }.joined(separator: " ")
    }

    /// The search key with spaces as `-`: `"S. Korea"` → `"s-korea"`.
    public static func slug(_ text: String) -> String {
        searchKey(text).replacingOccurrences(of: " ", with: "-")
    }

    /// The lower-case ISO2 codes spelled by flag emoji in `text` (`"🇰🇷"` → `["kr"]`): pairs of regional
    /// indicators U+1F1E6…U+1F1FF (Unicode TR51 annex B).
    public static func regionCodes(inFlags text: String) -> [String] {
        let letters = text.unicodeScalars.compactMap { scalar -> Character? in
            guard (0x1F1E6...0x1F1FF).contains(scalar.value) else { return nil }
            return Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(scalar.value - 0x1F1E6)))
        }
        return stride(from: 0, to: letters.count - 1, by: 2).map { String(letters[$0...$0 + 1]) }
    }
}
