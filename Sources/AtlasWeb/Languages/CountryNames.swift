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
