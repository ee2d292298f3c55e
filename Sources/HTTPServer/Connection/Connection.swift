import CLinux
import Clocks
import Glibc
import HTTPCore

/// One accepted TCP connection, confined to its event loop's thread.
///
/// Requests are parsed from the read buffer and answered one at a time, in order (RFC 9112 §9.3.2):
/// on the loop when the responder can answer without blocking, otherwise on a worker thread
/// (`WorkerPool`), during which the connection answers nothing else and reads nothing more, so
/// pipelined responses keep their order. Responses are queued as byte segments (a head, and a
/// large body as the responder's own array, never copied) and sent with as few sendmsg(2) calls as the
/// socket allows, several segments per call; a partial write waits for `EPOLLOUT`. When
/// `maxPipelinedRequests` responses, or more than `maxBufferedResponseBytes` bytes, are waiting for
/// the client to read them, the connection stops reading and answering (backpressure, as NIO's
/// `HTTPServerPipelineHandler`), so a client that pipelines and never reads holds a bounded amount
/// of memory. A malformed request gets one
/// plain-text error response with `Connection: close`, then the connection closes (Go's
/// `conn.serve`).
///
/// Its state is `@exclusivity(unchecked)`: only its loop's thread touches it, one call at a time, and
/// no method hands out a closure that could reach back into a property it is changing (the parser's
/// `next()`, the segments' `sendmsg(2)`, the responder's answer all return before the state changes).
/// The checks Swift otherwise makes at run time on a class's stored properties (SE-0176) cost about
/// 80 instructions each, 16 on every cached answer (docs/performance.md). Only this type's state opts
/// out, not the build (`-enforce-exclusivity=unchecked` would drop every check in every module).
final class Connection: EventHandler {
    private let fd: Int32
    // `unowned(unsafe)`: the loop owns its connections and runs every call on them, so it outlives each;
    // a checked `unowned` reference took an atomic retain and release on every use, several a request.
    private unowned(unsafe) let loop: EventLoop
    private let context: ServerContext
    private let remoteAddress: String
    /// The client, for `ClientTable`.
    private let client: ClientKey
    /// This connection in `context.clients`, once admitted (`nil` when no cap applies).
    @exclusivity(unchecked) private var entry: ClientTable.Entry?

    @exclusivity(unchecked) private var parser: RequestParser
    /// Byte segments not yet fully written, in order; `pending[0]` is written from `pendingOffset`.
    @exclusivity(unchecked) private var pending: [[UInt8]] = []
    @exclusivity(unchecked) private var pendingOffset = 0
    /// Bytes ever queued and ever written on this connection.
    @exclusivity(unchecked) private var queuedTotal = 0
    @exclusivity(unchecked) private var writtenTotal = 0
    /// `queuedTotal` at the end of each response not yet fully written.
    @exclusivity(unchecked) private var queuedResponseEnds: [Int] = []
    @exclusivity(unchecked) private var interest: UInt32 = clinux_epoll_in

    @exclusivity(unchecked) private var closeAfterWrite = false
    @exclusivity(unchecked) private var inputClosed = false
    @exclusivity(unchecked) private var lingering = false
    @exclusivity(unchecked) private var closed = false
    @exclusivity(unchecked) private var continueSent = false
    /// Whether complete requests may still be buffered because the output was full (`isOutputFull`).
    @exclusivity(unchecked) private var stalledAtOutputLimit = false
    /// Whether any request has been answered; before that, the header-read timeout also bounds the
    /// wait for the first byte (a connection that never speaks is not "idle").
    @exclusivity(unchecked) private var answeredAny = false
    /// Whether a worker is answering the current request.
    @exclusivity(unchecked) private var awaitingWorker = false
    /// Whether the client sent more while a worker answered, so reading stopped until the answer is
    /// queued. Reading stops only then, not for every worker request: most clients wait for the
    /// response, and dropping `EPOLLIN` and taking it back around each one cost two epoll_ctl(2) calls.
    @exclusivity(unchecked) private var readsPausedForWorker = false
    /// The value last published to `entry.idleSince`: 0 while busy, else when the connection went idle
    /// after its last response, so a connection used again is no longer the oldest idle one.
    @exclusivity(unchecked) private var publishedIdleSince: UInt64 = 0
    /// `writtenTotal` when `publishedIdleSince` was last set: a response written since (answered on the
    /// loop, never seen busy) makes it idle anew.
    @exclusivity(unchecked) private var writtenAtIdlePublish = -1
    /// Whether the bytes the kernel held when the server began shutting down have been read (once):
    /// after that only a request already begun is read on.
    @exclusivity(unchecked) private var readAtShutdown = false

