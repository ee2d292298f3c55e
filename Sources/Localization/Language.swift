/// A language the site's pages are written in. English pages keep the addresses they always had; every
/// other language's pages live under its prefix (`/ko/countries/kr`), the rest of the address unchanged
/// (docs/i18n.md).
public enum Language: String, CaseIterable, Sendable {
    /// English, the site's first language and the `x-default` of every page.
    case en
    /// Korean.
    case ko

    /// The language whose pages keep the unprefixed addresses, and the one `hreflang="x-default"` names.
    public static let `default` = Language.en

    /// The BCP 47 tag (RFC 5646) for `<html lang>`, `hreflang` (HTML §4.6.7) and `Content-Language`
    /// (RFC 9110 §8.5): `en`, `ko`.
    public var tag: String { rawValue }

    /// The language's name in itself (its autonym, as CLDR writes it): `English`, `한국어`. The language
    /// switch shows it in every language, marked with its own `lang`, so a reader finds their language
    /// whatever page they are on.
    public var nativeName: String {
        switch self {
        case .en: return "English"
        case .ko: return "한국어"
        }
    }

    /// The first path segment of this language's pages, with its slash: `""` for English, `"/ko"` for
    /// Korean.
    public var pathPrefix: String { self == .default ? "" : "/" + rawValue }
}
