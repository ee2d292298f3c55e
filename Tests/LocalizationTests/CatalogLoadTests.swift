import Foundation
import Localization
import Testing

/// Reading `<directory>/<tag>.json`: what a broken file throws, so the server's start names it.
struct CatalogLoadTests {
    /// A fresh directory with `files` (name → contents), removed after `body`.
    func withDirectory(_ files: [String: String], _ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("catalogs-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (name, text) in files {
            try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        }
        try body(directory)
    }

    @Test func aMissingFileIsUnreadable() throws {
        try withDirectory(["en.json": #"{"a": "A"}"#]) { directory in
            #expect(throws: CatalogError.unreadable(path: directory + "/ko.json")) {
                try Catalogs.load(directory: directory)
            }
        }
    }

    @Test(arguments: [
        ("{", "not JSON"), (#"["a"]"#, "not an object"), (#"{"a": 1}"#, "“a” is not a string"),
        (#"{"a": {"b": "c"}}"#, "“a” is not a string"),
    ])
    func aFileThatIsNotAnObjectOfStringsIsRefused(_ text: String, _ detail: String) throws {
        try withDirectory(["ko.json": text]) { directory in
            #expect(throws: CatalogError.notAnObjectOfStrings(path: directory + "/ko.json", detail: detail)) {
                try Catalog.load(.ko, directory: directory)
            }
        }
    }

    @Test func catalogsThatDisagreeAreRefusedWithEveryMismatch() throws {
        try withDirectory(["en.json": #"{"a": "{n} A", "b": "B"}"#, "ko.json": #"{"a": "가"}"#]) { directory in
            #expect(
                throws: CatalogError.mismatched([
                    .placeholdersDiffer(key: "a", language: .ko, expected: ["n"], found: []),
                    .missing(key: "b", language: .ko),
                ])
            ) { try Catalogs.load(directory: directory) }
        }
    }

    @Test func agreeingFilesLoad() throws {
        try withDirectory(["en.json": #"{"nav.compare": "Compare"}"#, "ko.json": #"{"nav.compare": "비교"}"#]) {
            directory in
            let catalogs = try Catalogs.load(directory: directory)
            #expect(catalogs[.en].text("nav.compare") == "Compare")
            #expect(catalogs[.ko].text("nav.compare") == "비교")
        }
    }
}
