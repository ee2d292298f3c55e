/// A country the facts know but the snapshot lacks (North Korea): pages say the data has no figures
/// for it rather than suggest a namesake.
public struct AbsentCountry: Sendable, Equatable {
    /// ISO 3166-1 alpha-2, upper case, e.g. `KP`.
    public let iso2: String
    /// The English common name, e.g. `North Korea`.
    public let name: String
    /// The Korean name (`KoreanCountryNames`), e.g. `북한`; `nil` when the catalog was given none.
    public let koreanName: String?
    /// The flag emoji, e.g. 🇰🇵.
    public let flag: String?
    /// Every name it goes by, folded (`TextFolding.searchKey`).
    let keys: Set<String>
}
