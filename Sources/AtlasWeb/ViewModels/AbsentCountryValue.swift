import AtlasCore
import Localization
import Mustache

/// A country the data lacks, as the not-found page and an empty search name it (its flag beside its name).
enum AbsentCountryValue {
    /// Its name in `language` and its flag.
    static func templateValue(_ country: AbsentCountry, flags: FlagImages, language: Language = .en) -> TemplateValue {
        let name = country.name(in: language)
        return [
            "name": .string(name),
            "flag": flags.templateValue(iso2: country.iso2, name: name, use: .besideName),
        ]
    }
}
