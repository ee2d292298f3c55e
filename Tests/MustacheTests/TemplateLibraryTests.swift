import Foundation
import Mustache
import Testing

/// A fresh directory under the system temporary directory, removed when the test ends.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("mustache-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func write(_ relativePath: String, _ contents: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url, atomically: true, encoding: .utf8)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

struct TemplateLibraryTests {
    func views() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("layout.mustache", "<html>\n  {{> partials/header}}\n<main>{{{body}}}</main>\n</html>\n")
        try directory.write("partials/header.mustache", "<header>\n  <h1>{{title}}</h1>\n</header>\n")
        try directory.write("countries/show.mustache", "{{#country}}<h2>{{name}}</h2>{{/country}}")
        try directory.write("countries/deep/nested/item.mustache", "<li>{{.}}</li>")
        try directory.write("README.txt", "not a template {{#")
        return directory
    }

    @Test("names are relative paths without the extension, sorted, other files ignored")
    func namesAreRelativePaths() throws {
        let directory = try views()
        let library = try TemplateLibrary(directory: directory.path)
        #expect(library.names == ["countries/deep/nested/item", "countries/show", "layout", "partials/header"])
    }

    @Test("a trailing slash on the directory changes nothing")
    func trailingSlash() throws {
        let directory = try views()
        let library = try TemplateLibrary(directory: directory.path + "/")
        #expect(library.names == ["countries/deep/nested/item", "countries/show", "layout", "partials/header"])
    }

    @Test("renders a template with a partial from a subfolder, indented as a standalone partial")
    func rendersWithPartial() throws {
        let directory = try views()
        let library = try TemplateLibrary(directory: directory.path)
        let html = try library.render("layout", ["title": "Côte d'Ivoire", "body": "<p>hi</p>"])
        #expect(
            html == "<html>\n  <header>\n    <h1>Côte d&#39;Ivoire</h1>\n  </header>\n<main><p>hi</p></main>\n</html>\n"
        )
        #expect(try library.render("countries/show", ["country": ["name": "Peru"]]) == "<h2>Peru</h2>")
    }

    @Test("rendering an unknown name throws missingTemplate")
    func missingTemplate() throws {
        let directory = try views()
        let library = try TemplateLibrary(directory: directory.path)
        #expect(throws: TemplateError.missingTemplate("countries/index")) {
            try library.render("countries/index", [:])
        }
    }

    @Test("a broken file stops loading with its path, line and column")
    func brokenFile() throws {
        let directory = try views()
        try directory.write(
            "countries/index.mustache", "<ul>\n{{#countries}}\n  <li>{{name}}</li>\n{{/country}}\n</ul>\n")
        let error = #expect(throws: TemplateError.self) { try TemplateLibrary(directory: directory.path) }
        #expect(error?.kind == .mismatchedClosingTag(expected: "countries", found: "country"))
        #expect(error?.source == directory.path + "/countries/index.mustache")
        #expect(error?.line == 4)
        #expect(error?.column == 1)
        #expect(error?.description.hasPrefix(directory.path + "/countries/index.mustache:4:1: ") == true)
    }

    @Test("a partial naming no template stops loading with the file and the tag's line")
    func missingPartial() throws {
        let directory = try views()
        try directory.write("world.mustache", "<h1>World</h1>\n\n   {{> partials/stat-cell}}\n")
        let error = #expect(throws: TemplateError.self) { try TemplateLibrary(directory: directory.path) }
        #expect(error?.kind == .missingPartial("partials/stat-cell"))
        #expect(error?.source == directory.path + "/world.mustache")
        #expect(error?.line == 3)
        #expect(error?.column == 4)
    }

    @Test("a missing directory is unreadable")
    func missingDirectory() throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: TemplateError.self) {
            try TemplateLibrary(directory: directory.path + "/Views")
        }
        #expect(error?.kind == .unreadableDirectory("no such directory"))
        #expect(error?.source == directory.path + "/Views")
    }

    @Test("a file given as directory is unreadable")
    func fileAsDirectory() throws {
        let directory = try views()
        let error = #expect(throws: TemplateError.self) {
            try TemplateLibrary(directory: directory.path + "/layout.mustache")
        }
        #expect(error?.kind == .unreadableDirectory("not a directory"))
    }

    @Test("a directory without templates is refused")
    func noTemplates() throws {
        let directory = try TemporaryDirectory()
        try directory.write("notes.txt", "hello")
        #expect(throws: TemplateError(.noTemplates, source: directory.path)) {
            try TemplateLibrary(directory: directory.path)
        }
    }

    @Test("a file that is not UTF-8 is unreadable")
    func notUTF8() throws {
        let directory = try views()
        let path = directory.path + "/bad.mustache"
        #expect(FileManager.default.createFile(atPath: path, contents: Data([0x61, 0xFF, 0xFE, 0x62])))
        #expect(throws: TemplateError(.unreadableFile, source: path)) {
            try TemplateLibrary(directory: directory.path)
        }
    }

    @Test("in-memory templates follow the same rules and may recurse through partials")
    func inMemoryRecursion() throws {
        let library = try TemplateLibrary(templates: [
            "tree": "<ul>{{> node}}</ul>",
            "node": "{{#nodes}}<li>{{name}}{{> node}}</li>{{/nodes}}",
        ])
        let data: TemplateValue = [
            "nodes": [
                ["name": "Europe", "nodes": [["name": "France", "nodes": []], ["name": "Spain", "nodes": []]]],
                ["name": "Asia", "nodes": []],
            ]
        ]
        #expect(
            try library.render("tree", data) == "<ul><li>Europe<li>France</li><li>Spain</li></li><li>Asia</li></ul>")
    }

    @Test("an empty in-memory library is refused")
    func emptyInMemory() {
        #expect(throws: TemplateError.self) { try TemplateLibrary(templates: [:]) }
    }

    @Test("an in-memory parse error names the template")
    func inMemoryParseError() {
        let error = #expect(throws: TemplateError.self) {
            try TemplateLibrary(templates: ["ok": "fine", "profile/edit": "<form>\n{{name\n"])
        }
        #expect(error?.source == "profile/edit")
        #expect(error?.kind == .unclosedTag)
        #expect(error?.line == 2)
    }
}
