import AtlasCore
import Foundation
import HTTPCore
import Localization
import Routing
import Testing

@testable import AtlasWeb

/// The front page and the country page in Korean (`/ko/`, `/ko/countries/kr`): the English pages'
/// figures and views, every word from `Catalogs/ko.json`, links and redirects that stay in Korean.
struct KoreanPagesTests {
    let fixture: AppFixture
    var client: TestClient { fixture.client }

    init() throws { fixture = try AppFixture() }

    /// The values of the stat grid's cells (`<span class="stat-value">…</span>`), in order.
    static func statValues(_ page: String) -> [String] {
        page.matches(of: /<span class="stat-value">([^<]*)<\/span>/).map { String($0.output.1) }
    }

    @Test(arguments: [
        ("/countries/kr", "/ko/countries/kr"), ("/", "/ko/"),
        ("/countries/fr?metric=deaths&scale=log", "/ko/countries/fr?metric=deaths&scale=log"),
        ("/?metric=doses&map=vaccinated", "/ko/?metric=doses&map=vaccinated"),
    ])
    func theFiguresAreTheEnglishPagesButForTheWords(_ english: String, _ korean: String) throws {
        let en = try client.get(english)
        let ko = try client.get(korean)
        #expect(en.status == .ok && ko.status == .ok)
        #expect(ko.text.contains("<html lang=\"ko\">"))
        #expect(ko.fields[.contentLanguage] == "ko")
        #expect(!ko.text.contains("⟦"), "a key the catalog lacks")
        // The same figures; Korean shares drop the space before `%`.
        #expect(
            Self.statValues(ko.text) == Self.statValues(en.text).map { $0.replacingOccurrences(of: " %", with: "%") })
        #expect(ko.text.contains("hreflang=\"en\" href=\"\(english.replacingOccurrences(of: "&", with: "&amp;"))\""))
    }

    @Test func aShipWithoutPopulationOrFlagSaysSoInKorean() throws {
        let page = try client.get("/ko/countries/diamond-princess").text
        #expect(page.contains("인구 자료 없음"))
        #expect(!page.contains("자료 없음명"))
        #expect(page.contains("alt=\"다이아몬드 프린세스호(국기 없음)\""))
    }

    @Test func theCountryPageNamesItsFactsInKorean() throws {
        let page = try client.get("/ko/countries/kr").text
        #expect(page.contains("<h1 id=\"country-name\">대한민국</h1>"))
        #expect(page.contains("<title>대한민국 — 코로나19 아틀라스</title>"))
        #expect(page.contains("<dt>언어</dt><dd>한국어</dd>"))
        #expect(page.contains("<dt>통화</dt><dd>대한민국 원 (₩)</dd>"))
        #expect(page.contains("<dt>지역</dt><dd>아시아 · 동아시아</dd>"))
        #expect(page.contains("2021년 11월 14일 +2,418"), "the day's change as Korean readers write the date")
        #expect(page.contains("https://ko.wikipedia.org/wiki/Special:Search?search="))
        #expect(page.contains("<a href=\"/ko/countries?continent=asia\">아시아</a>"))
        #expect(page.contains(">2021년 1월</text>") || page.contains(">2021년</text>"), "Korean month or year ticks")
        #expect(page.contains("action=\"/ko/countries/kr\""), "the date forms stay on the Korean page")
    }

    @Test func theFrontPageLinksItsCountriesAndListsInKorean() throws {
        let page = try client.get("/ko/").text
        #expect(page.contains("<form class=\"search-form\" action=\"/ko/countries\""))
        #expect(page.contains("aria-label=\"북키프로스: 자료 없음\""), "outlines no code names get Korean names too")
        #expect(page.contains("<h1>전 세계</h1>"))
        #expect(page.contains("href=\"/ko/countries/kr\" aria-label=\"대한민국: 100만 명당 확진자 7,704명\""))
        #expect(page.contains("href=\"/ko/countries?continent=europe\""))
        #expect(page.contains("href=\"/ko/?map=deaths\""))
        #expect(!page.contains("href=\"/countries/"), "no link leaves the Korean pages for a country")
    }

    @Test(arguments: [
        ("/ko/countries/KOR?metric=deaths", 301, "/ko/countries/kr?metric=deaths"),
        ("/ko/countries/south-korea", 301, "/ko/countries/kr"),
        ("/ko/?from=2021-01-01&to=", 302, "/ko/?time=2021-01-01..latest"),
        ("/ko/countries/kr?from=2021-01-01&to=2021-06-30", 302, "/ko/countries/kr?time=2021-01-01..2021-06-30"),
        ("/ko/compare?add=%EC%9D%BC%EB%B3%B8", 303, "/ko/compare?countries=jp"),
        ("/ko/compare?countries=KOR,jp", 301, "/ko/compare?countries=kr,jp"),
    ])
    func redirectsStayInKorean(_ target: String, _ status: Int, _ location: String) throws {
        let response = try client.get(target)
        #expect(response.status.code == status, "\(target)")
        #expect(response.fields[.location] == location, "\(target)")
    }

    @Test func aBadChartValueIsAKorean400WhoseChoicesStayInKorean() throws {
        let page = try client.get("/ko/countries/kr?scale=cubic")
        #expect(page.status == .badRequest)
        #expect(page.text.contains("<html lang=\"ko\">"))
        #expect(page.text.contains("href=\"/ko/countries/kr?scale=log\""))
        let world = try client.get("/ko/?map=colour")
        #expect(world.status == .badRequest)
        #expect(world.text.contains("href=\"/ko/?map=deaths\""))
    }

    @Test func theComparisonIsInKoreanWithTheEnglishPagesFigures() throws {
        let english = try client.get("/compare?countries=kr,jp,us").text
        let korean = try client.get("/ko/compare?countries=kr,jp,us")
        #expect(korean.status == .ok)
        #expect(korean.text.contains("<h1 id=\"compare-heading\">대한민국, 일본, 미국 비교</h1>"))
        let cells = { (page: String) in
            page.matches(of: /<td class="num[^"]*">([^<]*)<\/td>/).map { String($0.output.1) }
        }
        #expect(cells(korean.text) == cells(english), "the same latest figures")
        #expect(cells(korean.text).count == 21)
        #expect(korean.text.contains("href=\"/ko/compare?countries=jp,us\""), "removing a country stays in Korean")
        #expect(korean.text.contains("href=\"/ko/countries/kr\""))
        #expect(korean.text.contains("href=\"/compare.csv?countries=kr,jp,us\""), "the data keeps its one address")
        #expect(!korean.text.contains("⟦"))
    }

    @Test func aComparisonThatCannotBeIsAKorean400() throws {
        let page = try client.get("/ko/compare?countries=kr,zz,kp")
        #expect(page.status == .badRequest)
        #expect(page.text.contains("<h1>비교할 수 없음</h1>"))
        #expect(page.text.contains("북한: 데이터에 없는 국가입니다."))
        #expect(page.text.contains("action=\"/ko/compare\""))
        #expect(page.text.contains("<a href=\"/ko/compare?countries=kr\">대한민국 비교</a>"))
    }

    /// An error page is a page of its address too: a reader who landed on the other language's can
    /// switch to theirs and read what is wrong, the address and its query kept.
    @Test(arguments: [
        ("/ko/countries/kp", 404, "/countries/kp", "English"), ("/countries/kp", 404, "/ko/countries/kp", "한국어"),
        ("/ko/compare?countries=kr,zz", 400, "/compare?countries=kr,zz", "English"),
        ("/ko/countries?continent=mars&q=a", 400, "/countries?continent=mars&amp;q=a", "English"),
        ("/nowhere", 404, "/ko/nowhere", "한국어"),
        ("/ko/countries/kr?scale=cubic", 400, "/countries/kr?scale=cubic", "English"),
    ])
    func anErrorPageLinksToItselfInTheOtherLanguage(_ target: String, _ status: Int, _ other: String, _ name: String)
        throws
    {
        let page = try client.get(target)
        #expect(page.status.code == status)
        #expect(page.text.contains("<a class=\"language-switch\" href=\"\(other)\""))
        #expect(page.text.contains(">\(name)</a>"))
        #expect(
            page.text.contains(
                "<link rel=\"alternate\" hreflang=\"x-default\" href=\"\(other.hasPrefix("/ko") ? target : other)\">"))
    }

    /// The switch is built from the path the page was found by: never a link to another host
    /// (`//host`), and the same for dot-segments, escapes and the absolute form.
    @Test(
        arguments: [
            ("/ko//evil.example/x", nil), ("/ko///evil.example", nil), ("//countries", nil),
            ("/ko/../ko/../nowhere", "/ko/nowhere"), ("/a/b/../../ko/nowhere?x=1", "/nowhere?x=1"),
            ("http://example.com/ko/countries/zz?x=1&y=2", "/countries/zz?x=1&amp;y=2"),
            ("/countries/%5Cevil.example", "/ko/countries/%5Cevil.example"),
        ] as [(String, String?)])
    func anErrorPagesSwitchStaysOnThisSite(_ target: String, _ other: String?) throws {
        let page = try client.get(target)
        #expect(page.status == .notFound)
        if let other {
            #expect(page.text.contains("<a class=\"language-switch\" href=\"\(other)\""))
        } else {
            #expect(!page.text.contains("language-switch"))
            #expect(!page.text.contains("hreflang"))
        }
        #expect(!page.text.contains("href=\"//"))
    }

    /// Data addresses and files are in no language: their error pages (a browser's) link to no Korean
    /// twin, which would be a 404 about another thing.
    @Test(arguments: [
        "/countries/kr/history.csv?time=bad", "/countries/xx/history.csv", "/countries/re/vaccinations.csv",
        "/compare.csv?countries=zz", "/static/nope.css", "/vendor/leaflet/nope.js",
    ])
    func aDataAddresssErrorPageHasNoLanguageSwitch(_ target: String) throws {
        let page = try client.get(target)
        #expect(page.status.code >= 400 && page.status.code < 500, "\(target): \(page.status)")
        #expect(page.text.contains("<html lang=\"en\">"), "\(target)")
        #expect(!page.text.contains("language-switch"), "\(target)")
        #expect(!page.text.contains("hreflang"), "\(target)")
    }

    @Test func anUnknownCountryIsAKorean404() throws {
        let page = try client.get("/ko/countries/kp")
        #expect(page.status == .notFound)
        #expect(page.text.contains("북한: 데이터에 없는 국가입니다."))
        let near = try client.get("/ko/countries/korae?metric=doses")
        #expect(near.status == .notFound)
        #expect(near.text.contains("혹시 다음 국가를 찾으셨나요?"))
        #expect(near.text.contains("href=\"/ko/countries/kr?metric=doses\""))
    }
}

