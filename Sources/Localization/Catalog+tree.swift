/// A catalog's keys as nested groups, the shape templates read with dotted names: `nav.countries` is
/// the text `countries` in the group `nav`, written `{{words.nav.countries}}` (docs/i18n.md).
public indirect enum CatalogNode: Equatable, Sendable {
    /// A text, placeholders as written.
    case text(String)
    /// Named members: texts and further groups.
    case group([String: CatalogNode])
}

extension Catalog {
    /// Every text, nested by the segments of its key. `init(language:texts:)` refused keys that are also
    /// groups, so every key has its place.
    public var tree: CatalogNode {
        var root: [String: CatalogNode] = [:]
        for (key, text) in texts {
            let segments = key.split(separator: ".").map(String.init)
            root = Catalog.inserting(text, at: segments[...], into: root)
        }
        return .group(root)
    }

    private static func inserting(
        _ text: String, at segments: ArraySlice<String>, into group: [String: CatalogNode]
    ) -> [String: CatalogNode] {
        var group = group
        let head = segments.first!
        if segments.count == 1 {
            group[head] = .text(text)
        } else {
            var members: [String: CatalogNode] = [:]
            if case .group(let existing) = group[head] { members = existing }
            group[head] = .group(inserting(text, at: segments.dropFirst(), into: members))
        }
        return group
    }
}
