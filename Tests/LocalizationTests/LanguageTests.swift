import Localization
import Testing

/// Which language an address is in, and the same page's address in the other.
struct LanguagePathTests {
    @Test(arguments: [
        ("/", Language.en, "/"),
        ("/countries?q=korea&continent=asia", .en, "/countries?q=korea&continent=asia"),
        ("/ko/", .ko, "/"),
        ("/ko", .ko, "/"),
        ("/ko?map=deaths", .ko, "/?map=deaths"),
        ("/ko/?map=deaths", .ko, "/?map=deaths"),
        ("/ko/countries/kr?metric=deaths&scale=log", .ko, "/countries/kr?metric=deaths&scale=log"),
        ("/ko/compare?countries=kr,jp", .ko, "/compare?countries=kr,jp"),
        ("/ko/profile/edit", .ko, "/profile/edit"),
        // Only a whole first segment is a prefix.
        ("/korea", .en, "/korea"),
        ("/kor/countries", .en, "/kor/countries"),
        ("/countries/ko", .en, "/countries/ko"),
        ("/KO/countries", .en, "/KO/countries"),
        ("/%6Bo/countries", .en, "/%6Bo/countries"),
        // A query that mentions the prefix stays a query.
        ("/?next=/ko/", .en, "/?next=/ko/"),
        // Only one prefix comes off: `/ko/ko/x` is the Korean page of the English `/ko/x`, which is none.
        ("/ko/ko/countries", .ko, "/ko/countries"),
    ])
    func aTargetSplitsIntoItsLanguageAndTheEnglishTarget(_ target: String, _ language: Language, _ english: String) {
        let split = Language.split(target)
        #expect(split.language == language)
        #expect(split.target == english)
    }

    @Test(arguments: [
        "/", "/?map=deaths", "/countries?q=%ED%95%9C%EA%B5%AD&sort=name&order=desc", "/countries/kr",
        "/compare?countries=kr,jp&per=total", "/profile", "/profile/edit",
    ])
    func everyLanguagesAddressLeadsBackToTheSamePage(_ english: String) {
        for language in Language.allCases {
            let target = language.target(forEnglish: english)
            let split = Language.split(target)
            #expect(split.language == language, "\(target)")
            #expect(split.target == english, "\(target)")
        }
    }

    @Test(arguments: [
        (Language.en, "/", "/"), (.en, "/countries?q=kr", "/countries?q=kr"), (.ko, "/", "/ko/"),
        (.ko, "/?map=deaths", "/ko/?map=deaths"), (.ko, "/countries/kr?per=million", "/ko/countries/kr?per=million"),
    ])
    func anEnglishAddressGetsTheLanguagesPrefix(_ language: Language, _ english: String, _ expected: String) {
        #expect(language.target(forEnglish: english) == expected)
    }

    @Test(arguments: ["/compare?countries=kr,jp", "/ko/compare?countries=kr,jp"])
    func bothLanguagesNameTheSameAlternates(_ target: String) {
        let alternates = Language.alternates(of: target)
        #expect(alternates.map(\.hreflang) == ["en", "ko", "x-default"])
        #expect(
            alternates.map(\.target) == [
                "/compare?countries=kr,jp", "/ko/compare?countries=kr,jp", "/compare?countries=kr,jp",
            ])
    }

    @Test(arguments: [(Language.en, "en", "", "English"), (.ko, "ko", "/ko", "한국어")])
    func aLanguageHasItsTagPrefixAndName(_ language: Language, _ tag: String, _ prefix: String, _ name: String) {
        #expect(language.tag == tag)
        #expect(language.pathPrefix == prefix)
        #expect(language.nativeName == name)
    }
}
