import Foundation

/// Compresses `bytes` with the system's `gzip` program (RFC 1952), as an upstream that sends
/// `Content-Encoding: gzip` would: an independent compressor, so the client's decoding is really tested.
/// - Throws: when `gzip` cannot be started.
public func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-c"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    try input.fileHandleForWriting.write(contentsOf: bytes)
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return [UInt8](data)
}
