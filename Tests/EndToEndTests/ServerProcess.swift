import Foundation
import Glibc
import Testing

/// The repository root, found from this file's path.
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: url.path + "/Package.swift") { return url.path }
    }
    return FileManager.default.currentDirectoryPath
}()

/// The built `covid-atlas` binary: `$COVID_ATLAS_BINARY`, else the debug build beside the tests.
let binaryPath: String = {
    if let path = ProcessInfo.processInfo.environment["COVID_ATLAS_BINARY"] { return path }
    let candidates = [
        Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("covid-atlas").path,
        Bundle.main.bundleURL.appendingPathComponent("covid-atlas").path,
        packageRoot + "/.build/debug/covid-atlas",
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates.last!
}()

/// The test process's environment for the binary, without Swift's out-of-process backtracer: a crash
/// then prints its fatal error and stack and exits, so the test fails instead of hanging while a
/// backtracer (which inherits the server's pipes and descriptor limit) holds the output open.
let childEnvironment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }

/// The real `covid-atlas` executable, started on port 0 with a fresh temporary database, run from
/// the repository root as a user would. Stopped with SIGTERM when released.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let directory: String
    let port: Int
    let output = Pipe()
    let errors = Pipe()
    /// The first line the server printed (`listening on http://127.0.0.1:PORT`).
    private(set) var firstLine = ""
    private let captured = NSLock()
    private var outputAfterFirstLine: [UInt8] = []
    private var errorBytes: [UInt8] = []

    /// What the server wrote to standard output after its first line, so far.
    var standardOutput: String {
        captured.lock()
        defer { captured.unlock() }
        return String(decoding: outputAfterFirstLine, as: UTF8.self)
    }

    /// What the server wrote to standard error, so far.
    var errorOutput: String {
        captured.lock()
        defer { captured.unlock() }
        return String(decoding: errorBytes, as: UTF8.self)
    }

    /// The process id (for signals and /proc).
    var pid: Int32 { process.processIdentifier }

    /// What the server wrote to standard error so far (the name the refresh tests use).
    var errorText: String { errorOutput }

    /// Whether `deinit` removes `directory` (not when it was handed in to restart on its database).
    private let ownsDirectory: Bool
    /// Set to keep `directory` after all (the shipped database's).
    private var keepsDirectory = false

    /// - Parameters:
    ///   - arguments: extra `serve` arguments.
    ///   - environment: extra environment variables (e.g. a locale).
    ///   - directory: the folder of an earlier server's `atlas.sqlite` to start on again; kept afterwards.
    ///   - descriptorLimit: when set, the server runs with RLIMIT_NOFILE lowered to this (`ulimit -n`).
    ///   - startsEmpty: a new `directory` starts without a database (the server's first start imports
    ///     the shipped data) instead of with a copy of one that holds it.
    /// - Throws: when the binary is missing or does not print its address.
    ///   - database: a `--database` other than the directory's SQLite file (a PostgreSQL URI).
    init(
        arguments: [String] = [], environment: [String: String] = [:], directory existing: String? = nil,
        descriptorLimit: Int? = nil, startsEmpty: Bool = false, database: String? = nil
    ) throws {
        guard FileManager.default.isExecutableFile(atPath: binaryPath) else {
            throw ServerError("no covid-atlas binary at \(binaryPath); run `swift build` first")
        }
        ownsDirectory = existing == nil
        directory = existing ?? NSTemporaryDirectory() + "atlas-e2e-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if existing == nil && !startsEmpty && database == nil {
            // A first start imports the shipped history, the slow part of starting: done once per run.
            try FileManager.default.copyItem(
                atPath: try ServerProcess.shippedDatabase.get(), toPath: directory + "/atlas.sqlite")
        }
        let serveArguments =
            ["serve", "--port", "0", "--database", database ?? directory + "/atlas.sqlite"] + arguments
        if let descriptorLimit {
            // The shell lowers the limit, then becomes the server (same pid).
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", binaryPath] + serveArguments
        } else {
            process.executableURL = URL(fileURLWithPath: binaryPath)
            process.arguments = serveArguments
        }
        process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        process.environment = childEnvironment.merging(environment) { $1 }
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        firstLine = ServerProcess.readLine(output.fileHandleForReading)
        guard
            let range = firstLine.range(of: #"^listening on http://127\.0\.0\.1:(\d+)$"#, options: .regularExpression),
            let port = Int(firstLine[range].split(separator: ":").last ?? "")
        else {
            process.terminate()
            throw ServerError("unexpected first line: \(firstLine.debugDescription)")
        }
        self.port = port
        // Keep draining both pipes so a full one never changes how the server behaves.
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.keep(data, error: false)
        }
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.keep(data, error: true)
        }
    }

    private func keep(_ data: Data, error: Bool) {
        captured.lock()
        // Bounded: a test reads the first lines, not hours of access log.
        if error {
            if errorBytes.count < 1 << 20 { errorBytes += data }
        } else if outputAfterFirstLine.count < 1 << 20 {
            outputAfterFirstLine += data
        }
        captured.unlock()
    }

    /// Sends SIGTERM and waits for the exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        return process.terminationStatus
    }

    /// Sends SIGKILL (no clean shutdown at all) and waits until the process is gone.
    func kill() {
        if process.isRunning {
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit {
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
        stop()
        if ownsDirectory && !keepsDirectory { try? FileManager.default.removeItem(atPath: directory) }
    }

    /// A database the binary's own first start made (the shipped snapshot and history imported),
    /// made once per test run; servers start on copies of it.
    static let shippedDatabase = Result<String, any Error> {
        let first = try ServerProcess(startsEmpty: true)
        first.keepsDirectory = true
        #expect(first.stop() == 0)
        return first.directory + "/atlas.sqlite"
    }

    static func readLine(_ handle: FileHandle) -> String {
        var bytes: [UInt8] = []
        while let byte = try? handle.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            bytes.append(first)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

struct ServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
