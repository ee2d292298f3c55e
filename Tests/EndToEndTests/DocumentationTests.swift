import Foundation
import Testing

/// docs/operations.md documents what the binary does: its command-line synopsis is the one `--help` prints.
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

    @Test func theOperationsDocShowsTheSynopsisThatHelpPrints() throws {
        let operations = try String(contentsOfFile: packageRoot + "/docs/operations.md", encoding: .utf8)
        let synopsis = try Self.helpSynopsis()
        #expect(synopsis.count >= 8)
        #expect(
            operations.contains("```\n" + synopsis.joined(separator: "\n") + "\n```"),
            "docs/operations.md's synopsis differs from --help")
    }
}

/// Every option `--help` lists is explained in docs/operations.md's prose too, not only named in the synopsis.
struct OptionDocumentationTests {
    @Test func everyOptionOfHelpIsExplainedInTheOperationsDoc() throws {
        let operations = try String(contentsOfFile: packageRoot + "/docs/operations.md", encoding: .utf8)
        // The prose: the page without its code blocks.
        let prose = operations.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            .joined()
        let synopsis = try DocumentationTests.helpSynopsis().joined(separator: " ")
        let options = Set(
            synopsis.split(separator: "[").compactMap { part -> String? in
                guard part.hasPrefix("--") else { return nil }
                return String(part.prefix { $0 != " " && $0 != "]" })
            })
        #expect(options.count > 15)
        for option in options.sorted() {
            #expect(prose.contains("`\(option)"), "docs/operations.md's prose does not explain \(option)")
        }
    }
}

/// `serve --max-connections N`: the server's connection limit (ServerConfiguration.maxConnections).
struct MaxConnectionsTests {
    @Test func atTheLimitANewConnectionWaitsWhileTheOpenOneIsBusyAndTakesItsPlaceWhenIdle() throws {
        let server = try ServerProcess(arguments: ["--max-connections", "1"])
        let first = try RawClient(port: server.port)
        try first.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try first.readResponse().status == 200)
        // Half a request: busy. The kernel completes the second's handshake (the backlog), but the
        // server does not accept it yet.
        try first.send("GET /healthz HTTP/1.1\r\n")
        // Time for the server to read it: a request it has not seen leaves the connection idle to it.
        usleep(100_000)
        let second = try RawClient(port: server.port)
        second.setReadTimeout(1)
        try second.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(throws: (any Error).self) { try second.readResponse() }
        first.close()
        second.setReadTimeout(10)
        #expect(try second.readResponse().status == 200)
        // Now the second is idle: a third takes its place at once.
        let third = try RawClient(port: server.port)
        third.setReadTimeout(5)
        try third.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try third.readResponse().status == 200)
        #expect(second.isClosedByServer())
    }

    @Test(arguments: ["0", "-1", "many"])
    func aLimitThatIsNotAPositiveWholeNumberIsAUsageError(_ value: String) throws {
        let result = try runCLI(["serve", "--port", "0", "--max-connections", value])
        #expect(result.status == 64)
        #expect(
            result.errors
                == "covid-atlas: --max-connections “\(value)” is not a whole number from 1 to 1000000 (see covid-atlas --help)\n"
        )
    }
}
