import Foundation
import Glibc
import HTTPCore
import HTTPServer

/// Writes whole lines to standard output with one `write` each, blocking until written. Only for
/// the few lines printed before the server starts or after it stopped.
enum StandardOutput {
    static func writeLine(_ line: String) {
        write(Array((line + "\n").utf8), to: 1)
    }

    /// Writes all of `bytes` to `descriptor`, retrying on EINTR; gives up on any other error.
    static func write(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}

/// The access log: one line per request on standard output (time, remote address, method, target,
/// status, bytes, duration in ms; never cookies or bodies).
///
/// Event loops only append to a bounded in-memory queue; a dedicated thread does the blocking
/// `write(2)`. When nobody reads standard output (a stalled pipe or log shipper), the queue fills
/// and further lines are dropped and counted, so a slow reader can never stall request handling or
/// graceful shutdown.
final class AccessLog: @unchecked Sendable {
    /// How many bytes of log lines may wait for the writer thread before lines are dropped.
    static let maxQueuedBytes = 1 << 20

    private let condition = NSCondition()
    private var queued: [UInt8] = []
    private var dropped = 0
    private var writerBusy = false

    init() {
        let thread = Thread { [unowned self] in self.run() }
        thread.name = "access-log"
        thread.start()
    }

    /// Queues the line for `entry`; drops it when the queue is full. Never blocks on I/O.
    func record(_ entry: AccessLogEntry) {
        let milliseconds = (entry.durationMilliseconds * 100).rounded() / 100
        let line =
            "\(AccessLog.timestamp()) \(entry.remoteAddress ?? "-") \"\(entry.method) \(entry.target)\" "
            + "\(entry.status) \(entry.bytes) \(milliseconds)ms\n"
        enqueue(line)
    }

    /// Queues a free-form line (start-up and shutdown notes) under the same rules.
    func note(_ line: String) { enqueue(line + "\n") }

    /// Waits up to `seconds` for queued lines to be written, for a clean exit.
    func flush(waitingAtMost seconds: Double) {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        while !queued.isEmpty || writerBusy {
            if !condition.wait(until: deadline) { break }
        }
        condition.unlock()
    }

    private func enqueue(_ line: String) {
        let bytes = Array(line.utf8)
        condition.lock()
        if queued.count + bytes.count > AccessLog.maxQueuedBytes {
            dropped += 1
        } else {
            queued += bytes
        }
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while queued.isEmpty && dropped == 0 { condition.wait() }
            var batch = queued
            queued.removeAll(keepingCapacity: true)
            if dropped > 0 {
                batch += Array("access log: \(dropped) lines dropped because standard output was not read\n".utf8)
                dropped = 0
            }
            writerBusy = true
            condition.unlock()

            StandardOutput.write(batch, to: 1)

            condition.lock()
            writerBusy = false
            condition.broadcast()
            condition.unlock()
        }
    }

    /// `2026-11-29T12:00:00Z`, from the wall clock; independent of locale and time zone.
    static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
