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
    // Written from another thread: with a large body the output pipe fills while the input is written.
    let writer = Thread {
        try? input.fileHandleForWriting.write(contentsOf: bytes)
        try? input.fileHandleForWriting.close()
    }
    writer.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return [UInt8](data)
}

/// Decompresses gzip `bytes` with the system's `gzip -d`, independently of the app's own decoder.
/// - Throws: when `gzip` cannot be started.
public func gunzipWithSystemTool(_ bytes: [UInt8]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-dc"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    // Written from another thread: the output pipe must be drained while the input is written.
    let writer = Thread {
        try? input.fileHandleForWriting.write(contentsOf: bytes)
        try? input.fileHandleForWriting.close()
    }
    writer.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return [UInt8](data)
}
