import Foundation
import Testing

@testable import AtlasCore

/// The shipped Korean names (`data/country-names-ko.json`) on the shipped snapshot: every entry has
/// one, the list sorts 가나다, and the search finds them.
struct KoreanCountryNamesTests {
    static let data: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path + "/data"
    }()

    static func read(_ name: String) throws -> Data {
        try #require(FileManager.default.contents(atPath: data + "/" + name), "data/\(name) missing")
    }

    /// The shipped snapshot's entries: names, codes and continents are all these tests need.
    static func shippedCountries() throws -> [Country] {
        let records = try #require(
            try JSONSerialization.jsonObject(with: read("disease-sh/countries.json")) as? [[String: Any]])
        return records.map { record in
            let info = record["countryInfo"] as? [String: Any]
            return Country(
                country: record["country"] as? String ?? "",
                countryInfo: CountryInfo(iso2: info?["iso2"] as? String, iso3: info?["iso3"] as? String),
                continent: record["continent"] as? String ?? "")
        }
    }

    static func catalog(koreanNames: KoreanCountryNames) throws -> CountryCatalog {
        CountryCatalog(
            snapshot: Snapshot(countries: try shippedCountries(), totals: WorldTotals(), source: "test"),
            facts: try CountryFacts.decodeAll(read("countries-facts.json")),
            otherNames: try JSONDecoder().decode([String: [String]].self, from: read("country-names.json")),
            koreanNames: koreanNames)
    }

    static func shippedCatalog() throws -> CountryCatalog {
        try catalog(koreanNames: KoreanCountryNames(json: read("country-names-ko.json")))
    }

    @Test func everyEntryAndAbsentCountryHasAKoreanName() throws {
        let catalog = try Self.shippedCatalog()
        #expect(catalog.entries.count == 224)
        for entry in catalog.entries {
            let name = try #require(entry.koreanName, "\(entry.country.country) has no Korean name")
            #expect(name.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(name)")
        }
        for absent in catalog.absentCountries {
            #expect(absent.koreanName != nil, "\(absent.name) has no Korean name")
        }
    }

    /// CLDR's choices that are wrong for this site, corrected by script/make-korean-names, and the
    /// entries no code names.
    @Test(arguments: [
        ("cn", "중국"), ("cd", "콩고 민주 공화국"), ("cg", "콩고 공화국"), ("ps", "팔레스타인"), ("au", "호주"),
        ("za", "남아프리카 공화국"), ("dm", "도미니카 연방"), ("do", "도미니카 공화국"), ("kr", "대한민국"),
        ("je", "채널 제도"), ("diamond-princess", "다이아몬드 프린세스호"), ("ms-zaandam", "잔담호"),
    ])
    func anEntryHasTheNameKoreanReadersUse(_ id: String, _ name: String) throws {
        let entry = try #require(try Self.shippedCatalog().entry(id: id))
        #expect(entry.koreanName == name)
    }

    @Test func anAbsentCountryHasItsKoreanName() throws {
        let catalog = try Self.shippedCatalog()
        #expect(catalog.absentCountries.first { $0.iso2 == "KP" }?.koreanName == "북한")
        #expect(catalog.absentCountry(named: "북한")?.iso2 == "KP")
    }

    /// The order is CLDR's Korean collation as ICU has it (Foundation's `compare(_:locale:)`), which
    /// the catalog does not use: it compares code points.
    @Test func theListByKoreanNameIsInKoreanOrder() throws {
        let names = try Self.shippedCatalog().entriesInKoreanNameOrder().map { try #require($0.koreanName) }
        let korean = Locale(identifier: "ko")
        let collated = names.sorted { $0.compare($1, locale: korean) == .orderedAscending }
        #expect(names == collated)
        #expect(names.first?.hasPrefix("가") == true, "\(names.prefix(3))")
        #expect(names.last.map { ["헝", "홍", "호"].contains($0.prefix(1)) } == true, "\(names.suffix(3))")
        let reversed = try Self.shippedCatalog().entriesInKoreanNameOrder(descending: true).map(\.koreanName)
        #expect(reversed == names.reversed())
    }

    @Test(arguments: [
        ("남수단", "남아프리카 공화국"), ("가나", "가봉"), ("대만", "대한민국"), ("중국", "중앙 아프리카 공화국"),
        ("도미니카 공화국", "도미니카 연방"), ("콩고 공화국", "콩고 민주 공화국"),
    ])
    func oneNameComesBeforeAnother(_ first: String, _ second: String) throws {
        let names = try Self.shippedCatalog().entriesInKoreanNameOrder().compactMap(\.koreanName)
        let a = try #require(names.firstIndex(of: first))
        let b = try #require(names.firstIndex(of: second))
        #expect(a < b)
    }

    /// mledoze's Korean translations and spellings (`country-names.json`: 한국, 대한민국, 북한, 터키)
    /// already found most countries; the Korean names add those it lacks or spells otherwise (튀르키예,
    /// 도미니카 연방), the ships and the Channel Islands, which have no other names.
    @Test(arguments: [
        ("대한민국", "kr"), ("한국", "kr"), ("중국", "cn"), ("호주", "au"), ("튀르키예", "tr"), ("터키", "tr"),
        ("다이아몬드", "diamond-princess"), ("잔담호", "ms-zaandam"), ("채널 제도", "je"), ("미국", "us"),
        ("콩고 민주", "cd"), ("도미니카 연방", "dm"),
    ])
    func theSearchFindsAKoreanName(_ text: String, _ id: String) throws {
        let found = CountryQuery(search: text).apply(to: try Self.shippedCatalog()).map(\.id)
        #expect(found.first == id, "\(text): \(found)")
    }

    /// A Korean name is found by any part of it (수단 finds 남수단), but an other name, which the list
    /// never shows, only from its start: 중국 inside 미합중국 (the USA) is no reason a reader can see.
    @Test func anOtherKoreanNameIsFoundFromItsStartOnly() throws {
        let catalog = try Self.shippedCatalog()
        let china = CountryQuery(search: "중국").apply(to: catalog).map(\.id)
        #expect(china.first == "cn" && !china.contains("us"), "\(china)")
        #expect(CountryQuery(search: "미합중").apply(to: catalog).map(\.id) == ["us"])
        #expect(CountryQuery(search: "수단").apply(to: catalog).map(\.id).contains("ss"))
    }

    /// mledoze's Korean for Dominica is the Dominican Republic's name; the Korean names say whose it is.
    @Test func anotherEntrysKoreanNameFindsOnlyThatEntry() throws {
        let ids = CountryQuery(search: "도미니카 공화국").apply(to: try Self.shippedCatalog()).map(\.id)
        #expect(ids == ["do"])
        let before = CountryQuery(search: "도미니카 공화국").apply(to: try Self.catalog(koreanNames: KoreanCountryNames()))
        #expect(Set(before.map(\.id)) == ["do", "dm"])
    }

    @Test(arguments: ["다이아몬드", "채널 제도"])
    func withoutKoreanNamesTheSearchMissesWhatOnlyTheyName(_ text: String) throws {
        let catalog = try Self.catalog(koreanNames: KoreanCountryNames())
        #expect(CountryQuery(search: text).apply(to: catalog).isEmpty)
        #expect(catalog.entries.allSatisfy { $0.koreanName == nil })
    }
}
