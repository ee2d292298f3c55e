import CLinux
import Glibc
import HTTPCore

/// One accepted TCP connection, confined to its event loop's thread.
///
/// Requests are parsed from the read buffer and answered one at a time, in order, by calling the
/// responder synchronously (RFC 9112 §9.3.2). Responses are appended to one write buffer and sent with
/// as few send(2) calls as the socket allows; a partial write waits for `EPOLLOUT`. When
/// `maxPipelinedRequests` responses, or more than `maxBufferedResponseBytes` bytes, are waiting for
/// the client to read them, the connection stops reading and answering (backpressure, as NIO's
/// `HTTPServerPipelineHandler`), so a client that pipelines and never reads holds a bounded amount
/// of memory. A malformed request gets one
/// plain-text error response with `Connection: close`, then the connection closes (Go's
/// `conn.serve`).
final class Connection: EventHandler {
    private let fd: Int32
    private unowned let loop: EventLoop
    private let context: ServerContext
    private let remoteAddress: String

    private var parser: RequestParser
    private var writeBuffer: [UInt8] = []
    private var writeOffset = 0
    /// End offsets in `writeBuffer` of responses not yet fully written.
    private var queuedResponseEnds: [Int] = []
    private var interest: UInt32 = clinux_epoll_in

    private var closeAfterWrite = false
    private var inputClosed = false
    private var lingering = false
    private var closed = false
    private var continueSent = false
    /// Whether complete requests may still be buffered because the output was full (`isOutputFull`).
    private var stalledAtOutputLimit = false
    /// Whether any request has been answered; before that, the header-read timeout also bounds the
    /// wait for the first byte (a connection that never speaks is not "idle").
    private var answeredAny = false

    // Monotonic nanoseconds; 0 means "not running".
    private var requestStartedAt: UInt64 = 0
    private var bodyStartedAt: UInt64 = 0
    private var writeBlockedSince: UInt64 = 0
    private var lastActivity: UInt64
    private var lingerStartedAt: UInt64 = 0

    // After the last response of a closing connection, unread client bytes are drained for at most
    // this long (and this many bytes) so that closing does not reset the connection and destroy the
    // response before the client reads it (nginx's lingering close).
    static let lingerTime: UInt64 = 2_000_000_000
    private static let lingerMaxBytes = 256 * 1024
    private var lingerDiscarded = 0

    init(fd: Int32, loop: EventLoop, context: ServerContext, remoteAddress: String) {
        self.fd = fd
        self.loop = loop
        self.context = context
        self.remoteAddress = remoteAddress
        self.parser = RequestParser(limits: context.configuration.parserLimits)
        self.lastActivity = loop.now
    }

    // MARK: EventHandler

    func handleEvents(_ events: UInt32) {
        if events & clinux_epoll_out != 0 {
            guard flush() else { return }
            drive()
        }
        guard !closed else { return }
        if events & (clinux_epoll_in | clinux_epoll_hup | clinux_epoll_err) != 0 {
            if lingering {
                drainWhileLingering()
            } else if interest & clinux_epoll_in != 0 {
                readAvailable()
            } else if events & (clinux_epoll_hup | clinux_epoll_err) != 0 {
                closeNow()
            }
        }
    }

    func checkDeadline(now: UInt64) {
        guard !closed else { return }
        switch context.timeouts.action(for: phase, now: now) {
        case .none: break
        case .close: closeNow()
        case .sendRequestTimeout: timeOutRequest()
        }
    }

    /// The state the timeouts are judged by; writing outranks reading, which outranks idling.
    private var phase: ConnectionTimeouts.Phase {
        if lingering { return .lingering(since: lingerStartedAt) }
        if writeOffset < writeBuffer.count, writeBlockedSince != 0 { return .writing(since: writeBlockedSince) }
        if bodyStartedAt != 0 { return .readingBody(since: bodyStartedAt) }
        if requestStartedAt != 0 { return .readingRequest(since: requestStartedAt) }
        return answeredAny ? .idle(since: lastActivity) : .awaitingFirstRequest(since: lastActivity)
    }

    func closeNow() {
        guard !closed else { return }
        closed = true
        loop.deregister(fd: fd, removeFromEpoll: false)
        // Closing also removes the descriptor from the epoll set: it was never duplicated.
        close(fd)
        context.releaseConnection()
    }

