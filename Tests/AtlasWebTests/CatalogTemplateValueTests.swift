import Foundation
import Localization
import Mustache
import Testing

@testable import AtlasWeb

/// A catalog reaches templates as nested values: `{{words.nav.countries}}`.
struct CatalogTemplateValueTests {
    static let catalogs: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path + "/Catalogs"
    }()

    @Test(arguments: [(Language.en, "Countries · Error {status}"), (.ko, "국가 · 오류 {status}")])
    func aTemplateReadsAWordByItsKey(_ language: Language, _ expected: String) throws {
        let catalog = try Catalogs.load(directory: Self.catalogs)[language]
        let template = try Template("{{words.nav.countries}} · {{words.error.status}}")
        let context: TemplateValue = ["words": TemplateValue(catalog.tree)]
        // A text with a placeholder comes as written: its view model fills it instead.
        #expect(template.render(context) == expected)
    }

    @Test func aWordIsEscapedLikeAnyValue() throws {
        let catalog = try Catalog(language: .en, texts: ["a.b": "<b>&</b>"])
        let template = try Template("{{words.a.b}}")
        #expect(template.render(["words": TemplateValue(catalog.tree)]) == "&lt;b&gt;&amp;&lt;/b&gt;")
    }
}