/// The profile and its editor in Korean: the same rules, Korean words, and every form answer staying
/// under `/ko/`.
struct KoreanProfileTests {
    let fixture: AppFixture
    var client: TestClient { fixture.client }

    init() throws { fixture = try AppFixture() }

    @Test func theEditorSaysEverythingInKoreanAndItsScriptGetsItsMessagesFromThePage() throws {
        let page = try client.get("/ko/profile/edit")
        #expect(page.status == .ok)
        #expect(page.text.contains("<h1>프로필 편집</h1>"))
        #expect(page.text.contains("action=\"/ko/profile/edit\""))
        #expect(page.text.contains("data-message-saved=\"임시 저장했습니다.\""))
        #expect(page.text.contains("data-message-too-long=\"최대 {max}자까지 쓸 수 있습니다. 지금은 {count}자입니다.\""))
        #expect(page.text.contains("<label for=\"field-goal_date\">목표 날짜</label>"))
        #expect(!page.text.contains("⟦"))
    }

    @Test func aBadFormIsAKorean422ThatKeepsWhatWasTypedAndDoneLeadsToTheKoreanProfile() throws {
        let visitor = WebVisitor(client)
        let editor = try visitor.get("/ko/profile/edit")
        let fields = [
            ("csrf_token", editor.hiddenValue("csrf_token") ?? ""), ("version", editor.hiddenValue("version") ?? ""),
            ("username", "김하늘"), ("season", "spring"),
        ]
        let refused = try visitor.post("/ko/profile/edit", fields + [("action", "done"), ("goal_date", "2026-02-30")])
        #expect(refused.status == .unprocessableContent)
        #expect(refused.text.contains("실제 날짜를 YYYY-MM-DD 형식으로 입력하세요"))
        #expect(refused.text.contains("value=\"김하늘\""))
        #expect(refused.text.contains("<title>입력 내용 확인 — 프로필 편집 — 코로나19 아틀라스</title>"))
        let goal = try #require(editor.inputValue("goal_date"))
        let committed = try visitor.post("/ko/profile/edit", fields + [("action", "done"), ("goal_date", goal)])
        #expect(committed.status == .seeOther)
        #expect(committed.fields[.location] == "/ko/profile")
        let profile = try visitor.get("/ko/profile")
        #expect(profile.text.contains("<h1 id=\"profile-name\" dir=\"auto\">김하늘</h1>"))
        #expect(profile.text.contains("🌷 봄"))
    }

