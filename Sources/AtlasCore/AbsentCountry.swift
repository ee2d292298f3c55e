/// A country the facts (mledoze/countries) know that the snapshot has no entry for, such as North
/// Korea: pages name it and say the data has no figures for it, instead of suggesting a namesake.
public struct AbsentCountry: Sendable, Equatable {
    /// ISO 3166-1 alpha-2, upper case, e.g. `KP`.
    public let iso2: String
    /// The English common name, e.g. `North Korea`.
    public let name: String
    /// The flag emoji, e.g. 🇰🇵.
    public let flag: String?
    /// Every name it goes by, folded (`TextFolding.searchKey`).
    let keys: Set<String>
}