    // Monotonic nanoseconds; 0 means "not running".
    @exclusivity(unchecked) private var requestStartedAt: UInt64 = 0
    @exclusivity(unchecked) private var bodyStartedAt: UInt64 = 0
    @exclusivity(unchecked) private var writeBlockedSince: UInt64 = 0
    @exclusivity(unchecked) private var lastActivity: UInt64
    @exclusivity(unchecked) private var lingerStartedAt: UInt64 = 0

    // After the last response of a closing connection, unread client bytes are drained for at most
    // this long (and this many bytes) so that closing does not reset the connection and destroy the
    // response before the client reads it (nginx's lingering close).
    static let lingerTime: UInt64 = 2_000_000_000
    private static let lingerMaxBytes = 256 * 1024
    @exclusivity(unchecked) private var lingerDiscarded = 0

    init(fd: Int32, loop: EventLoop, context: ServerContext, remoteAddress: String, client: ClientKey) {
        self.fd = fd
        self.loop = loop
        self.context = context
        self.remoteAddress = remoteAddress
        self.client = client
        self.parser = RequestParser(limits: context.configuration.parserLimits)
        // A fresh reading, not the loop's: a process stopped (SIGSTOP) in the middle of a loop turn
        // resumes that turn with the time before the stop, and the sweep that follows would take a
        // connection accepted on waking for one silent all that time and reset the request it carries.
        self.lastActivity = MonotonicClock.nanoseconds()
    }

    /// Enters the connection in the table of open connections (on its loop, right after accept).
    /// - Returns: `false` when its client is at the cap with no idle connection to give up: the caller
    ///   closes this one.
    func admit() -> Bool {
        guard context.clients.isEnabled else { return true }
        let entry = ClientTable.Entry(connection: self, loop: loop)
        switch context.clients.admit(entry, client: client, capped: !client.isLocalHost) {
        case .refused:
            return false
        case .admitted(let closing):
            self.entry = entry
            publishIdleness()
            for victim in closing {
                victim.loop.execute { victim.connection.closeIfIdle() }
            }
            return true
        }
    }

    /// Closes the connection when it is still idle (the per-client cap or the global limit chose it); a
    /// connection that became busy meanwhile is kept.
    func closeIfIdle() {
        guard !closed, isIdle else {
            if let entry { context.clients.keptBusy(entry) }
            return
        }
        closeNow()
    }

    /// Waiting for a request (or for its first) with nothing to write and nothing being answered.
    private var isIdle: Bool {
        !hasUnsentBytes && !parser.hasPartialRequest && !awaitingWorker && !lingering && requestStartedAt == 0
    }

    /// Publishes "busy" as a request begins, before it is answered: a connection whose response is
    /// being written is never taken for one idle since before it.
    private func markBusy() {
        guard publishedIdleSince != 0, let entry else { return }
        publishedIdleSince = 0
        entry.idleSince.store(0, ordering: .relaxed)
    }

    private func publishIdleness() {
        guard let entry else { return }
        guard isIdle else {
            if publishedIdleSince != 0 {
                publishedIdleSince = 0
                entry.idleSince.store(0, ordering: .relaxed)
            }
            return
        }
        guard publishedIdleSince == 0 || writtenAtIdlePublish != writtenTotal else { return }
        // The clock now, not `loop.now` (read before the loop's last wait, up to a sweep old): idle
        // times are compared across loops.
        publishedIdleSince = max(1, MonotonicClock.nanoseconds())
        writtenAtIdlePublish = writtenTotal
        entry.idleSince.store(publishedIdleSince, ordering: .relaxed)
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
            } else if interest & clinux_epoll_in != 0, awaitingWorker {
                // Pipelined bytes, or the client's FIN: they wait in the kernel until the answer is queued.
                readsPausedForWorker = true
                updateInterest()
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
        if awaitingWorker { return .answering }
        if hasUnsentBytes, writeBlockedSince != 0 { return .writing(since: writeBlockedSince) }
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
        if let entry { context.clients.remove(entry, client: client) }
        entry = nil
        context.releaseConnection()
    }

