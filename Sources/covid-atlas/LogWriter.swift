import Foundation
import Glibc

/// Writes lines to a file descriptor (standard output or error) from a dedicated thread.
///
/// Event loops only append to a bounded in-memory queue; the writer thread does the blocking
/// `write(2)`. When nobody reads the descriptor (a stalled pipe or log shipper), the queue fills and
/// further lines are dropped and counted, so a slow reader can never stall request handling or
/// graceful shutdown.
final class LogWriter: @unchecked Sendable {
    /// How many bytes may wait for the writer thread before lines are dropped.
    static let maxQueuedBytes = 1 << 20
    /// Microseconds the writer waits after each batch so that busy servers write in batches.
    static let batchPause: UInt32 = 10_000

    private let handle: FileHandle
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var queued: [UInt8] = []
    private var dropped = 0
    private var writerBusy = false

    /// Starts the writer thread for `descriptor` (1 for standard output, 2 for standard error).
    init(descriptor: Int32) {
        self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        // A strong reference: the writer lives as long as the process. With `unowned`, a serve that failed
        // before starting (a missing --leaflet) released it while the thread was starting, and the process
        // died with a backtrace instead of its one-line message.
        let thread = Thread { [self] in self.run() }
        thread.name = "log-writer-\(descriptor)"
        thread.start()
    }

    /// Queues `line` (a newline is added); drops it when the queue is full. Never blocks on I/O.
    func write(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        condition.lock()
        // Only the first line after the writer emptied the queue wakes it: a wake-up per line made
        // every request pay for a futex call and a context switch under load.
        let wasEmpty = queued.isEmpty
        if queued.count + bytes.count > LogWriter.maxQueuedBytes {
            dropped += 1
        } else {
            queued += bytes
        }
        if wasEmpty { condition.broadcast() }
        condition.unlock()
    }

    /// Waits up to `seconds` for queued lines to be written, for a clean exit.
    func flush(waitingAtMost seconds: Double) {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        while !queued.isEmpty || writerBusy {
            if !condition.wait(until: deadline) { break }
        }
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while queued.isEmpty && dropped == 0 { condition.wait() }
            var batch = queued
            queued.removeAll(keepingCapacity: true)
            if dropped > 0 {
                batch += Array("(\(dropped) log lines dropped: nobody was reading)\n".utf8)
                dropped = 0
            }
            writerBusy = true
            condition.unlock()

            StandardOutput.write(batch, to: handle)

            condition.lock()
            writerBusy = false
            condition.broadcast()
            condition.unlock()
            // Lines arriving meanwhile gather into the next batch: one write(2) per batch, not per line.
            usleep(LogWriter.batchPause)
        }
    }
}
