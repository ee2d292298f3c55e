import AtlasCharts
import AtlasCore
import Foundation
import Localization
import Testing

@testable import AtlasWeb

/// The words pages take from the catalogs (`PageWords`): every key the code and the templates name
/// is in them, and sentences that wrap an element keep each language's word order.
struct PageWordsTests {
    static let catalogs = Result { try Catalogs.load(directory: packageRoot + "/Catalogs") }

    /// `Catalogs/en.json`'s words; throws when the catalogs do not load.
    static func english() throws -> PageWords { PageWords(try catalogs.get()[.en]) }

    static func files(under folder: String, ending suffix: String) -> [String] {
        let root = packageRoot + "/" + folder
        return (FileManager.default.subpaths(atPath: root) ?? []).filter { $0.hasSuffix(suffix) }.map {
            root + "/" + $0
        }
    }

    @Test func everyKeyTheCodeAndTheTemplatesNameIsInTheCatalogs() throws {
        let english = try Self.catalogs.get()[.en]
        var named: [String: String] = [:]
        let groups =
            "list|stat|daily|error|layout|nav|search|site|starred|title|notFound|freshness|footer|continent|chart"
            + "|history|vaccination|map|country|favorite|region|world|facts"
        let inCode = try Regex("\"((?:\(groups))\\.[a-zA-Z0-9.]+)\"")
        for file in Self.files(under: "Sources/AtlasWeb", ending: ".swift")
            + Self.files(under: "Sources/AtlasCharts", ending: ".swift")
        {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for match in text.matches(of: inCode) {
                let key = String(match.output[1].substring!)
                // A key's start that the code completes (`"chart.noun." + metric.rawValue`): see the next test.
                if !key.hasSuffix(".") { named[key] = file }
            }
        }
        for file in Self.files(under: "Views", ending: ".mustache") {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for match in text.matches(of: /\{\{\s*words\.([a-zA-Z0-9.]+)\s*\}\}/) {
                named[String(match.output.1)] = file
            }
        }
        #expect(named.count > 60, "the scan found the keys")
        for (key, file) in named.sorted(by: { $0.key < $1.key }) {
            #expect(english.text(key) != nil, "\(key), named in \(file), is in no catalog")
        }
    }

    /// The keys the code completes with a value: each metric's, map figure's, region's and continent's.
    @Test func everyKeyTheCodeCompletesIsInTheCatalogs() throws {
        let english = try Self.catalogs.get()[.en]
        var keys = HistoryMetric.allCases.map { "chart.noun." + $0.rawValue }
        keys += VaccinationMetric.allCases.flatMap {
            ["vaccination.metric." + $0.rawValue, "vaccination.figures." + $0.rawValue]
        }
        keys += MapFigure.allCases.flatMap { figure in
            ["choice", "value", "unit", "measure", "heading"].map { "map.\($0).\(figure.rawValue)" }
        }
        keys += VaccinationMapping.notJoined.keys.map { "vaccination.notJoined." + $0.lowercased() }
        for metric in VaccinationMetric.allCases {
            for interval in ChartQuery.Interval.allCases {
                for per in ChartQuery.Per.allCases {
                    keys += metric.lines(interval: interval, per: per).map { "vaccination.line." + $0.key }
                }
            }
        }
        let facts = try ShippedData.load(from: packageRoot + "/data").facts.values
        keys += Set(facts.flatMap { [$0.region, $0.subregion].compactMap { $0 } }).map {
            "region." + PageWords.keySegment($0)
        }
        // The map's outlines that neither a code nor an entry names (N. Cyprus, Somaliland).
        keys += try ShippedData.load(from: packageRoot + "/data").worldMap.shapes.filter { $0.iso2 == nil }.map {
            "map.place." + PageWords.keySegment($0.name)
        }
        for interval in ["daily", "total"] {
            for per in ["", "PerMillion"] {
                keys += ["chart.counted.", "chart.title.", "chart.legend."].map { $0 + interval + per }
            }
        }
        for key in keys.sorted() { #expect(english.text(key) != nil, "\(key) is in no catalog") }
    }

    @Test(arguments: [
        (Language.en, "Data updated ", " (3 minutes ago)"), (.ko, "데이터 갱신: ", " (3분 전)"),
    ])
    func aSentenceIsCutAroundTheValueItsElementWraps(_ language: Language, _ before: String, _ after: String) throws {
        let words = PageWords(try Self.catalogs.get()[language])
        let parts = words.parts("freshness.updated", around: "time", ["age": words.age(seconds: 200)])
        #expect(parts.before == before)
        #expect(parts.after == after)
    }

    @Test func piecesFollowEachLanguagesOrder() throws {
        let english = PageWords(try Catalog(language: .en, texts: ["a": "See {all} or try {code}."]))
        let korean = PageWords(try Catalog(language: .ko, texts: ["a": "{code}로 찾거나 {all}을 보세요."]))
        #expect(
            english.segments("a", marking: ["code", "all"], [:]).map { $0.mark ?? $0.text } == [
                "See ", "all", " or try ", "code", ".",
            ])
        #expect(
            korean.segments("a", marking: ["code", "all"], [:]).map { $0.mark ?? $0.text } == [
                "code", "로 찾거나 ", "all", "을 보세요.",
            ])
    }

    @Test(arguments: [
        (Language.en, 404, "Not Found"), (.ko, 404, "페이지를 찾을 수 없음"), (.ko, 418, "요청을 처리할 수 없음"), (.ko, 502, "서버 오류"),
        // A refused form and a body of another type are named apart, as in English.
        (.ko, 403, "거부된 요청"), (.ko, 415, "지원하지 않는 본문 형식"),
    ])
    func everyStatusHasATitle(_ language: Language, _ code: Int, _ title: String) throws {
        #expect(PageWords(try Self.catalogs.get()[language]).title(ofStatus: code) == title)
    }
}
