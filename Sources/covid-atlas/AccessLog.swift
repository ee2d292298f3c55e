import Foundation
import Glibc
import HTTPServer

/// Blocking writes of whole lines; only for the few lines printed before the server starts.
enum StandardOutput {
    /// Writes `line` and a newline to standard output.
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
        let milliseconds = (entry.durationMilliseconds * 100).rounded() / 100
        let time = AccessLog.timestamp()
        switch self {
        case .text:
            return "\(time) \(entry.remoteAddress ?? "-") \"\(entry.method) \(entry.target)\" "
                + "\(entry.status) \(entry.bytes) \(milliseconds)ms"
        case .json:
            return "{\"time\":\(JSONText.quoted(time)),\"remote\":\(JSONText.quoted(entry.remoteAddress ?? "-")),"
                + "\"method\":\(JSONText.quoted(entry.method.rawValue)),\"target\":\(JSONText.quoted(entry.target)),"
                + "\"status\":\(entry.status),\"bytes\":\(entry.bytes),\"duration_ms\":\(milliseconds)}"
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

/// JSON string literals (RFC 8259 §7).
enum JSONText {
    /// `text` as a quoted JSON string: `"` and `\` escaped, control characters as `\n`, `\t`… or
    /// `\u00XX`, everything else (UTF-8 included) as it is.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// The log's clock.
enum AccessLog {
    /// `2026-11-29T12:00:00Z`, from the wall clock via gmtime_r(3): independent of locale and time zone.
    static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
