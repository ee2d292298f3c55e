/// Every language's catalog, checked against each other: the same keys, and for each key the same
/// placeholders as the default language's text.
public struct Catalogs: Sendable {
    private let byLanguage: [Language: Catalog]

    /// The catalogs of every language, checked.
    /// - Throws: `CatalogError.mismatched` listing every disagreement (`mismatches(among:)`).
    /// - Precondition: `catalogs` holds exactly one catalog per language.
    public init(_ catalogs: [Catalog]) throws {
        precondition(
            Set(catalogs.map(\.language)) == Set(Language.allCases) && catalogs.count == Language.allCases.count,
            "one catalog per language")
        let mismatches = Catalogs.mismatches(among: catalogs)
        guard mismatches.isEmpty else { throw CatalogError.mismatched(mismatches) }
        byLanguage = Dictionary(uniqueKeysWithValues: catalogs.map { ($0.language, $0) })
    }

    /// Reads and checks `<directory>/en.json`, `ko.json`, …: what the server does at start.
    /// - Throws: what `Catalog.load` throws for the first language whose file is wrong, else what
    ///   `init(_:)` throws.
    public static func load(directory: String) throws -> Catalogs {
        try Catalogs(Language.allCases.map { try Catalog.load($0, directory: directory) })
    }

    /// The catalog of `language`.
    public subscript(language: Language) -> Catalog { byLanguage[language]! }

    /// Every way the catalogs disagree, sorted by key then language: a key any catalog has that another
    /// lacks, and a key whose placeholders (as a set: word order differs between languages) differ
    /// from the default language's.
    public static func mismatches(among catalogs: [Catalog]) -> [CatalogMismatch] {
        let allKeys = Set(catalogs.flatMap(\.texts.keys)).sorted()
        let reference = catalogs.first { $0.language == .default }
        var mismatches: [CatalogMismatch] = []
        for key in allKeys {
            for catalog in catalogs.sorted(by: { $0.language.tag < $1.language.tag }) {
                guard let found = catalog.placeholders(of: key) else {
                    mismatches.append(.missing(key: key, language: catalog.language))
                    continue
                }
                if let expected = reference?.placeholders(of: key), Set(expected) != Set(found) {
                    mismatches.append(
                        .placeholdersDiffer(key: key, language: catalog.language, expected: expected, found: found))
                }
            }
        }
        return mismatches
    }
}
