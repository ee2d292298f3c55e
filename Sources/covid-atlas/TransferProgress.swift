import Clocks
import Foundation
import Glibc

/// Shows download progress for `covid-atlas refresh`: on a terminal, one bar rewritten in place with
/// bytes received, the total when known and the rate; otherwise one plain line per finished resource.
final class TransferProgress: @unchecked Sendable {
    private let isTerminal: Bool
    private var resource: String?
    private var received: Int64 = 0
    private var total: Int64?
    private var started: UInt64 = 0
    private var lastDrawn: UInt64 = 0

    /// - Parameter isTerminal: whether standard output is a terminal (`isatty(1)`).
    init(isTerminal: Bool) {
        self.isTerminal = isTerminal
    }

    /// Records a fetch's progress by resource name (`DataCommands.refresh`); redraws at most ten times a second.
    func update(_ resource: String, _ received: Int64, _ total: Int64?) {
        let now = MonotonicClock.nanoseconds()
        if resource != self.resource {
            finishResource()
            self.resource = resource
            started = now
            lastDrawn = 0
        }
        self.received = received
        self.total = total
        if isTerminal && now &- lastDrawn >= 100_000_000 {
            lastDrawn = now
            draw(now: now, terminator: "")
        }
    }

    /// Ends the last resource's line after a successful transfer.
    func finish() {
        finishResource()
        resource = nil
    }

    /// Ends a half-drawn bar before an error is printed, so the error starts on a line of its own.
    func abandon() {
        if isTerminal && resource != nil { write("\n") }
        resource = nil
    }

    private func finishResource() {
        guard resource != nil else { return }
        let now = MonotonicClock.nanoseconds()
        if isTerminal {
            draw(now: now, terminator: "\n")
        } else {
            write(
                TransferProgress.plainLine(
                    resource: resource!, received: received, seconds: seconds(since: started, now: now)) + "\n")
        }
    }

    private func draw(now: UInt64, terminator: String) {
        guard let resource else { return }
        let line = TransferProgress.barLine(
            resource: resource, received: received, total: total, seconds: seconds(since: started, now: now))
        // \r returns to the line start; ESC[K clears what a longer previous line left behind.
        write("\r" + line + "\u{1B}[K" + terminator)
    }

    private func seconds(since start: UInt64, now: UInt64) -> Double {
        Double(now &- start) / 1_000_000_000
    }

    /// The bar: `countries [##########··········]  64.0 KiB / 130.3 KiB  1.2 MiB/s`; without a known
    /// total, an open bar: `countries [········]  64.0 KiB  1.2 MiB/s`.
    static func barLine(resource: String, received: Int64, total: Int64?, seconds: Double) -> String {
        let width = 24
        let name = resource.padding(toLength: 10, withPad: " ", startingAt: 0)
        let rate = "\(byteCount(Int64(Double(received) / max(seconds, 0.001))))/s"
        guard let total, total > 0 else {
            return "\(name) [\(String(repeating: "·", count: width))]  \(byteCount(received))  \(rate)"
        }
        let filled = Int(min(1, Double(received) / Double(total)) * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "·", count: width - filled)
        return "\(name) [\(bar)]  \(byteCount(received)) / \(byteCount(total))  \(rate)"
    }

    /// A finished resource's line off a terminal: `countries: 133423 bytes in 0.05 s (2.5 MiB/s)`.
    static func plainLine(resource: String, received: Int64, seconds: Double) -> String {
        let rate = byteCount(Int64(Double(received) / max(seconds, 0.001)))
        return "\(resource): \(received) bytes in \(String(format: "%.2f", seconds)) s (\(rate)/s)"
    }

    /// `512 B`, `64.0 KiB`, `1.2 MiB`.
    static func byteCount(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return String(format: "%.1f KiB", Double(bytes) / 1024) }
        return String(format: "%.1f MiB", Double(bytes) / (1024 * 1024))
    }

    private func write(_ text: String) {
        StandardOutput.write(Array(text.utf8), to: FileHandle.standardOutput)
    }
}