    @Test func aStarFromTheKoreanPageReturnsThereAndTheProfileLinksInKorean() throws {
        let visitor = WebVisitor(client)
        let country = try visitor.get("/ko/countries/kr")
        #expect(country.text.contains("action=\"/ko/countries/kr/favorite\""))
        let starred = try visitor.post(
            "/ko/countries/kr/favorite", [("csrf_token", country.hiddenValue("csrf_token") ?? ""), ("star", "on")])
        #expect(starred.status == .seeOther)
        #expect(starred.fields[.location] == "/ko/countries/kr")
        #expect(try visitor.get("/ko/countries/kr").text.contains("★</span> 별표함"))
        let profile = try visitor.get("/ko/profile").text
        #expect(profile.contains("href=\"/ko/countries/kr\""))
        #expect(profile.contains("<span>대한민국</span>") || profile.contains(" 대한민국</a>"))
        #expect(profile.contains("href=\"/ko/compare?countries=kr\""))
        // The English pages show the same star.
        #expect(try visitor.get("/countries/kr").text.contains("★</span> Starred"))
    }
}

/// Error pages in Korean that the controllers' own messages and the parser's refusals reach.
struct KoreanErrorMessageTests {
    let fixture: AppFixture
    var client: TestClient { fixture.client }

    init() throws { fixture = try AppFixture() }

