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

    /// Names from the two tables; both empty by default (no Korean names known).
    public init(byCode: [String: String] = [:], byEntry: [String: String] = [:]) {
        self.byCode = byCode
        self.byEntry = byEntry
    }

    /// Reads the file's JSON: `{"byCode": {ISO2: name}, "byEntry": {disease.sh name: name}}`.
    /// - Throws: `DecodingError` when the data is not that shape.
    public init(json: Data) throws {
        let tables = try JSONDecoder().decode([String: [String: String]].self, from: json)
        guard let byCode = tables["byCode"], let byEntry = tables["byEntry"] else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "byCode and byEntry expected"))
        }
        self.init(byCode: byCode, byEntry: byEntry)
    }

    /// The Korean name of `country`: by its disease.sh name in `byEntry`, else by its ISO2 code; `nil`
    /// when neither table has it.
    public func name(of country: Country) -> String? {
        byEntry[country.country] ?? country.countryInfo.iso2.flatMap { byCode[$0.uppercased()] }
    }
}
