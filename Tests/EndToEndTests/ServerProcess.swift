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
    private let errorLock = NSLock()
    private var errorBytes = Data()

    /// What the server wrote to standard error so far.
    var errorText: String { errorLock.withLock { String(decoding: errorBytes, as: UTF8.self) } }

    /// Whether `deinit` removes `directory` (not when it was handed in to restart on its database).
    private let ownsDirectory: Bool

    /// - Parameters:
    ///   - arguments: extra `serve` arguments.
    ///   - environment: extra environment variables (e.g. a locale).
    ///   - directory: the folder of an earlier server's `atlas.sqlite` to start on again; kept afterwards.
    /// - Throws: when the binary is missing or does not print its address.
    init(arguments: [String] = [], environment: [String: String] = [:], directory existing: String? = nil) throws {
        guard FileManager.default.isExecutableFile(atPath: binaryPath) else {
            throw ServerError("no covid-atlas binary at \(binaryPath); run `swift build` first")
        }
        ownsDirectory = existing == nil
        directory = existing ?? NSTemporaryDirectory() + "atlas-e2e-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: binaryPath)
        process.arguments = ["serve", "--port", "0", "--database", directory + "/atlas.sqlite"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
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
        output.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.errorLock.withLock { self?.errorBytes.append(data) }
        }
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
        if ownsDirectory { try? FileManager.default.removeItem(atPath: directory) }
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
