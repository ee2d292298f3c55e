import Localization
import Testing

/// A catalog's keys and placeholders, and filling a text.
struct CatalogTests {
    @Test func aTextIsFilledByName() throws {
        let catalog = try Catalog(
            language: .ko, texts: ["list.count": "국가 및 지역 {count}곳", "chart.peak": "{date}에 {value}로 최고"])
        #expect(try catalog.text("list.count", filling: ["count": "224"]) == "국가 및 지역 224곳")
        #expect(
            try catalog.text("chart.peak", filling: ["value": "2,345", "date": "2021년 3월 7일"])
                == "2021년 3월 7일에 2,345로 최고")
        #expect(catalog.placeholders(of: "chart.peak") == ["date", "value"])
        #expect(catalog.text("list.count") == "국가 및 지역 {count}곳")
    }

    @Test func aPlaceholderNamedTwiceIsFilledTwice() throws {
        let catalog = try Catalog(language: .en, texts: ["a": "{x} and {x}"])
        #expect(try catalog.text("a", filling: ["x": "1"]) == "1 and 1")
        #expect(catalog.placeholders(of: "a") == ["x"])
    }

    @Test func aValueIsInsertedAsIsEvenWithBraces() throws {
        let catalog = try Catalog(language: .en, texts: ["search.none": "Nothing matches “{q}”."])
        #expect(try catalog.text("search.none", filling: ["q": "{count}"]) == "Nothing matches “{count}”.")
    }

    @Test(arguments: [
        ["count": "1", "extra": "2"], [:], ["other": "1"],
    ])
    func valuesThatDoNotMatchThePlaceholdersAreRefused(_ values: [String: String]) throws {
        let catalog = try Catalog(language: .en, texts: ["list.count": "{count} countries"])
        #expect(throws: CatalogError.self) { try catalog.text("list.count", filling: values) }
    }

    @Test func anUnknownKeyIsRefused() throws {
        let catalog = try Catalog(language: .en, texts: ["nav.countries": "Countries"])
        #expect(throws: CatalogError.unknownKey("nav.country")) { try catalog.text("nav.country", filling: [:]) }
        #expect(catalog.text("nav.country") == nil)
    }

    @Test(arguments: ["Nav.countries", "nav..countries", ".nav", "nav.", "nav-countries", "nav.countries!", "", "한국"])
    func aMalformedKeyIsRefused(_ key: String) {
        #expect(throws: CatalogError.malformedKey(key)) { try Catalog(language: .en, texts: [key: "x"]) }
    }

    @Test(arguments: ["nav.countries", "error.404.title", "stat.casesPerMillion", "a"])
    func aKeyNamedByMeaningIsAccepted(_ key: String) throws {
        #expect(try Catalog(language: .en, texts: [key: "x"]).text(key) == "x")
    }

    @Test(arguments: ["{count", "count}", "{}", "{1st}", "{a b}", "{{count}}", "{count}}", "{카운트}"])
    func aMalformedPlaceholderIsRefused(_ text: String) {
        #expect(throws: CatalogError.malformedPlaceholder(key: "k", text: text)) {
            try Catalog(language: .en, texts: ["k": text])
        }
    }

    @Test func aKeyThatStartsAGroupIsRefused() {
        #expect(throws: CatalogError.keyIsAlsoAGroup("nav")) {
            try Catalog(language: .en, texts: ["nav": "Main", "nav.countries": "Countries", "navigation": "x"])
        }
    }

    @Test func theTreeNestsKeysBySegment() throws {
        let catalog = try Catalog(
            language: .en, texts: ["nav.countries": "Countries", "nav.compare": "Compare", "error.404.title": "Nope"])
        #expect(
            catalog.tree
                == .group([
                    "nav": .group(["countries": .text("Countries"), "compare": .text("Compare")]),
                    "error": .group(["404": .group(["title": .text("Nope")])]),
                ]))
    }
}

/// Two languages' catalogs must have the same keys, each with the same placeholders.
struct CatalogMismatchTests {
    @Test func agreeingCatalogsHaveNoMismatch() throws {
        let english = try Catalog(language: .en, texts: ["a": "{n} countries", "b": "Compare"])
        let korean = try Catalog(language: .ko, texts: ["a": "국가 {n}곳", "b": "비교"])
        #expect(Catalogs.mismatches(among: [english, korean]).isEmpty)
        #expect(try Catalogs([english, korean])[.ko].text("b") == "비교")
    }

    @Test func aKeyMissingFromEitherCatalogIsAMismatch() throws {
        let english = try Catalog(language: .en, texts: ["a": "A", "onlyEnglish": "E"])
        let korean = try Catalog(language: .ko, texts: ["a": "가", "onlyKorean": "한"])
        #expect(
            Catalogs.mismatches(among: [english, korean]) == [
                .missing(key: "onlyEnglish", language: .ko), .missing(key: "onlyKorean", language: .en),
            ])
        #expect(throws: CatalogError.self) { try Catalogs([english, korean]) }
    }

    @Test func placeholdersInAnotherOrderAgree() throws {
        let english = try Catalog(language: .en, texts: ["peak": "Peaked at {value} on {date}"])
        let korean = try Catalog(language: .ko, texts: ["peak": "{date}에 {value}로 최고"])
        #expect(Catalogs.mismatches(among: [english, korean]).isEmpty)
    }

    @Test(arguments: [("{n}곳", ["n"]), ("{count}곳, {extra}", ["count", "extra"]), ("곳", [])])
    func differentPlaceholdersAreAMismatch(_ korean: String, _ found: [String]) throws {
        let english = try Catalog(language: .en, texts: ["count": "{count} places"])
        let catalog = try Catalog(language: .ko, texts: ["count": korean])
        #expect(
            Catalogs.mismatches(among: [english, catalog]) == [
                .placeholdersDiffer(key: "count", language: .ko, expected: ["count"], found: found)
            ])
    }
}
