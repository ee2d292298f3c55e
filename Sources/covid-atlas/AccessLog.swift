import Glibc
import HTTPServer

/// Writes whole lines to standard output with one `write` each, so lines from several event loops
/// never interleave and nothing waits in a stdio buffer when the process is stopped.
enum StandardOutput {
    static func writeLine(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}

/// One access-log line per request: remote address, method, target, status, bytes, duration in ms.
/// No cookies, no bodies.
enum AccessLog {
    static func write(_ entry: AccessLogEntry) {
        let milliseconds = (entry.durationMilliseconds * 100).rounded() / 100
        StandardOutput.writeLine(
            "\(entry.remoteAddress ?? "-") \"\(entry.method) \(entry.target)\" \(entry.status) \(entry.bytes) \(milliseconds)ms"
        )
    }
}
