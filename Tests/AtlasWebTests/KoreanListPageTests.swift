import AtlasCore
import Foundation
import HTTPCore
import Localization
import Routing
import Testing

/// The country list in Korean at `/ko/countries` (issue 23): the same view as the English address but
/// for the prefix, the same figures, every word from the Korean catalog, names and their order in
/// Korean, and both versions named and linked.
struct KoreanListPageTests {
    let app: AppFixture
    var client: TestClient { app.client }

    init() throws { app = try AppFixture() }

    /// The `<td>` cells of the row whose checkbox names `id`.
    static func cells(of id: String, in page: String) throws -> [String] {
        let start = try #require(page.range(of: "value=\"\(id)\" form=\"compare-selected\""))
        let end = try #require(page.range(of: "</tr>", range: start.upperBound..<page.endIndex))
        let row = String(page[start.upperBound..<end.lowerBound])
        return row.components(separatedBy: "<td class=\"").dropFirst().map {
            String($0[$0.index(after: $0.firstIndex(of: ">")!)...].prefix { $0 != "<" })
        }
    }

    /// The names of the list's rows, in order.
    static func rowNames(in page: String) -> [String] {
        page.components(separatedBy: "</span></a></span></th>").dropLast().map {
            String($0[$0.range(of: "<span>", options: .backwards)!.upperBound...])
        }
    }

