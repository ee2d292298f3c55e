import Foundation

/// A set of named templates that can include each other as partials, loaded and checked once at start-up.
///
/// A template's name is its path relative to the library's directory without the `.mustache` extension,
/// with `/` between folders: `countries/show`, `partials/header`. A partial tag names a template the
/// same way (`{{> partials/header}}`). Every template is parsed and every partial tag is checked when the
/// library is created, so a broken views folder fails there, never while rendering a request.
public struct TemplateLibrary: Sendable {
    private let templates: [String: Template]

    /// Loads every `*.mustache` file under `directory`, recursively, and parses each once.
    /// - Parameter directory: the templates folder, e.g. `Views`; error messages name files under it
    ///   (`Views/countries/show.mustache`).
    /// - Throws: ``TemplateError`` with kind `.unreadableDirectory` when `directory` is missing, not a
    ///   directory or cannot be listed; `.noTemplates` when it holds no `*.mustache` file; `.unreadableFile`
    ///   when a file cannot be read as UTF-8; any parse error of ``Template/init(_:name:)`` with the file's
    ///   path, line, column and line text; `.missingPartial` with the file's path and the line of the
    ///   `{{> name}}` tag when a partial names no template of the library.
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
            // Listed through the resolved path: a `Views` that is itself a symbolic link (a deploy or a
            // container layout) would otherwise list as empty.
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

    /// Creates a library from in-memory sources, keyed by template name; same rules as
    /// ``init(directory:)``, with errors naming the template instead of a file.
    /// - Throws: ``TemplateError``: `.noTemplates` when `templates` is empty, any parse error of
    ///   ``Template/init(_:name:)``, and `.missingPartial` when a partial names no template of the library.
    public init(templates: [String: String]) throws {
        guard !templates.isEmpty else {
            throw TemplateError(.noTemplates, source: "(in-memory)")
        }
        try self.init(sources: templates.mapValues { ($0, "") })
    }

    /// Parses every source, then checks every partial tag; an empty `path` means "use the name".
    private init(sources: [String: (source: String, path: String)]) throws {
        var templates: [String: Template] = [:]
        // Sorted so that, with several broken files, the error reported is always the same one.
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
    /// - Returns: the rendered text.
    /// - Throws: ``TemplateError/missingTemplate(_:)`` when no template has that name.
    public func render(_ name: String, _ context: TemplateValue) throws -> String {
        guard let template = templates[name] else {
            throw TemplateError.missingTemplate(name)
        }
        return template.render(context, partials: templates)
    }
}
