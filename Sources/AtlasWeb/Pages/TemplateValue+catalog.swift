import Localization
import Mustache

extension TemplateValue {
    /// A catalog's words as nested template values, read with dotted names: the page context's
    /// `words` makes `nav.countries` `{{words.nav.countries}}` (docs/i18n.md). Texts stay as written,
    /// placeholders and all: a text with placeholders is filled by its view model instead.
    init(_ node: CatalogNode) {
        switch node {
        case .text(let text): self = .string(text)
        case .group(let members): self = .object(members.mapValues(TemplateValue.init))
        }
    }
}
