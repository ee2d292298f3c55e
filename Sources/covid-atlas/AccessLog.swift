import Clocks
import Formats
import Foundation
import Glibc
import HTTPServer

/// Blocking writes of whole lines; only for the few lines printed before the server starts.
enum StandardOutput {
    static func writeLine(_ line: String) {
        write(Array((line + "\n").utf8), to: FileHandle.standardOutput)
    }

    /// Writes all of `bytes`; a closed or failing descriptor loses them rather than stopping the process.
    static func write(_ bytes: [UInt8], to handle: FileHandle) {
        try? handle.write(contentsOf: bytes)
    }
}

/// How `serve` writes its log lines (`--log-format text|json`): the access log on standard output,
/// other messages on standard output (`info`) or standard error (`error`). The `listening on` line
/// that starts the output is always plain text, so scripts can read the port.
enum LogFormat: String, CaseIterable {
    /// `2026-11-29T12:00:00Z 127.0.0.1:5000 "GET /countries?q=a" 200 5120 0.42ms`, one per request.
    case text
    /// One JSON object per line (for log shippers), such as
    /// `{"time":"2026-11-29T12:00:00Z","remote":"127.0.0.1:5000","method":"GET","target":"/","status":200,`
    /// `"bytes":5120,"duration_ms":0.42}`; messages are `{"time":…,"level":"info","message":"…"}`.
    case json

    /// The access log line for a request: UTC time, remote address, method, target, status, bytes and
    /// duration in ms; never cookies or bodies.
    func accessLine(_ entry: AccessLogEntry) -> String {
        var line: [UInt8] = []
        appendAccessLine(entry, to: &line)
        return String(decoding: line, as: UTF8.self)
    }

    /// `accessLine(entry)` appended to `line`, without a newline: built from bytes, not interpolation, as
    /// the server writes one per request.
    func appendAccessLine(_ entry: AccessLogEntry, to line: inout [UInt8]) {
        switch self {
        case .text:
            let remote = entry.remoteAddress ?? "-"
            let longest =
                AccessLog.longestTimestamp + remote.utf8.count + entry.method.rawValue.utf8.count
                + entry.target.utf8.count + 2 * 20 + AccessLog.longestMilliseconds + 10
            ByteWriter.append(to: &line, reserving: longest) { out in
                AccessLog.writeTimestamp(to: &out)
                out.write(UInt8(ascii: " "))
                out.write(remote)
                out.write(" \"")
                out.write(entry.method.rawValue)
                out.write(UInt8(ascii: " "))
                out.write(entry.target)
                out.write("\" ")
                out.writeDecimal(entry.status)
                out.write(UInt8(ascii: " "))
                out.writeDecimal(entry.bytes)
                out.write(UInt8(ascii: " "))
                AccessLog.writeMilliseconds(entry.durationMilliseconds, to: &out)
                out.write("ms")
            }
        case .json:
            line.reserveCapacity(line.count + 128 + entry.target.utf8.count)
            line += "{\"time\":\"".utf8
            AccessLog.appendTimestamp(to: &line)
            line += "\",\"remote\":".utf8
            JSONText.appendQuoted(entry.remoteAddress ?? "-", to: &line)
            line += ",\"method\":".utf8
            JSONText.appendQuoted(entry.method.rawValue, to: &line)
            line += ",\"target\":".utf8
            JSONText.appendQuoted(entry.target, to: &line)
            line += ",\"status\":".utf8
            AccessLog.appendDecimal(entry.status, to: &line)
            line += ",\"bytes\":".utf8
            AccessLog.appendDecimal(entry.bytes, to: &line)
            line += ",\"duration_ms\":".utf8
            AccessLog.appendMilliseconds(entry.durationMilliseconds, to: &line)
            line.append(UInt8(ascii: "}"))
        }
    }

    /// A message that is not about one request; `level` is `info` (standard output) or `error`
    /// (standard error). Text messages are written as they are.
    func messageLine(_ message: String, level: String) -> String {
        switch self {
        case .text:
            return message
        case .json:
            return "{\"time\":\(JSONText.quoted(AccessLog.timestamp())),\"level\":\(JSONText.quoted(level)),"
                + "\"message\":\(JSONText.quoted(message))}"
        }
    }
}

/// The log's timestamps and numbers.
enum AccessLog {
    /// `2026-11-29T12:00:00Z`, from the wall clock (`UTCTime`): independent of locale and time zone.
    static func timestamp() -> String {
        var bytes: [UInt8] = []
        appendTimestamp(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `timestamp()` appended to `bytes` as UTF-8.
    static func appendTimestamp(to bytes: inout [UInt8]) {
        ByteWriter.append(to: &bytes, reserving: longestTimestamp) { writeTimestamp(to: &$0) }
    }

    /// `timestamp()` written to `out`: at most `longestTimestamp` bytes. Each thread keeps the last
    /// second's text: the access log writes one per request, thousands in a second.
    static func writeTimestamp(to out: inout ByteWriter) {
        let second = WallClock.coarseSecondsSinceEpoch()
        lastTimestamp.withValue { kept in
            if kept.second != second {
                kept.text.removeAll(keepingCapacity: true)
                UTCTime(secondsSinceEpoch: second).appendISO8601(to: &kept.text)
                kept.second = second
            }
            kept.text.withUnsafeBufferPointer { out.write($0) }
        }
    }

    /// The most bytes `writeTimestamp` writes: `2026-11-29T12:00:00Z` is 20, with room for a year
    /// of more digits (or a sign) than four.
    static let longestTimestamp = 32

    /// The second (since the epoch) whose text each thread keeps, and that text.
    private static let lastTimestamp = PerThread<(second: Int, text: [UInt8])> { (Int.min, []) }

    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        Digits.append(value, width: 1, to: &bytes)
    }

    /// Milliseconds rounded to hundredths, written as Swift prints such a `Double` (`0.42`, `1.5`, `3.0`)
    /// without going through `Double.description`.
    static func appendMilliseconds(_ milliseconds: Double, to bytes: inout [UInt8]) {
        ByteWriter.append(to: &bytes, reserving: longestMilliseconds) { writeMilliseconds(milliseconds, to: &$0) }
    }

    /// `appendMilliseconds`'s text written to `out`: at most `longestMilliseconds` bytes.
    static func writeMilliseconds(_ milliseconds: Double, to out: inout ByteWriter) {
        let hundredths = Int((max(0, milliseconds) * 100).rounded())
        out.writeDecimal(hundredths / 100)
        out.write(UInt8(ascii: "."))
        let fraction = hundredths % 100
        out.write(UInt8(ascii: "0") + UInt8(fraction / 10))
        if fraction % 10 != 0 { out.write(UInt8(ascii: "0") + UInt8(fraction % 10)) }
    }

    /// Twenty digits, a point and two.
    static let longestMilliseconds = 23
}
