import Foundation

/// Named templates that include each other as partials, loaded and checked once at start-up, so a
/// broken views folder fails there, never while rendering a request.
///
/// A template's name is its path under the directory without `.mustache`: `countries/show`,
/// `partials/header`; partial tags use the same names (`{{> partials/header}}`).
public struct TemplateLibrary: Sendable {
    private let templates: [String: Template]

    /// Loads and parses every `*.mustache` file under `directory`, recursively.
    /// - Parameter directory: the templates folder, e.g. `Views`; errors name files under it.
    /// - Throws: ``TemplateError``: `.unreadableDirectory` when `directory` is missing, not a directory or
    ///   cannot be listed; `.noTemplates` when it holds no `*.mustache` file; `.unreadableFile` for a file
    ///   that is not UTF-8; a parse error of ``Template/init(_:name:)``; `.missingPartial` at the
    ///   `{{> name}}` tag that names no template of the library.
    public init(directory: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw TemplateError(.unreadableDirectory("no such directory"), source: directory)
        }
        guard isDirectory.boolValue else {
            throw TemplateError(.unreadableDirectory("not a directory"), source: directory)
        }
        let relativePaths: [String]
        do {
            // Listed through the resolved path: a `Views` that is a symbolic link would list as empty.
            relativePaths = try FileManager.default.subpathsOfDirectory(
                atPath: URL(fileURLWithPath: directory).resolvingSymlinksInPath().path)
        } catch {
            throw TemplateError(.unreadableDirectory("cannot list: \(error.localizedDescription)"), source: directory)
        }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        var sources: [String: (source: String, path: String)] = [:]
        for relativePath in relativePaths.sorted() where relativePath.hasSuffix(".mustache") {
            let path = base + relativePath
            var isSubdirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isSubdirectory), !isSubdirectory.boolValue
            else { continue }
            guard let data = FileManager.default.contents(atPath: path),
                let text = String(data: data, encoding: .utf8)
            else {
                throw TemplateError(.unreadableFile, source: path)
            }
            sources[String(relativePath.dropLast(".mustache".count))] = (text, path)
        }
        guard !sources.isEmpty else {
            throw TemplateError(.noTemplates, source: directory)
        }
        try self.init(sources: sources)
    }

    /// A library from in-memory sources keyed by template name; errors name the template.
    /// - Throws: ``TemplateError``: `.noTemplates` when `templates` is empty, a parse error of
    ///   ``Template/init(_:name:)``, or `.missingPartial`.
    public init(templates: [String: String]) throws {
        guard !templates.isEmpty else {
            throw TemplateError(.noTemplates, source: "(in-memory)")
        }
        try self.init(sources: templates.mapValues { ($0, "") })
    }

    /// Parses every source, then checks every partial tag; an empty `path` means "use the name".
    private init(sources: [String: (source: String, path: String)]) throws {
        var templates: [String: Template] = [:]
        // Sorted so that, of several broken files, the same one is always reported.
        for name in sources.keys.sorted() {
            let entry = sources[name]!
            templates[name] = try Template(entry.source, name: entry.path.isEmpty ? name : entry.path)
        }
        for name in templates.keys.sorted() {
            for reference in templates[name]!.partialReferences() where templates[reference.name] == nil {
                let path = sources[name]!.path
                throw TemplateError(
                    .missingPartial(reference.name), source: path.isEmpty ? name : path,
                    line: reference.location.line, column: reference.location.column,
                    lineText: reference.location.lineText)
            }
        }
        self.templates = templates
    }

    /// Every template name, sorted, e.g. `["countries/show", "layout", "partials/header"]`.
    public var names: [String] {
        templates.keys.sorted()
    }

    /// Renders the template called `name` with `context`, resolving `{{> name}}` tags from this library.
    /// - Throws: ``TemplateError/missingTemplate(_:)`` when no template has that name.
    public func render(_ name: String, _ context: TemplateValue) throws -> String {
        guard let template = templates[name] else {
            throw TemplateError.missingTemplate(name)
        }
        return template.render(context, partials: templates)
    }
}
