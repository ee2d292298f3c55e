import Foundation
import TestSupport
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

        #expect(
            try waitFor(server.port, "/countries/kr", toContain: "400,001"),
            "the server still shows the old figure 10 s after the import")
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
        #expect(result.errors == "covid-atlas: cannot read /nonexistent/countries.json: no such file\n")
    }

    @Test func anEmptyReadableFileIsRefusedAsAnEmptyPayload() throws {
        let result = try runCLI([
            "import", "/dev/null", "--database", NSTemporaryDirectory() + "unused-\(UUID().uuidString).sqlite",
        ])
        #expect(result.status == 1)
        #expect(!result.errors.contains("cannot read"), "\(result.errors)")
        #expect(result.errors.contains("empty"), "\(result.errors)")
        #expect(result.errors.split(separator: "\n").count == 1)
    }

    @Test(arguments: [["/tmp"], [packageRoot + "/data/disease-sh/countries.json", "--all", "/tmp"]])
    func aDirectoryIsNamedAsOne(_ files: [String]) throws {
        let result = try runCLI(
            ["import"] + files + ["--database", NSTemporaryDirectory() + "unused-\(UUID().uuidString).sqlite"])
        #expect(result.status == 1)
        #expect(result.errors == "covid-atlas: cannot read /tmp: it is a directory, not a saved response\n")
    }
}

/// Runs the binary (or `executable`) to completion and returns its exit status, stdout and stderr.
func runCLI(_ arguments: [String], executable: String = binaryPath) throws -> (
    status: Int32, output: String, errors: String
) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
    process.environment = childEnvironment
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

struct OutputTests {
    /// A log reader that stalls (a pipe nobody reads) must not stall the server (access log lines
    /// are dropped instead), and SIGTERM must still stop it.
    @Test func anUnreadStandardOutputNeitherBlocksRequestsNorShutdown() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binaryPath)
        let directory = NSTemporaryDirectory() + "atlas-stall-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        process.arguments = ["serve", "--port", "0", "--database", directory + "/atlas.sqlite"]
        process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let firstLine = ServerProcess.readLine(output.fileHandleForReading)
        let port = try #require(Int(firstLine.split(separator: ":").last ?? ""))

        // About 3,000 log lines: far more than a 64 KiB pipe holds. Nothing reads it from now on.
        let client = try RawClient(port: port)
        for _ in 0..<3000 {
            try client.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
        process.terminate()
        #expect(
            waitUntil(deadline: .seconds(10)) { !process.isRunning },
            "SIGTERM did not stop a server whose standard output is full")
    }
}

/// `covid-atlas import` runs the same validation as a refresh.
struct ImportValidationTests {
    @Test func aDuplicateIdIsNamedInOneLineWithoutSQLiteWordsAndChangesNothing() throws {
        let server = try ServerProcess()
        var countries = try shippedCountries()
        countries.append(countries[10])
        let file = server.directory + "/duplicate.json"
        try JSONSerialization.data(withJSONObject: countries).write(to: URL(fileURLWithPath: file))
        let before = try fetch(server.port, "/api/countries").body
        let result = try runCLI(["import", file, "--database", server.directory + "/atlas.sqlite"])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("covid-atlas: invalid snapshot: duplicate id ISO2 "), "\(result.errors)")
        #expect(!result.errors.contains("SQLite"))
        #expect(result.errors.split(separator: "\n").count == 1)
        #expect(try fetch(server.port, "/api/countries").body == before)
    }
}

/// `covid-atlas import` of a file with implausible entries: refused in one line for a name nobody has,
/// otherwise imported with the odd entries named in the report, and an entry without a name named
/// as left out rather than silently counted out.
struct ImplausibleImportTests {
    @Test func aHundredThousandCharacterNameIsRefusedInOneLine() throws {
        let server = try ServerProcess()
        let file = server.directory + "/long-name.json"
        try Data(try countriesJSON(changing: "FR") { $0["country"] = String(repeating: "x", count: 100_000) })
            .write(to: URL(fileURLWithPath: file))
        let result = try runCLI(["import", file, "--database", server.directory + "/atlas.sqlite"])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("covid-atlas: invalid snapshot: the name of entry "), "\(result.errors)")
        #expect(result.errors.contains("is 100000 characters long, over 100"), "\(result.errors)")
        #expect(result.errors.split(separator: "\n").count == 1)
        #expect(result.errors.count < 300)
    }

    @Test func oddEntriesAreNamedAndANamelessOneIsNamedAsLeftOut() throws {
        let server = try ServerProcess()
        var countries = try shippedCountries()
        let index = { (iso2: String) in
            countries.firstIndex { ($0["countryInfo"] as? [String: Any])?["iso2"] as? String == iso2 }!
        }
        countries[index("FR")]["deaths"] = 999_999_999
        countries[index("DE")]["continent"] = "Mars"
        countries[index("IT")]["country"] = ""
        let file = server.directory + "/odd.json"
        try JSONSerialization.data(withJSONObject: countries).write(to: URL(fileURLWithPath: file))
        let result = try runCLI(["import", file, "--database", server.directory + "/atlas.sqlite"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("imported 223 countries"), "\(result.output)")
        let flagged = try #require(
            result.output.split(separator: "\n").first { $0.hasPrefix("flagged 2 entries (kept): ") })
        #expect(flagged.contains("“France”: 999999999 deaths above "))
        #expect(flagged.contains("“Germany”: the continent “Mars” is none of the six (listed under All only)"))
        #expect(
            result.output.contains(
                "left out 1 entry: entry \(index("IT") + 1) (ISO2 IT, ISO3 ITA): a blank country name"))
    }
}

/// Arguments that can import nothing, or name no store, are bad arguments: one line, exit 64, no file
/// read and nothing written (docs/operations.md, "import").
struct ImportArgumentTests {
    @Test(arguments: [
        (
            ["import", "-"],
            "FILE - imports only a history or vaccinations: give --historical FILE or --vaccinations FILE"
        ),
        (["import", "-", "--historical", "h.json", "--all", "a.json"], "--all goes with a countries FILE, not with -"),
        (["import", "countries.json", "--all="], "--all needs a file path"),
        (["import", "countries.json", "--database", "/dev/null"], "/dev/null is not a regular file"),
        (["refresh", "--source", "http://127.0.0.1:99999"], "--source “http://127.0.0.1:99999” is not"),
        (["refresh", "--source", "http://[::1"], "--source “http://[::1” is not"),
    ])
    func aCombinationThatImportsNothingIsABadArgument(arguments: [String], message: String) throws {
        let directory = NSTemporaryDirectory() + "import-args-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = arguments.contains("--database") ? [] : ["--database", directory + "/atlas.sqlite"]
        let result = try runCLI(arguments + database)
        #expect(result.status == 64, "\(result.errors)")
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(result.errors.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: directory + "/atlas.sqlite"), "a database was created")
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"), "SQLite wrote beside /dev/null")
    }
}
