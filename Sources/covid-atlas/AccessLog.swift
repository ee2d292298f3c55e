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

/// The access log line for a request: UTC time, remote address, method, target, status, bytes and
/// duration in ms; never cookies or bodies.
enum AccessLog {
    static func line(_ entry: AccessLogEntry) -> String {
        let milliseconds = (entry.durationMilliseconds * 100).rounded() / 100
        return "\(timestamp()) \(entry.remoteAddress ?? "-") \"\(entry.method) \(entry.target)\" "
            + "\(entry.status) \(entry.bytes) \(milliseconds)ms"
    }

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
