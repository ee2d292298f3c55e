import Foundation
import Glibc

/// A real TLS server on loopback with a self-signed certificate that no system CA trusts: OpenSSL's
/// own `openssl s_server -www` (which answers every request with `200` and an HTML status page), for
/// tests that must tell "verification is on" from "the server could not be reached".
public final class TLSEndpoint: @unchecked Sendable {
    /// `https://127.0.0.1:PORT`.
    public let baseURL: String
    /// The PEM file of the endpoint's certificate: a CA bundle that does trust it.
    public let certificatePath: String
    private let process = Process()
    private let directory: String

    /// Makes a key and certificate for `127.0.0.1` and starts the server on a free port.
    /// - Throws: when `openssl` is missing or does not start.
    public init() throws {
        directory = NSTemporaryDirectory() + "atlas-tls-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        certificatePath = directory + "/certificate.pem"
        let keyPath = directory + "/key.pem"
        try TLSEndpoint.run([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", keyPath, "-out", certificatePath,
        ])
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = [
            "s_server", "-accept", "127.0.0.1:0", "-cert", certificatePath, "-key", keyPath, "-www",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // It prints `ACCEPT 127.0.0.1:PORT` once the socket listens (after a line about DH parameters).
        var text = ""
        for _ in 0..<5 where !text.hasPrefix("ACCEPT ") {
            var line: [UInt8] = []
            while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") {
                line.append(byte)
            }
            text = String(decoding: line, as: UTF8.self)
        }
        guard text.hasPrefix("ACCEPT "), let port = text.split(separator: ":").last.flatMap({ Int($0) }) else {
            kill(process.processIdentifier, SIGKILL)
            throw StubError("openssl s_server did not start: \(text.debugDescription)")
        }
        baseURL = "https://127.0.0.1:\(port)"
    }

    deinit {
        // SIGKILL: the child inherits the test runner's blocked signal mask, so SIGTERM would stay pending.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: directory)
    }

    private static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw StubError("openssl \(arguments[0]) exited with \(process.terminationStatus)")
        }
    }
}
