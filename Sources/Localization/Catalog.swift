import Foundation

/// One language's words, each under a key named by its meaning (`nav.countries`, `error.404.title`),
/// read from `Catalogs/<tag>.json` (a flat JSON object of strings, UTF-8). Texts may hold named
/// placeholders (`{count}`) that view models fill; Korean needs no plural forms, and English texts
/// avoid them by wording (docs/i18n.md). Immutable: read without locks.
public struct Catalog: Sendable {
    /// Whose words these are.
    public let language: Language
    /// Every text by key.
    public let texts: [String: String]
    /// Each key's placeholder names, in order of first appearance.
    let placeholdersByKey: [String: [String]]

    /// A catalog of `texts`, checked key by key.
    /// - Throws: `CatalogError.malformedKey`, `.keyIsAlsoAGroup` or `.malformedPlaceholder`, for the
    ///   first such key in sorted order.
    public init(language: Language, texts: [String: String]) throws {
        var placeholders: [String: [String]] = [:]
        for key in texts.keys.sorted() {
            guard Catalog.isWellFormed(key: key) else { throw CatalogError.malformedKey(key) }
            guard let names = Placeholders.names(in: texts[key]!) else {
                throw CatalogError.malformedPlaceholder(key: key, text: texts[key]!)
            }
            placeholders[key] = names
        }
        // Sorted, a key that starts a group comes right before its first member.
        let sorted = texts.keys.sorted()
        for (key, next) in zip(sorted, sorted.dropFirst()) where next.hasPrefix(key + ".") {
            throw CatalogError.keyIsAlsoAGroup(key)
        }
        self.language = language
        self.texts = texts
        self.placeholdersByKey = placeholders
    }

    /// Reads `<directory>/<tag>.json`.
    /// - Throws: `CatalogError.unreadable`, `.notAnObjectOfStrings`, or what `init(language:texts:)` throws.
    public static func load(_ language: Language, directory: String) throws -> Catalog {
        let path = directory + "/" + language.tag + ".json"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogError.unreadable(path: path)
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw CatalogError.notAnObjectOfStrings(path: path, detail: "not JSON")
        }
        guard let dictionary = object as? [String: Any] else {
            throw CatalogError.notAnObjectOfStrings(path: path, detail: "not an object")
        }
        var texts: [String: String] = [:]
        for (key, value) in dictionary {
            guard let text = value as? String else {
                throw CatalogError.notAnObjectOfStrings(path: path, detail: "“\(key)” is not a string")
            }
            texts[key] = text
        }
        return try Catalog(language: language, texts: texts)
    }

    /// The text under `key` as written, placeholders and all; `nil` when there is none.
    public func text(_ key: String) -> String? { texts[key] }

    /// The text under `key` with each `{name}` replaced by `values[name]`: `text("list.count", filling:
    /// ["count": "224"])` → `"224 countries and territories"`. Values are plain text; escaping is the
    /// template's.
    /// - Throws: `CatalogError.unknownKey` when there is no such key; `.valuesDiffer` when `values`
    ///   does not name exactly the text's placeholders.
    public func text(_ key: String, filling values: [String: String]) throws -> String {
        guard let text = texts[key], let names = placeholdersByKey[key] else { throw CatalogError.unknownKey(key) }
        guard Set(names) == Set(values.keys) else {
            throw CatalogError.valuesDiffer(key: key, placeholders: names, values: values.keys.sorted())
        }
        return Placeholders.fill(text, with: values)
    }

    /// The placeholder names of `key`'s text, in order of first appearance; `nil` without such a key.
    public func placeholders(of key: String) -> [String]? { placeholdersByKey[key] }

    /// Dot-separated segments, each a lower-case letter or digit then ASCII letters and digits.
    static func isWellFormed(key: String) -> Bool {
        let segments = key.split(separator: ".", omittingEmptySubsequences: false)
        return segments.allSatisfy { segment in
            guard let first = segment.unicodeScalars.first,
                ("a"..."z").contains(first) || ("0"..."9").contains(first)
            else { return false }
            return segment.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) }
        }
    }
}
