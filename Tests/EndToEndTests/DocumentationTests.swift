import Foundation
import Testing

/// The README documents what the binary does: its command-line synopsis is the one `--help` prints.
struct DocumentationTests {
    /// The lines of `covid-atlas --help` between `Usage:` and the next blank line, unindented.
    static func helpSynopsis() throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binaryPath)
        process.arguments = ["--help"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "Usage:"))
        return lines[(start + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map {
            String($0.dropFirst(2))
        }
    }

    @Test func theReadmeShowsTheSynopsisThatHelpPrints() throws {
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        let synopsis = try Self.helpSynopsis()
        #expect(synopsis.count >= 8)
        #expect(
            readme.contains("```\n" + synopsis.joined(separator: "\n") + "\n```"),
            "README's synopsis differs from --help")
    }
}
