import AtlasCore
import Mustache

/// A country the data lacks, as the not-found page and an empty search name it.
enum AbsentCountryValue {
    static func templateValue(_ country: AbsentCountry) -> TemplateValue {
        ["name": .string(country.name), "flag": country.flag.map(TemplateValue.string) ?? .null]
    }
}
