import Foundation
import Glibc

/// Writes lines to a file descriptor from a dedicated thread, so a slow reader never stalls request
/// handling or graceful shutdown: event loops append to a bounded queue, and when nobody reads (a
/// stalled pipe or log shipper) further lines are dropped and counted.
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
    // Touched only by the writer thread: the emptied storage of the last batch, reused for the next.
    private var spare: [UInt8] = []

    /// Starts the writer thread for `descriptor` (1 for standard output, 2 for standard error).
    init(descriptor: Int32) {
        self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        // The thread keeps the writer alive for the rest of the process: a writer released early (`serve`
        // stopping at a bad option) must not leave it reading freed memory.
        let thread = Thread { self.run() }
        thread.name = "log-writer-\(descriptor)"
        thread.start()
    }

    /// Queues `line` (a newline is added); drops it when the queue is full. Never blocks on I/O.
    func write(_ line: String) {
        write(line: Array(line.utf8))
    }

    /// As `write(_:)`, for a line's bytes.
    func write(line bytes: [UInt8]) {
        condition.lock()
        let wasEmpty = queued.isEmpty
        if queued.count + bytes.count + 1 > LogWriter.maxQueuedBytes {
            dropped += 1
        } else {
            queued += bytes
            queued.append(UInt8(ascii: "\n"))
        }
        wakeWriter(ifQueueWasEmpty: wasEmpty)
        condition.unlock()
    }

    /// Queues whole lines, each already ending in a newline: as many leading lines as fit in the queue;
    /// the rest are dropped and counted. Never blocks on I/O.
    func write(lines bytes: [UInt8]) {
        condition.lock()
        let wasEmpty = queued.isEmpty
        let room = LogWriter.maxQueuedBytes - queued.count
        if bytes.count <= room {
            queued += bytes
        } else {
            // Cut after the last newline that fits, so only whole lines go in.
            let fitting = room > 0 ? (bytes[..<room].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) : 0
            queued += bytes[..<fitting]
            dropped += bytes[fitting...].lazy.filter { $0 == UInt8(ascii: "\n") }.count
        }
        wakeWriter(ifQueueWasEmpty: wasEmpty)
        condition.unlock()
    }

    /// Only the first lines after the writer emptied the queue wake it, so a loaded server does not pay a
    /// futex call and a context switch per line. Call with the lock held.
    private func wakeWriter(ifQueueWasEmpty wasEmpty: Bool) {
        if wasEmpty { condition.broadcast() }
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
            // Swapped, not copied: the next lines go into the previous batch's emptied storage.
            var batch: [UInt8] = []
            swap(&batch, &spare)
            swap(&batch, &queued)
            if dropped > 0 {
                batch += Array("(\(dropped) log lines dropped: nobody was reading)\n".utf8)
                dropped = 0
            }
            writerBusy = true
            condition.unlock()

            StandardOutput.write(batch, to: handle)
            batch.removeAll(keepingCapacity: true)

            condition.lock()
            swap(&spare, &batch)
            writerBusy = false
            condition.broadcast()
            condition.unlock()
            // Lines arriving meanwhile gather into the next batch: one write(2) per batch, not per line.
            usleep(LogWriter.batchPause)
        }
    }
}