    /// Called on the loop thread when the server begins a graceful shutdown (after
    /// `ServerContext.isShuttingDown` became true). What the client sent before it is finished: the
    /// bytes the kernel holds are read now, every complete request among them is answered, and one
    /// begun is read to its end and answered; the last response says `Connection: close` and ends
    /// the connection (RFC 9112 §9.6), so queued keep-alive requests are answered, not reset. A
    /// connection with nothing received closes now, or, while a response serialised before the
    /// shutdown is still being written (it keeps its keep-alive framing), once that is written.
    func beginShutdown() {
        guard !closed, !lingering else { return }
        // A worker is answering: its response, queued on this loop, reads what was received then.
        guard !awaitingWorker else { return }
        readWhatWasReceived()
        guard !closed else { return }
        if parser.hasPartialRequest {
            drive()
        } else if !hasUnsentBytes {
            closeNow()
        } else {
            closeAfterWrite = true
            updateInterest()
        }
    }

    /// Reads, once, what the kernel holds for this connection when the shutdown begins (without
    /// waiting, at most `shutdownReadLimit` bytes) into the parser: requests the client had sent,
    /// which are still answered. A reset or error closes the connection.
    private func readWhatWasReceived() {
        guard !readAtShutdown else { return }
        readAtShutdown = true
        var total = 0
        while !inputClosed, total < Self.shutdownReadLimit {
            switch readIntoParser() {
            case nil, .wouldBlock?: return
            case .endOfInput?: inputClosed = true
            case .bytes(let count)?: total += count
            }
        }
    }

    /// The most bytes read at the shutdown: a client pipelining without pause cannot hold it open.
    private static let shutdownReadLimit = 1 << 20

    // MARK: Reading and answering

    /// What one read(2) brought.
    private enum ReadResult {
        case wouldBlock
        /// The client half-closed its side.
        case endOfInput
        /// This many bytes, appended to the parser.
        case bytes(Int)
    }