    /// Called on the loop thread when the server begins a graceful shutdown (after
    /// `ServerContext.isShuttingDown` became true). An idle connection closes now. One whose
    /// queued output is being written and that holds no further request bytes closes once that
    /// output is fully written (a response serialised before the shutdown keeps its keep-alive
    /// framing; the client sees the close after the whole response). Otherwise the connection
    /// carries on: the next response is serialised with `Connection: close` and ends it, and any
    /// requests pipelined after that one are left unread for the client to retry.
    func beginShutdown() {
        guard !closed, !lingering else { return }
        let writing = writeOffset < writeBuffer.count
        if !writing && requestStartedAt == 0 && !parser.hasPartialRequest {
            closeNow()
        } else if writing && !parser.hasPartialRequest {
            closeAfterWrite = true
            updateInterest()
        }
    }

    // MARK: Reading and answering

    private func readAvailable() {
        let buffer = loop.readBuffer
        let result: IOResult<Int>
        do throws(SystemError) {
            result = try Syscall.call("read") { read(fd, buffer.baseAddress, buffer.count) }
        } catch {
            // ECONNRESET and friends: the client is gone and nothing it sent can still be answered.
            closeNow()
            return
        }
        switch result {
        case .wouldBlock:
            return
        case .processed(0):
            // The client half-closed: requests it already sent are still answered (a pipelining
            // client may send everything, shut down its write side, then read).
            inputClosed = true
            drive()
            if !closed, !lingering, writeOffset == writeBuffer.count { closeNow() }
        case .processed(let count):
            parser.append(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            drive()
        }
    }

    /// Answers every complete request the backpressure limit allows and writes the answers, until
    /// the parser needs more bytes or the socket is full.
    private func drive() {
        while !closed, !lingering {
            let stoppedAtLimit = answerBufferedRequests()
            guard flush() else { return }
            if writeOffset < writeBuffer.count || !stoppedAtLimit { break }
        }
        guard !closed, !lingering else { return }
        updateInterest()
    }

    /// Whether no further request may be answered until the client reads: `maxPipelinedRequests`
    /// responses are queued, or more than `maxBufferedResponseBytes` bytes are unsent.
    private var isOutputFull: Bool {
        queuedResponseEnds.count >= context.maxPipelinedRequests
            || writeBuffer.count - writeOffset > context.maxBufferedResponseBytes
    }

    /// - Returns: whether it stopped because the output is full (`isOutputFull`).
    private func answerBufferedRequests() -> Bool {
        stalledAtOutputLimit = false
        while !closeAfterWrite {
            if isOutputFull {
                stalledAtOutputLimit = true
                return true
            }
            switch parser.next() {
            case .needMoreBytes:
                if parser.expectsContinue, !continueSent {
                    continueSent = true
                    writeBuffer.append(contentsOf: ResponseSerializer.continueResponse)
                }
                noteRequestProgress()
                return false
            case .request(var request):
                continueSent = false
                answeredAny = true
                requestStartedAt = 0
                bodyStartedAt = 0
                request.remoteAddress = remoteAddress
                answer(request)
            case .error(let error):
                answer(error)
            }
        }
        noteRequestProgress()
        return false
    }

    private func noteRequestProgress() {
        if parser.hasPartialRequest {
            if requestStartedAt == 0 { requestStartedAt = loop.now }
            // The body gets its own clock from the end of the head (BodyReadTimeout).
            if parser.isReadingBody {
                if bodyStartedAt == 0 { bodyStartedAt = loop.now }
            } else {
                bodyStartedAt = 0
            }
        } else {
            requestStartedAt = 0
            bodyStartedAt = 0
        }
    }

    private func answer(_ request: Request) {
        let logger = context.configuration.accessLog
        let startedAt = logger == nil ? 0 : System.monotonicNanoseconds()
        let response = context.responder.respond(to: request)
        let keepAlive = request.keepAlive && !context.isShuttingDown
        let bytes = ResponseSerializer.serialize(
            response, requestMethod: request.method, keepAlive: keepAlive, date: loop.currentDate(),
            requestVersion: request.version)
        let byteCount = bytes.count
        enqueue(bytes)
        if !keepAlive { closeAfterWrite = true }
        if let logger {
            let elapsed = System.monotonicNanoseconds() - startedAt
            logger(
                AccessLogEntry(
                    remoteAddress: remoteAddress, method: request.method, target: request.target.raw,
                    status: response.status.code, bytes: byteCount,
                    durationMilliseconds: Double(elapsed) / 1_000_000))
        }
    }

    private func answer(_ error: ParseError) {
        let response = Self.errorResponse(status: error.status, text: error.reason)
        let bytes = ResponseSerializer.serialize(
            response, requestMethod: .get, keepAlive: false, date: loop.currentDate())
        let byteCount = bytes.count
        enqueue(bytes)
        closeAfterWrite = true
        context.configuration.accessLog?(
            AccessLogEntry(
                remoteAddress: remoteAddress, method: Method(rawValue: "-"), target: "-",
                status: error.status.code, bytes: byteCount, durationMilliseconds: 0))
    }

    private static func errorResponse(status: StatusCode, text: String) -> Response {
        Response(status: status, contentType: "text/plain; charset=utf-8", text: text + "\n")
    }

    private func timeOutRequest() {
        requestStartedAt = 0
        bodyStartedAt = 0
        // 408 only when nothing of an earlier response is still queued, so it cannot interleave.
        guard writeBuffer.isEmpty else {
            closeNow()
            return
        }
        let response = Self.errorResponse(status: .requestTimeout, text: "The request took too long to arrive.")
        enqueue(ResponseSerializer.serialize(response, requestMethod: .get, keepAlive: false, date: loop.currentDate()))
        closeAfterWrite = true
        if flush() { updateInterest() }
    }

    // MARK: Writing

    private func enqueue(_ bytes: [UInt8]) {
        if writeBuffer.isEmpty {
            writeBuffer = bytes
        } else {
            // Drop what the client already read, so a client that reads slowly but never lets the
            // buffer empty cannot make it grow past the unsent bytes the limit allows.
            if writeOffset > 0 {
                writeBuffer.removeSubrange(0..<writeOffset)
                for index in queuedResponseEnds.indices { queuedResponseEnds[index] -= writeOffset }
                writeOffset = 0
            }
            writeBuffer.append(contentsOf: bytes)
        }
        queuedResponseEnds.append(writeBuffer.count)
        context.outputObserver?(writeBuffer.count)
    }

    /// Writes as much of the write buffer as the socket takes.
    /// - Returns: `false` when the connection closed or began its lingering close.
    private func flush() -> Bool {
        while writeOffset < writeBuffer.count {
            let offset = writeOffset
            let outcome: Result<IOResult<Int>, SystemError> = writeBuffer.withUnsafeBytes { bytes in
                Result { () throws(SystemError) in
                    try Syscall.call("send") {
                        send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                    }
                }
            }
            guard case .success(let result) = outcome else {
                // EPIPE / ECONNRESET: the client left mid-response; MSG_NOSIGNAL kept SIGPIPE away.
                closeNow()
                return false
            }
            guard case .processed(let written) = result else { break }
            writeOffset += written
        }
        var finished = 0
        while finished < queuedResponseEnds.count, queuedResponseEnds[finished] <= writeOffset { finished += 1 }
        if finished > 0 { queuedResponseEnds.removeFirst(finished) }

        guard writeOffset == writeBuffer.count else {
            if writeBlockedSince == 0 { writeBlockedSince = loop.now }
            return true
        }
        // Keep the buffer's memory for the next response unless one response made it large.
        writeBuffer.removeAll(keepingCapacity: writeBuffer.capacity <= 256 * 1024)
        writeOffset = 0
        writeBlockedSince = 0
        lastActivity = loop.now
        if closeAfterWrite {
            beginLingeringClose()
            return false
        }
        if inputClosed && !stalledAtOutputLimit {
            closeNow()
            return false
        }
        return true
    }

    private func updateInterest() {
        guard !closed else { return }
        var wanted: UInt32 = 0
        if lingering {
            wanted = clinux_epoll_in
        } else {
            if !inputClosed, !closeAfterWrite, !isOutputFull {
                wanted |= clinux_epoll_in
            }
            if writeOffset < writeBuffer.count { wanted |= clinux_epoll_out }
        }
        guard wanted != interest else { return }
        do throws(SystemError) {
            try loop.modify(fd: fd, events: wanted)
            interest = wanted
        } catch {
            closeNow()
        }
    }

    // MARK: Closing

    private func beginLingeringClose() {
        if inputClosed {
            closeNow()
            return
        }
        lingering = true
        lingerStartedAt = loop.now
        _ = try? Syscall.run("shutdown") { shutdown(fd, Int32(SHUT_WR)) }
        updateInterest()
        drainWhileLingering()
    }

    private func drainWhileLingering() {
        let buffer = loop.readBuffer
        while !closed {
            switch try? Syscall.call("read", { read(fd, buffer.baseAddress, buffer.count) }) {
            case .wouldBlock:
                return
            case .processed(let count) where count > 0:
                lingerDiscarded += count
                if lingerDiscarded > Self.lingerMaxBytes { closeNow() }
            default:
                closeNow()
            }
        }
    }
}
