import Foundation

/// The Korean names of countries and entries (`data/country-names-ko.json`, made by
/// `script/make-korean-names` from CLDR as Foundation ships it, corrected for a COVID site:
/// docs/i18n.md, "Country names").
public struct KoreanCountryNames: Sendable, Equatable {
    /// Names by upper-case ISO2 (`KR` → `대한민국`), the absent countries' too.
    public let byCode: [String: String]
    /// Names by disease.sh's entry name, for entries a code does not name: without one (`Diamond
    /// Princess`) or covering several territories (`Channel Islands`). Checked before `byCode`.
    public let byEntry: [String: String]

    /// Other names Korean readers search by, by upper-case ISO2 (`ZA` → `남아공`, `AU` → CLDR's
    /// `오스트레일리아`): found by the search, never shown.
    public let aliasesByCode: [String: [String]]

    /// Names from the tables; all empty by default (no Korean names known).
    public init(
        byCode: [String: String] = [:], byEntry: [String: String] = [:], aliasesByCode: [String: [String]] = [:]
    ) {
        self.byCode = byCode
        self.byEntry = byEntry
        self.aliasesByCode = aliasesByCode
    }

    private struct File: Decodable {
        let byCode: [String: String]
        let byEntry: [String: String]
        let aliases: [String: [String]]?
    }

    /// Reads the file's JSON: `{"byCode": {ISO2: name}, "byEntry": {disease.sh name: name}, "aliases":
    /// {ISO2: [name]}}` (`aliases` optional).
    /// - Throws: `DecodingError` when the data is not that shape.
    public init(json: Data) throws {
        let file = try JSONDecoder().decode(File.self, from: json)
        self.init(byCode: file.byCode, byEntry: file.byEntry, aliasesByCode: file.aliases ?? [:])
    }

    /// The other Korean names of `country` (`aliasesByCode`); none for an entry named by `byEntry`.
    public func aliases(of country: Country) -> [String] {
        guard byEntry[country.country] == nil, let code = country.countryInfo.iso2?.uppercased() else { return [] }
        return aliasesByCode[code] ?? []
    }

    /// The Korean name of `country`: by its disease.sh name in `byEntry`, else by its ISO2 code; `nil`
    /// when neither table has it.
    public func name(of country: Country) -> String? {
        byEntry[country.country] ?? country.countryInfo.iso2.flatMap { byCode[$0.uppercased()] }
    }
}
