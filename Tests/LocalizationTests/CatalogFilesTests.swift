import Foundation
import Localization
import Testing

/// The repository's own catalogs, `Catalogs/<tag>.json`, as the server reads them at start.
struct CatalogFilesTests {
    static let directory: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path + "/Catalogs"
    }()

    @Test func everyLanguagesCatalogReads() throws {
        for language in Language.allCases {
            let catalog = try Catalog.load(language, directory: Self.directory)
            #expect(!catalog.texts.isEmpty, "\(language.tag).json is empty")
        }
    }

    @Test func theCatalogsHaveTheSameKeysAndPlaceholders() throws {
        let catalogs = try Language.allCases.map { try Catalog.load($0, directory: Self.directory) }
        let mismatches = Catalogs.mismatches(among: catalogs)
        #expect(mismatches.isEmpty, "\(mismatches.map(\.description).joined(separator: "\n"))")
        _ = try Catalogs.load(directory: Self.directory)
    }

    /// A Korean text that is the English one left untranslated: the same text, or letters but no Hangul.
    /// A text of placeholders alone (`{day} {change}`) has no words to translate.
    @Test func noKoreanTextIsTheEnglishTextLeftAsIs() throws {
        let english = try Catalog.load(.en, directory: Self.directory)
        let korean = try Catalog.load(.ko, directory: Self.directory)
        for (key, text) in korean.texts.sorted(by: { $0.key < $1.key }) {
            let values = Dictionary(uniqueKeysWithValues: (korean.placeholders(of: key) ?? []).map { ($0, "") })
            let words = try korean.text(key, filling: values)
            let hasLetters = words.unicodeScalars.contains { $0.properties.isAlphabetic }
            let hasHangul = words.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
            #expect(!hasLetters || hasHangul, "ko.json’s “\(key)” has no Hangul: \(text)")
            #expect(text != english.text(key), "ko.json’s “\(key)” is the English text")
        }
    }
}
