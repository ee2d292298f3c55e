// Makes data/country-names-ko.json, the Korean name of every country and entry the pages name, from
// CLDR as the Swift toolchain ships it (Foundation's `Locale(identifier: "ko")`, which carries ICU's
// CLDR data on Linux), corrected where CLDR's choice is wrong for a COVID site (docs/i18n.md,
// "Country names").
//
//     {"aliases": {"AU": ["오스트레일리아"], …, "ZA": ["남아공", "남아프리카"]},
//      "byCode": {"AD": "안도라", …, "ZW": "짐바브웨"},
//      "byEntry": {"Channel Islands": "채널 제도", "Diamond Princess": "다이아몬드 프린세스호", …}}
//
// `byCode` has every ISO2 code of data/countries-facts.json (250, the absent countries too);
// `byEntry` names, by disease.sh's name, the entries a code cannot: those without one (the cruise
// ships) and those whose code is one of several territories they cover
// (`CountryCatalog.entriesCoveringSeveralTerritories`). The script fails when an entry of
// data/disease-sh/countries.json would have no name.
//
// Same toolchain, same bytes: keys sorted, two-space indentation, UTF-8 as is, a final newline.
// Run by script/make-korean-names, from the repository.
import Foundation

// Where CLDR's Korean differs from what Korean readers of COVID figures expect, each with why.
let corrections: [String: String] = [
    // CLDR's "중국 본토" (mainland China) is its name for CN beside Hong Kong and Macau as regions;
    // disease.sh's China is the country's figures, and Korean reporting says 중국.
    "CN": "중국",
    // CLDR's "콩고-킨샤사" and "콩고-브라자빌" are short forms that read as city names; the
    // Korean government (외교부) and press use the states' names.
    "CD": "콩고 민주 공화국",
    "CG": "콩고 공화국",
    // CLDR's "팔레스타인 지구" (the Palestinian territories) is a region's name; the entry is
    // the State of Palestine's figures, 팔레스타인 in Korean reporting.
    "PS": "팔레스타인",
    // The Korean government and press call Australia 호주; CLDR's 오스트레일리아 is rare in Korean text.
    "AU": "호주",
    // CLDR's "남아프리카" is the region of Africa's south as much as the state; the country is
    // 남아프리카 공화국 (외교부, the press's 남아공).
    "ZA": "남아프리카 공화국",
    // CLDR's "도미니카" is too easily read as the Dominican Republic (도미니카 공화국), another
    // entry; 외교부 calls Dominica 도미니카 연방.
    "DM": "도미니카 연방",
    // CLDR writes Saint Vincent and the Grenadines as one word, 세인트빈센트그레나딘; 외교부 and the
    // National Institute of Korean Language write 세인트빈센트 그레나딘, which also lets the name break
    // between its words on a phone (docs/field-cases.md B43).
    "VC": "세인트빈센트 그레나딘",
]

// Other names Korean readers search by, which the search matches as it does the name (docs/i18n.md):
// the press's short and older names, beside CLDR's own name wherever `corrections` replaced it.
let pressNames: [String: [String]] = [
    "ZA": ["남아공"],
    "CD": ["민주콩고"],
    "TW": ["타이완"],
    "MM": ["버마"],
    "SZ": ["스와질란드"],
    "GE": ["그루지야"],
    "US": ["미합중국"],
    "GB": ["영국"],
    "AE": ["아랍에미리트"],
    "CZ": ["체코 공화국"],
    "MK": ["마케도니아"],
]

// Entries no ISO code names, by disease.sh's name, as Korean press named them.
let entryNames: [String: String] = [
    // Jersey's code, but Jersey and Guernsey's figures (data/README.md).
    "Channel Islands": "채널 제도",
    "Diamond Princess": "다이아몬드 프린세스호",
    "MS Zaandam": "잔담호",
]

func readJSON(_ path: String) -> Any {
    guard let data = FileManager.default.contents(atPath: path),
        let value = try? JSONSerialization.jsonObject(with: data)
    else {
        FileHandle.standardError.write(Data("make-korean-names: cannot read \(path)\n".utf8))
        exit(1)
    }
    return value
}

let facts = readJSON("data/countries-facts.json") as! [String: Any]
let snapshot = readJSON("data/disease-sh/countries.json") as! [[String: Any]]
let korean = Locale(identifier: "ko")
var byCode: [String: String] = [:]
for code in facts.keys.sorted() {
    guard let name = corrections[code] ?? korean.localizedString(forRegionCode: code), name != code else {
        FileHandle.standardError.write(Data("make-korean-names: CLDR has no Korean name for \(code)\n".utf8))
        exit(1)
    }
    byCode[code] = name
}
for entry in snapshot {
    let name = entry["country"] as! String
    let code = (entry["countryInfo"] as? [String: Any])?["iso2"] as? String
    guard entryNames[name] != nil || code.map({ byCode[$0.uppercased()] != nil }) == true else {
        FileHandle.standardError.write(Data("make-korean-names: no Korean name for the entry \(name)\n".utf8))
        exit(1)
    }
}
var aliases: [String: [String]] = [:]
for code in facts.keys.sorted() {
    let replaced = corrections[code] == nil ? [] : [korean.localizedString(forRegionCode: code)].compactMap { $0 }
    let names = (replaced + (pressNames[code] ?? [])).filter { $0 != byCode[code] }
    if !names.isEmpty { aliases[code] = names }
}
let output: [String: Any] = ["aliases": aliases, "byCode": byCode, "byEntry": entryNames]
var text = String(
    decoding: try JSONSerialization.data(
        withJSONObject: output, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]),
    as: UTF8.self)
text += "\n"
try text.write(toFile: "data/country-names-ko.json", atomically: true, encoding: .utf8)
print(
    "make-korean-names: \(byCode.count) codes, \(entryNames.count) entries, \(aliases.count) with other names"
        + " → data/country-names-ko.json")
