import AtlasCore
import Mustache

/// A country the data lacks, as the not-found page and an empty search name it (its flag beside its name).
enum AbsentCountryValue {
    static func templateValue(_ country: AbsentCountry, flags: FlagImages) -> TemplateValue {
        [
            "name": .string(country.name),
            "flag": flags.templateValue(iso2: country.iso2, name: country.name, use: .besideName),
        ]
    }
}