    @Test func aPageAfterTheLastSaysHowManyThereAreInKorean() throws {
        let page = try client.get("/ko/countries?q=korea&page=9")
        #expect(page.status == .badRequest)
        #expect(page.text.contains("9쪽은 없습니다. 목록은 1쪽뿐입니다."))
        let english = try client.get("/countries?q=korea&page=9")
        #expect(english.text.contains("There is no page 9: the list has 1 page."))
    }

    @Test func aDateThatIsNoDayIsExplainedInKoreanWithTheWayBack() throws {
        let page = try client.get("/ko/countries/kr?metric=deaths&from=abc")
        #expect(page.status == .badRequest)
        #expect(page.text.contains("‘시작’ 칸의 값이 날짜가 아닙니다: “<bdi>abc</bdi>”."))
        #expect(page.text.contains("<a href=\"/ko/countries/kr?metric=deaths\"><code>전에 보던 기간</code></a>"))
        let english = try client.get("/countries/kr?metric=deaths&from=abc")
        #expect(english.text.contains("From is not a day: “<bdi>abc</bdi>”. Give a date as YYYY-MM-DD"))
    }

    /// A value a Korean page cannot use is explained in Korean, as fully as the English page explains
    /// it, while the JSON answer at the same address is the English sentence (JSON is not translated).
    @Test(arguments: [
        (
            "/countries/kr?time=banana", "차트가 보여 줄 수 없는 time 값입니다: “<bdi>banana</bdi>”. 시작..끝 형식으로",
            "The chart cannot show time “banana”: give START..END"
        ),
        (
            "/countries/kr?scale=cubic", "차트가 보여 줄 수 없는 scale 값입니다: “<bdi>cubic</bdi>”.",
            "The chart cannot show scale “cubic”."
        ),
        ("/countries?continent=mars", "없는 대륙입니다: “<bdi>mars</bdi>”.", "There is no continent called “mars”."),
        ("/countries?sort=size", "목록을 정렬할 수 없는 기준입니다: “<bdi>size</bdi>”.", "The list cannot be sorted by “size”."),
        ("/countries?order=up", "목록 순서로 쓸 수 없는 값입니다: “<bdi>up</bdi>”.", "The list cannot be ordered “up”"),
        ("/countries?page=two", "쪽 번호가 아닙니다: “<bdi>two</bdi>”. 쪽은 1부터", "“two” is not a page number"),
        ("/?map=zz", "지도가 보여 줄 수 없는 값입니다: “<bdi>zz</bdi>”.", "The map cannot show “zz”."),
        (
            "/compare?countries=kr,jp&metric=x", "차트가 보여 줄 수 없는 metric 값입니다: “<bdi>x</bdi>”.",
            "The chart cannot show metric “x”."
        ),
    ])
    func aBadValueIsExplainedInKoreanAndItsJSONStaysEnglish(_ english: String, _ korean: String, _ json: String)
        throws
    {
        let page = try client.get("/ko" + english)
        #expect(page.status == .badRequest)
        #expect(page.text.contains(korean), "\(page.text)")
        let answer = try client.execute(.get, "/ko" + english, fields: [.accept: "application/json"])
        #expect(answer.status == .badRequest)
        #expect(answer.text.contains(json), "\(answer.text)")
    }

