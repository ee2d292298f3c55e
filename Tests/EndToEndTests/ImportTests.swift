import Foundation
import Testing

/// `covid-atlas import` against the database a running server uses.
struct ImportTests {
    @Test func aRunningServerPicksUpAnImportByAnotherProcess() throws {
        let server = try ServerProcess()
        #expect(try fetch(server.port, "/countries/kr").text.contains("395,460"))

        let original = try String(contentsOfFile: packageRoot + "/data/disease-sh/countries.json", encoding: .utf8)
        let changed = original.replacingOccurrences(of: "\"cases\":395460,", with: "\"cases\":400001,")
        #expect(changed != original)
        let file = server.directory + "/countries.json"
        try changed.write(toFile: file, atomically: true, encoding: .utf8)

        let result = try runCLI([
            "import", file, "--all", packageRoot + "/data/disease-sh/all.json", "--database",
            server.directory + "/atlas.sqlite",
        ])
        #expect(result.status == 0)
        #expect(result.output.contains("imported 224 countries"))

        var seen = false
        for _ in 0..<50 where !seen {
            seen = try fetch(server.port, "/countries/kr").text.contains("400,001")
            if !seen { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(seen, "the server still shows the old figure 5 s after the import")
    }

    @Test func aBrokenFileIsRefusedInOneLineAndChangesNothing() throws {
        let server = try ServerProcess()
        let file = server.directory + "/broken.json"
        try "<html>Too Many Requests</html>".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try runCLI(["import", file, "--database", server.directory + "/atlas.sqlite"])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("covid-atlas: "))
        #expect(result.errors.contains("HTML"))
        #expect(result.errors.split(separator: "\n").count == 1)
        #expect(try fetch(server.port, "/api/countries").body.count > 100_000)
    }

    @Test func aMissingFileIsNamed() throws {
        let result = try runCLI([
            "import", "/nonexistent/countries.json", "--database",
            NSTemporaryDirectory() + "unused-\(UUID().uuidString).sqlite",
        ])
        #expect(result.status == 1)
        #expect(result.errors == "covid-atlas: cannot read /nonexistent/countries.json: no such file or not readable\n")
    }
}

/// Runs the binary to completion and returns its exit status, stdout and stderr.
func runCLI(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binaryPath)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
        process.terminationStatus, String(decoding: outputData, as: UTF8.self),
        String(decoding: errorData, as: UTF8.self)
    )
}
