import Foundation

/// Folding of names for search and URL slugs: case- and diacritic-insensitive, punctuation ignored.
public enum TextFolding {
    /// Lower-cases, strips diacritics (`Côte` → `cote`), and turns every run of characters that are not
    /// letters or digits into one space, trimmed: `"S. Korea"` → `"s korea"`, `"Côte d'Ivoire"` → `"cote d ivoire"`.
    public static func searchKey(_ text: String) -> String {
        // Most names are plain ASCII letters, digits and punctuation: fold those byte by byte, which
        // is what Foundation's folding would do to them, without it.
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
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
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

    /// The abbreviations names spell out, by folded word: `st` → `saint`, `ste` → `sainte`
    /// (`St. Barth`, `St. Vincent Grenadines` beside `Saint Lucia`, `Saint Martin`).
    static let abbreviations = ["st": "saint", "ste": "sainte"]

    /// A folded key with its abbreviations spelled out, word by word: `"st lucia"` → `"saint lucia"`;
    /// a key without any is returned as it is.
    public static func spellingOutAbbreviations(_ key: String) -> String {
        guard key.utf8.count >= 2, key.contains("st") else { return key }
        let words = key.split(separator: " ")
        guard words.contains(where: { abbreviations[String($0)] != nil }) else { return key }
        return words.map { abbreviations[String($0)] ?? String($0) }.joined(separator: " ")
    }

    /// A URL slug: the search key with spaces as `-`: `"Diamond Princess"` → `"diamond-princess"`,
    /// `"S. Korea"` → `"s-korea"`.
    public static func slug(_ text: String) -> String {
        searchKey(text).replacingOccurrences(of: " ", with: "-")
    }

    /// The ISO 3166-1 alpha-2 codes spelled by flag emoji in `text`, lower case: `"🇰🇷"` → `["kr"]`.
    /// A flag is a pair of regional indicator symbols (U+1F1E6…U+1F1FF, Unicode TR51 annex B).
    public static func regionCodes(inFlags text: String) -> [String] {
        let letters = text.unicodeScalars.compactMap { scalar -> Character? in
            guard (0x1F1E6...0x1F1FF).contains(scalar.value) else { return nil }
            return Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(scalar.value - 0x1F1E6)))
        }
        return stride(from: 0, to: letters.count - 1, by: 2).map { String(letters[$0...$0 + 1]) }
    }
}