    @Test func aMethodTheAddressDoesNotTakeIsNamedInKorean() throws {
        let page = try client.execute(.delete, "/ko/countries")
        #expect(page.status == .methodNotAllowed)
        #expect(page.text.contains("이 주소는 DELETE 요청을 받지 않습니다. 받는 방식: GET, HEAD."))
    }

    @Test func aFormFromAnotherSiteIsRefusedInKorean() throws {
        let page = try client.execute(
            .post, "/ko/profile/edit",
            fields: [.contentType: "application/x-www-form-urlencoded", .secFetchSite: "cross-site"],
            body: Array("action=done".utf8))
        #expect(page.status == .forbidden)
        #expect(page.text.contains("다른 사이트에서 보낸 양식이라 받지 않았습니다."))
        // Another site's form is not echoed: only the visitor's own page gets its typing back.
        #expect(!page.text.contains("notice-refused"))
    }

    @Test func aFormWithoutASessionComesBackInKoreanWithWhatWasTyped() throws {
        let page = try client.execute(
            .post, "/ko/profile/edit",
            fields: [.contentType: "application/x-www-form-urlencoded", .secFetchSite: "same-origin"],
            body: Array("action=done&version=0&username=%EC%A7%80%EB%AF%BC".utf8))
        #expect(page.status == .forbidden)
        #expect(page.text.contains("세션 쿠키가 없어 아무것도 저장하지 않았습니다."))
        #expect(page.text.contains("action=\"/ko/profile/edit\""))
        #expect(page.inputValue("username") == "지민")
    }

    @Test(arguments: [
        (ParseError.invalidPercentEncoding, "/ko/countries?q=", "ko"), (.requestLineTooLong, "/ko/aaaaaaaaaaaa", "ko"),
        (.headerSectionTooLarge, "/ko/", "ko"), (.bodyTooLarge, "/ko/profile/edit", "ko"),
        (.invalidPercentEncoding, "/countries?q=%ZZ", "en"), (.invalidRequestLine, "", "en"),
    ])
    func bytesTheParserRefusedGetAPageInTheLanguageOfTheirAddress(
        _ error: ParseError, _ targetStart: String, _ lang: String
    ) throws {
        let page = try #require(fixture.app.responder.respond(toUnparsable: error, targetStart: targetStart))
        #expect(page.status == error.status)
        #expect(page.text.contains("<html lang=\"\(lang)\">"))
    }

    /// An API client gets the API's JSON for a target the parser refused (`%ZZ`, bytes that are not
    /// UTF-8), as for any other error at its addresses, in English.
    @Test(arguments: [
        (ParseError.invalidPercentEncoding, "/api/countries?"), (.invalidTargetCharacter, "/api/countries/"),
        (.invalidPercentEncoding, "/api/historical"),
    ])
    func bytesTheParserRefusedAtAnAPIAddressGetJSON(_ error: ParseError, _ targetStart: String) throws {
        let response = try #require(fixture.app.responder.respond(toUnparsable: error, targetStart: targetStart))
        #expect(response.status == .badRequest)
        #expect(response.fields[.contentType] == "application/json; charset=utf-8")
        let english = try #require(
            PageWords(try PageWordsTests.catalogs.get()[.en]).catalog.text(
                "error.request.\(error)"))
        #expect(response.text.hasPrefix("{\"message\":"), "\(response.text)")
        #expect(response.text.contains(english), "\(response.text)")
    }

    /// Each thing the parser refuses is named on the page in the page's language, from its catalog:
    /// `%ZZ` in a Korean address is explained in Korean, not with the status's general sentence.
    @Test(arguments: ParseError.allCases)
    func aRefusedRequestsPageSaysWhatWasWrongInItsLanguage(_ error: ParseError) throws {
        let message = try #require((ErrorPages.httpError(for: error).context as? ErrorContext)?.catalogMessage)
        for (language, targetStart) in [(Language.en, "/countries"), (.ko, "/ko/countries")] {
            let words = PageWords(try PageWordsTests.catalogs.get()[language])
            let sentence = try #require(words.catalog.text(message.key), "\(message.key) in \(language)")
            let page = try #require(fixture.app.responder.respond(toUnparsable: error, targetStart: targetStart))
            #expect(page.text.contains(sentence.replacingOccurrences(of: "\"", with: "&quot;")), "\(language)")
        }
    }
}
