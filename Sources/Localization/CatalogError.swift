/// Why a catalog cannot be used. Thrown at start, like a broken template: a site with a missing or
/// malformed word never serves a page.
public enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file at `path` is missing or unreadable.
    case unreadable(path: String)
    /// The file is not one JSON object whose values are all strings; `detail` says where.
    case notAnObjectOfStrings(path: String, detail: String)
    /// A key that is not dot-separated segments of ASCII letters and digits, each starting with a
    /// lower-case letter or a digit (`nav.countries`, `error.404.title`).
    case malformedKey(String)
    /// A key that is also the start of other keys (`nav` beside `nav.countries`), which the nested
    /// template values (`Catalog.tree`) cannot hold.
    case keyIsAlsoAGroup(String)
    /// A text whose braces do not enclose a placeholder name (`{count`, `{}`, `{1st}`).
    case malformedPlaceholder(key: String, text: String)
    /// `text(_:filling:)` was asked for a key the catalog lacks.
    case unknownKey(String)
    /// `text(_:filling:)` got no value for a placeholder of the text, or a value for none.
    case valuesDiffer(key: String, placeholders: [String], values: [String])
    /// The languages' catalogs disagree: keys missing from one, or different placeholders.
    case mismatched([CatalogMismatch])

    public var description: String {
        switch self {
        case .unreadable(let path): return "\(path): missing or unreadable"
        case .notAnObjectOfStrings(let path, let detail): return "\(path): not a JSON object of strings (\(detail))"
        case .malformedKey(let key): return "malformed catalog key “\(key)”"
        case .keyIsAlsoAGroup(let key): return "catalog key “\(key)” is also the start of other keys"
        case .malformedPlaceholder(let key, let text): return "malformed placeholder in “\(key)”: \(text)"
        case .unknownKey(let key): return "no catalog key “\(key)”"
        case .valuesDiffer(let key, let placeholders, let values):
            return "“\(key)” has placeholders \(placeholders) but got values \(values)"
        case .mismatched(let mismatches): return mismatches.map(\.description).joined(separator: "\n")
        }
    }
}

/// One way two languages' catalogs disagree.
public enum CatalogMismatch: Equatable, Sendable, CustomStringConvertible {
    /// `key` is in another language's catalog but not in `language`'s.
    case missing(key: String, language: Language)
    /// `language`'s text for `key` names other placeholders than the default language's.
    case placeholdersDiffer(key: String, language: Language, expected: [String], found: [String])

    public var description: String {
        switch self {
        case .missing(let key, let language): return "\(language.tag).json lacks “\(key)”"
        case .placeholdersDiffer(let key, let language, let expected, let found):
            let reference = Language.default.tag
            return "\(language.tag).json’s “\(key)” has placeholders \(found), \(reference).json’s \(expected)"
        }
    }
}