    /// One read(2) into the loop's buffer, its bytes appended to the parser.
    /// - Returns: what it brought; `nil` after an error, which closed the connection (ECONNRESET and
    ///   friends: the client is gone and nothing it sent can still be answered).
    private func readIntoParser() -> ReadResult? {
        let buffer = loop.readBuffer
        let result: IOResult<Int>
        do throws(SystemError) {
            result = try Syscall.call("read") { read(fd, buffer.baseAddress, buffer.count) }
        } catch {
            closeNow()
            return nil
        }
        switch result {
        case .wouldBlock: return .wouldBlock
        case .processed(0): return .endOfInput
        case .processed(let count):
            parser.append(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            return .bytes(count)
        }
    }

    private func readAvailable() {
        switch readIntoParser() {
        case nil, .wouldBlock?:
            return
        case .endOfInput?:
            // The client half-closed: requests it already sent are still answered (a pipelining
            // client may send everything, shut down its write side, then read).
            inputClosed = true
            drive()
            if !closed, !lingering, !hasUnsentBytes, !awaitingWorker { closeNow() }
        case .bytes?:
            drive()
        }
    }

    /// Answers every complete request the backpressure limit allows and writes the answers, until
    /// the parser needs more bytes or the socket is full.
    private func drive() {
        while !closed, !lingering {
            let stoppedAtLimit = answerBufferedRequests()
            guard flush() else { return }
            if hasUnsentBytes || !stoppedAtLimit { break }
        }
        guard !closed, !lingering else { return }
        updateInterest()
        publishIdleness()
    }

    /// Whether no further request may be answered until the client reads: `maxPipelinedRequests`
    /// responses are queued, or more than `maxBufferedResponseBytes` bytes are unsent.
    private var isOutputFull: Bool {
        queuedResponseEnds.count >= context.maxPipelinedRequests
            || queuedTotal - writtenTotal > context.maxBufferedResponseBytes
    }

    /// - Returns: whether it stopped because the output is full (`isOutputFull`).
    private func answerBufferedRequests() -> Bool {
        stalledAtOutputLimit = false
        while !closeAfterWrite, !awaitingWorker {
            if isOutputFull {
                stalledAtOutputLimit = true
                return true
            }
            switch parser.next() {
            case .needMoreBytes:
                if parser.expectsContinue, !continueSent {
                    continueSent = true
                    append(ResponseSerializer.continueResponse)
                }
                noteRequestProgress()
                return false
            case .request(var request):
                continueSent = false
                markBusy()
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

    /// Answers on the loop, or hands the responder's worker part to a worker and answers nothing more
    /// until its response is queued (`finishFromWorker`).
    private func answer(_ request: Request) {
        let startedAt = context.configuration.accessLog == nil ? 0 : MonotonicClock.nanoseconds()
        let responder = context.responder
        let work: @Sendable () -> Response
        switch responder.answer(request) {
        case .response(let response):
            queue(response, for: request, startedAt: startedAt)
            return
        case .onWorker(let rest):
            work = rest
        }
        awaitingWorker = true
        let loop = loop
        let connection = LoopBound(self)
        let accepted = context.workers.submit {
            let response = work()
            loop.execute { connection.value.finishFromWorker(response, for: request, startedAt: startedAt) }
        }
        if !accepted {
            awaitingWorker = false
            queue(responder.respondOverloaded(to: request, retryAfterSeconds: 1), for: request, startedAt: startedAt)
        }
    }

    /// A worker's response, back on the loop: queue it, then carry on with the requests behind it.
    private func finishFromWorker(_ response: Response, for request: Request, startedAt: UInt64) {
        guard !closed else { return }
        awaitingWorker = false
        readsPausedForWorker = false
        queue(response, for: request, startedAt: startedAt)
        drive()
    }

    private func queue(_ response: Response, for request: Request, startedAt: UInt64) {
        let logger = context.configuration.accessLog
        var keepAlive = request.keepAlive
        if context.isShuttingDown {
            // The last of what the client sent before the shutdown closes the connection; until then
            // the connection stays for the requests behind this one (read first if this loop has not
            // begun its shutdown yet: the responder ran as it began).
            if !parser.hasPartialRequest { readWhatWasReceived() }
            keepAlive = keepAlive && parser.hasPartialRequest
        }
        let bodyCount = response.bodyCount
        let copiesBody = bodyCount <= Self.copiedBodyLimit
        var (head, sendsBody) = ResponseSerializer.serializeHead(
            response, requestMethod: request.method, keepAlive: keepAlive, date: loop.currentDate(),
            requestVersion: request.version, reservingBody: copiesBody)
        let byteCount = head.count + (sendsBody ? bodyCount : 0)
        if sendsBody, !copiesBody {
            append(head)
            response.forEachBodyPart { append($0) }
            endResponse()
        } else {
            if sendsBody { response.appendBody(to: &head) }
            enqueue(head)
        }
        if !keepAlive { closeAfterWrite = true }
        if let logger {
            let elapsed = MonotonicClock.nanoseconds() - startedAt
            logger(
                AccessLogEntry(
                    remoteAddress: remoteAddress, method: request.method, target: request.target.raw,
                    status: response.status.code, bytes: byteCount,
                    durationMilliseconds: Double(elapsed) / 1_000_000))
        }
    }

    private func answer(_ error: ParseError) {
        var response =
            context.responder.respond(toUnparsable: error, targetStart: parser.targetStart)
            ?? Self.errorResponse(
                status: error.status, text: error.reason)
        response.status = error.status
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
        guard !hasUnsentBytes else {
            closeNow()
            return
        }
        let response = Self.errorResponse(status: .requestTimeout, text: "The request took too long to arrive.")
        enqueue(ResponseSerializer.serialize(response, requestMethod: .get, keepAlive: false, date: loop.currentDate()))
        closeAfterWrite = true
        if flush() { updateInterest() }
    }

    // MARK: Writing

    /// Bodies up to this many bytes are copied behind their head (one small segment); larger ones
    /// are sent from the responder's array, which a page cache shares between responses.
    private static let copiedBodyLimit = 8 * 1024
    /// The most segments one sendmsg(2) call passes.
    private static let maxSegmentsPerCall = 64

    private var hasUnsentBytes: Bool { writtenTotal < queuedTotal }

    /// Queues bytes that do not end a response (a head whose body follows, `100 Continue`).
    private func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        pending.append(bytes)
        queuedTotal += bytes.count
    }

    /// Queues the last bytes of a response.
    private func enqueue(_ bytes: [UInt8]) {
        append(bytes)
        endResponse()
    }

    /// Marks the bytes queued so far as the end of a response.
    private func endResponse() {
        queuedResponseEnds.append(queuedTotal)
        context.outputObserver?(queuedTotal - writtenTotal)
    }

    /// Writes as much of the queued segments as the socket takes.
    /// - Returns: `false` when the connection closed or began its lingering close.
    private func flush() -> Bool {
        while hasUnsentBytes {
            let outcome = sendPending()
            guard case .success(let result) = outcome else {
                // EPIPE / ECONNRESET: the client left mid-response; MSG_NOSIGNAL kept SIGPIPE away.
                closeNow()
                return false
            }
            guard case .processed(let written) = result else { break }
            consume(written)
        }
        var finished = 0
        while finished < queuedResponseEnds.count, queuedResponseEnds[finished] <= writtenTotal { finished += 1 }
        if finished > 0 { queuedResponseEnds.removeFirst(finished) }

        guard !hasUnsentBytes else {
            if writeBlockedSince == 0 { writeBlockedSince = loop.now }
            return true
        }
        writeBlockedSince = 0
        lastActivity = loop.now
        if closeAfterWrite {
            beginLingeringClose()
            return false
        }
        if inputClosed && !stalledAtOutputLimit && !awaitingWorker {
            closeNow()
            return false
        }
        return true
    }

    /// One sendmsg(2) of up to `maxSegmentsPerCall` queued segments.
    private func sendPending() -> Result<IOResult<Int>, SystemError> {
        let count = min(pending.count, Self.maxSegmentsPerCall)
        // The vectors live on the stack, not in an array per call.
        return withUnsafeTemporaryAllocation(of: iovec.self, capacity: count) { vectors in
            withSegmentPointers(0, count, vectors) {
                var message = msghdr()
                message.msg_iov = vectors.baseAddress
                message.msg_iovlen = count
                return Result { () throws(SystemError) in
                    try Syscall.call("sendmsg") { sendmsg(fd, &message, Int32(MSG_NOSIGNAL)) }
                }
            }
        }
    }

    /// Fills `vectors[index..<count]` with the addresses of `pending[index..<count]` (the first from
    /// `pendingOffset`) while each array's storage is pinned by its `withUnsafeBytes`, then runs `body`.
    private func withSegmentPointers<Value>(
        _ index: Int, _ count: Int, _ vectors: UnsafeMutableBufferPointer<iovec>, _ body: () -> Value
    ) -> Value {
        guard index < count else { return body() }
        return pending[index].withUnsafeBytes { bytes in
            let skip = index == 0 ? pendingOffset : 0
            vectors.initializeElement(
                at: index,
                to: iovec(
                    iov_base: UnsafeMutableRawPointer(mutating: bytes.baseAddress! + skip), iov_len: bytes.count - skip)
            )
            return withSegmentPointers(index + 1, count, vectors, body)
        }
    }

    /// Drops `written` bytes from the front of the queued segments.
    private func consume(_ written: Int) {
        writtenTotal += written
        var remaining = written
        var done = 0
        while remaining > 0, done < pending.count {
            let left = pending[done].count - pendingOffset
            if remaining >= left {
                remaining -= left
                pendingOffset = 0
                done += 1
            } else {
                pendingOffset += remaining
                remaining = 0
            }
        }
        if done > 0 { pending.removeFirst(done) }
    }

    private func updateInterest() {
        guard !closed else { return }
        var wanted: UInt32 = 0
        if lingering {
            wanted = clinux_epoll_in
        } else {
            // Not once the client sent more while a worker answers (`readsPausedForWorker`): that
            // waits in the kernel. After the shutdown's read, only a request already begun is read on.
            if !inputClosed, !closeAfterWrite, !isOutputFull, !readsPausedForWorker,
                !readAtShutdown || parser.hasPartialRequest
            {
                wanted |= clinux_epoll_in
            }
            if hasUnsentBytes { wanted |= clinux_epoll_out }
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

/// A loop-confined object carried through a worker thread and back to its loop, where alone it is
/// touched (`EventLoop.execute(_:)`).
private struct LoopBound<Value: AnyObject>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