    @Test func theListIsInKoreanAtItsPrefixedAddress() throws {
        let page = try client.get("/ko/countries?continent=asia&sort=cases")
        #expect(page.status == .ok)
        #expect(page.fields[.contentLanguage] == "ko")
        #expect(page.text.contains("<html lang=\"ko\">"))
        #expect(page.text.contains("<h1>아시아 국가별 현황</h1>"))
        #expect(page.text.contains("<title>아시아 — 국가별 현황 — 코로나19 아틀라스</title>"))
        #expect(page.text.contains("<span>대한민국</span>"))
        #expect(page.text.contains("<option value=\"cases\" selected>확진자</option>"))
        #expect(page.text.contains("49곳 · 정렬: 확진자"))
        // Every link stays in Korean and keeps the view.
        #expect(
            page.text.contains("href=\"/ko/countries?continent=asia&amp;sort=cases\" aria-current=\"page\">아시아</a>"))
        #expect(page.text.contains("<a href=\"/ko/countries/kr\">"))
        #expect(page.text.contains("action=\"/ko/countries\""))
    }

    @Test func bothVersionsAreNamedAndLinkedKeepingTheQuery() throws {
        let korean = try client.get("/ko/countries?q=korea&continent=asia").text
        #expect(
            korean.contains("<link rel=\"alternate\" hreflang=\"en\" href=\"/countries?q=korea&amp;continent=asia\">"))
        #expect(
            korean.contains(
                "<link rel=\"alternate\" hreflang=\"ko\" href=\"/ko/countries?q=korea&amp;continent=asia\">"))
        #expect(
            korean.contains(
                "<link rel=\"alternate\" hreflang=\"x-default\" href=\"/countries?q=korea&amp;continent=asia\">"))
        #expect(
            korean.contains("href=\"/countries?q=korea&amp;continent=asia\" hreflang=\"en\" lang=\"en\">English</a>"))
        let english = try client.get("/countries?q=korea&continent=asia")
        #expect(english.fields[.contentLanguage] == "en")
        #expect(english.text.contains("<html lang=\"en\">"))
        #expect(
            english.text.contains(
                "href=\"/ko/countries?q=korea&amp;continent=asia\" hreflang=\"ko\" lang=\"ko\">한국어</a>"))
    }

    @Test(arguments: ["kr", "us", "fr", "diamond-princess", "je"])
    func theFiguresAreTheEnglishPagesButForTheWords(_ id: String) throws {
        let english = try Self.cells(of: id, in: client.get("/countries").text)
        let korean = try Self.cells(of: id, in: client.get("/ko/countries").text)
        #expect(english.count == 11 && korean.count == 11)
        // The continent, a "not reported" and an "n/a" are words; every figure is the same text.
        for (index, (e, k)) in zip(english, korean).enumerated()
        where index != 0 && e != "not reported" && e != "n/a" {
            #expect(e == k, "\(id) column \(index)")
        }
    }

    @Test func byNameTheOrderIsKoreanBothWays() throws {
        let ascending = try client.get("/ko/countries").text
        let names = Self.rowNames(in: ascending)
        #expect(names.count == 224)
        #expect(names.prefix(3) == ["가나", "가봉", "가이아나"])
        #expect(names == names.sorted(), "가나다 by code point")
        let descending = try client.get("/ko/countries?order=desc").text
        #expect(descending.contains("정렬: 이름 역순"))
        let first = try #require(descending.range(of: "<span>가나</span>"))
        let later = try #require(descending.range(of: "<span>대한민국</span>"))
        #expect(later.lowerBound < first.lowerBound)
    }

    @Test(arguments: [
        ("한국", "대한민국"), ("튀르키예", "튀르키예"), ("kor", "대한민국"), ("프린세스", "다이아몬드 프린세스호"),
        // Inside a word, and without the name's spaces, as Korean often writes compounds.
        ("수단", "남수단"), ("기니", "파푸아뉴기니"), ("남아프리카공화국", "남아프리카 공화국"), ("질랜드", "뉴질랜드"),
        // The press's other names, and CLDR's where the site names a country otherwise.
        ("남아공", "남아프리카 공화국"), ("타이완", "대만"), ("버마", "미얀마"), ("오스트레일리아", "호주"),
        // Typed or pasted as jamo (NFD).
        ("\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}", "대한민국"),
    ])
    func theKoreanSearchFindsKoreanAndEnglishNames(_ q: String, _ name: String) throws {
        let encoded = q.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let page = try client.get("/ko/countries?q=" + encoded)
        #expect(page.status == .ok)
        #expect(page.text.contains("<span>\(name)</span>"), "\(q)")
        #expect(page.text.contains("” 검색 결과"))
    }

    /// Sorted by a figure, equal figures (and the unknown ones, last) follow the Korean names too.
    @Test func equalFiguresAreInKoreanOrder() throws {
        let page = try client.get("/ko/countries?sort=deaths&order=asc").text
        let names = Self.rowNames(in: page)
        let deaths = try page.components(separatedBy: "<td class=\"num col-deaths\">").dropFirst().map {
            try #require(Int($0.prefix { $0 != "<" }.replacingOccurrences(of: ",", with: "")))
        }
        let none = zip(names, deaths).filter { $0.1 == 0 }.map(\.0)
        #expect(none.count > 3)
        #expect(none == none.sorted(), "\(none)")
        let vaccinated = try client.get("/ko/countries?sort=fully-vaccinated").text
        let unknown = vaccinated.components(separatedBy: "</tr>").filter {
            $0.contains("<td class=\"num col-fully-vaccinated\">자료 없음</td>")
        }.map { row in String(row[row.range(of: "<span>", options: .backwards)!.upperBound...].prefix { $0 != "<" }) }
        #expect(unknown.count > 3)
        #expect(unknown == unknown.sorted(), "\(unknown)")
    }

    @Test func anEmptyResultSaysSoInKoreanAndKeepsWhatWasTyped() throws {
        let page = try client.get("/ko/countries?q=atlantis&continent=asia").text
        #expect(page.contains("<p>아시아에서 “<bdi>atlantis</bdi>”에 맞는 국가가 없습니다.</p>"))
        #expect(page.contains("<a href=\"/ko/countries?q=atlantis\">모든 대륙에서 “<bdi>atlantis</bdi>” 검색</a>"))
        #expect(page.contains("<code>KOR</code> 같은 ISO 코드로 찾아 보거나, <a href=\"/ko/countries\">모든 국가</a> 목록을 보세요."))
        #expect(page.contains("value=\"atlantis\""))
        let absent = try client.get("/ko/countries?q=north+korea").text
        #expect(absent.contains("북한: 데이터에 없는 국가입니다."))
    }

    @Test func aBadValueIsAKorean400WhoseChoicesStayInKorean() throws {
        let page = try client.get("/ko/countries?sort=bogus&continent=asia")
        #expect(page.status == .badRequest)
        #expect(page.fields[.contentLanguage] == "ko")
        #expect(page.text.contains("<h1>잘못된 요청</h1>"))
        #expect(page.text.contains("목록을 정렬할 수 없는 기준입니다: “<bdi>bogus</bdi>”."))
        #expect(page.text.contains("<code>sort</code>에 쓸 수 있는 값:"))
        #expect(page.text.contains("<a href=\"/ko/countries?continent=asia&amp;sort=cases\"><code>cases</code></a>"))
        #expect(page.text.contains("오류 400"))
    }

    @Test func theFormsUsualOrderRedirectStaysInKorean() throws {
        let response = try client.get("/ko/countries?q=&sort=cases&order=")
        #expect(response.status == .found)
        #expect(response.fields[.location] == "/ko/countries?sort=cases")
    }

    @Test func koreanAndEnglishPagesAreCachedApart() throws {
        let english = try client.get("/countries?sort=deaths")
        let korean = try client.get("/ko/countries?sort=deaths")
        #expect(english.fields[.eTag] != korean.fields[.eTag])
        let again = try client.get("/ko/countries?sort=deaths", fields: [.ifNoneMatch: korean.fields[.eTag]!])
        #expect(again.status == .notModified)
        #expect(try client.get("/countries?sort=deaths").text.contains("<html lang=\"en\">"))
    }

    @Test(arguments: [
        ("/ko", 301, "/ko/"), ("/ko?x=1", 301, "/ko/?x=1"), ("/ko/countries/", 301, "/ko/countries"),
    ])
    func koreanAddressesWithoutAPageRedirectToTheirPage(_ target: String, _ status: Int, _ location: String)
        throws
    {
        let response = try client.get(target)
        #expect(response.status.code == status, "\(target)")
        #expect(response.fields[.location] == location, "\(target)")
    }

    @Test func dataAndFilesHaveNoKoreanAddressAndItsErrorPageIsKorean() throws {
        let page = try client.get("/ko/api/countries")
        #expect(page.status == .notFound)
        #expect(page.text.contains("<h1>페이지를 찾을 수 없음</h1>"))
        #expect(page.text.contains("이 주소에는 페이지가 없습니다."))
        #expect(page.text.contains("<a href=\"/ko/countries\">모든 국가</a>"))
        #expect(try client.get("/ko/flags/kr.svg").status == .notFound)
    }

    /// No text of the English catalog shows on a Korean page: its visible text and the attributes a
    /// reader meets (labels, placeholders, titles, alternative texts) are searched for every English
    /// text, split at its placeholders, that differs from the Korean one.
    @Test(arguments: [
        "/ko/countries", "/ko/countries?q=atlantis&continent=asia", "/ko/countries?sort=today-cases&order=asc",
        "/ko/countries?sort=bogus", "/ko/nowhere", "/ko/", "/ko/?map=vaccinated&metric=doses&interval=cumulative",
        "/ko/?map=tests&metric=deaths&scale=log", "/ko/countries/kr",
        "/ko/countries/kr?metric=deaths&scale=log&per=million",
        "/ko/countries/kr?metric=boosters&interval=daily&per=million", "/ko/countries/se?metric=recovered",
        "/ko/countries/kr?time=2030-01-01..latest", "/ko/countries/kr?metric=doses&time=2030-01-01..latest",
        "/ko/countries/diamond-princess", "/ko/countries/jersey", "/ko/countries/kp", "/ko/countries/korae",
        "/ko/compare", "/ko/compare?countries=kr,jp,us", "/ko/compare?countries=kr,jp&metric=doses&scale=log",
        "/ko/compare?countries=kr,zz,kp,world", "/ko/compare?countries=kr,jp,us,fr,de,it,es,br",
        "/ko/compare?countries=kr,je&metric=vaccinated", "/ko/compare?countries=se,kr&metric=recovered",
        "/ko/compare?countries=jp&metric=boosters&interval=daily", "/ko/profile", "/ko/profile/edit",
    ])
    func aKoreanPageShowsNoEnglishCatalogText(_ target: String) throws {
        let page = try client.get(target).text
        let catalogs = try Catalogs.load(directory: packageRoot + "/Catalogs")
        let shown = Self.readerFacingText(page)
        for (key, english) in catalogs[.en].texts where english != catalogs[.ko].text(key) {
            for fragment in english.split(separator: /\{[a-zA-Z0-9]+\}/) {
                let words = fragment.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
                guard words.count >= 3, words.contains(where: \.isLetter) else { continue }
                #expect(
                    shown.firstMatch(of: try Regex("\\b" + NSRegularExpression.escapedPattern(for: words) + "\\b"))
                        == nil,
                    "\(target) shows “\(words)” (\(key))")
            }
        }
    }

    /// The text nodes of `html` and the values of `aria-label`, `placeholder`, `title`, `alt` and a
    /// `<meta name="description">`'s `content`, one per line.
    static func readerFacingText(_ html: String) -> String {
        // Parameter values (`<code>today-cases</code>`) and names with a slash (`mledoze/countries`)
        // are the same in both languages.
        let html = html.replacingOccurrences(of: #"<code>[^<]*</code>"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #"\S*/\S*"#, with: "", options: .regularExpression)
        var lines: [String] = []
        for match in html.matches(of: /(?:aria-label|placeholder|title|alt|content)="([^"]*)"/) {
            lines.append(String(match.output.1))
        }
        let text = html.replacingOccurrences(of: #"<[^>]*>"#, with: "\n", options: .regularExpression)
        return (lines + [text]).joined(separator: "\n")
    }
}
