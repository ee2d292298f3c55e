import AtlasCore
import Localization

extension CountryCatalog.Entry {
    /// The entry's name on a page in `language`: its Korean name on a Korean page (the English one
    /// when it has none), disease.sh's otherwise.
    func name(in language: Language) -> String {
        language == .ko ? koreanName ?? country.country : country.country
    }
}

extension AbsentCountry {
    /// The country's name on a page in `language`, as `CountryCatalog.Entry.name(in:)`.
    func name(in language: Language) -> String {
        language == .ko ? koreanName ?? name : name
    }
}

extension CountryCatalog {
    /// The name a page in `language` gives, inside a sentence, the country that disease.sh and JHU's
    /// rows spell `name` (`UK`, `Burma`): `the UK` in English; in Korean the entry's Korean name (`영국`),
    /// found as `HistoryMapping` finds a row's entry, or `name` itself when no entry has one (`Kosovo`).
    func nameInSentence(ofCountryNamed name: String, in language: Language) -> String {
        guard language == .ko else { return Country.nameInSentence(name) }
        let key = HistoryMapping.key(forCountryNamed: name)
        let entry = entries.first { entry in
            switch key {
            case .iso2(let iso2): return entry.country.countryInfo.iso2?.uppercased() == iso2
            case .name(let folded): return TextFolding.searchKey(entry.country.country) == folded
            }
        }
        return entry?.koreanName ?? name
    }
}
