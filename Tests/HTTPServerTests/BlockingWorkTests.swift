import Dispatch
import Foundation
import Glibc
import HTTPCore
import Synchronization
import TestSupport
import Testing

@testable import HTTPServer

/// A responder whose `/blocking/...` requests cannot be answered on the event loop: they run on the
/// worker threads and wait for the test's `proceed` before answering. Everything else is answered on
/// the loop at once.
final class BlockingResponder: Responder {
    let started = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    /// The paths answered on the loop, to check the loop never answered `/blocking`.
    let loopAnswered = Mutex<[String]>([])

    func answer(_ request: Request) -> Answer {
        guard request.target.path.hasPrefix("/blocking") else {
            loopAnswered.withLock { $0.append(request.target.path) }
            return .response(Response(contentType: "text/plain", text: "fast \(request.target.path)"))
        }
        return .onWorker { [self] in
            started.signal()
            proceed.wait()
            return Response(contentType: "text/plain", text: "done \(request.target.path)")
        }
    }

    func respond(to request: Request) -> Response {
        switch answer(request) {
        case .response(let response): return response
        case .onWorker(let work): return work()
        }
    }
}

/// Requests that need blocking work (a database round trip) run on worker threads: they never stall
/// the event loop's other connections, pipelined responses keep their order, and a full queue is a
/// quick 503.
@Suite(.serialized)
struct BlockingWorkTests {
    @Test func aBlockingRequestDoesNotStallAnotherConnectionOnTheSameLoop() throws {
        let responder = BlockingResponder()
        try withServer(ServerConfiguration(eventLoopCount: 1), responder: responder) { _, port in
            let slow = try RawClient(port: port)
            slow.send("GET /blocking/1 HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(responder.started.wait(timeout: .now() + 5) == .success)
            // The one loop answers another client while the worker is still blocked: were the loop
            // blocked, this read would time out.
            let fast = try RawClient(port: port, readTimeout: 3)
            for index in 0..<5 {
                fast.send("GET /fast/\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(fast.readResponse()?.body == "fast /fast/\(index)")
            }
            responder.proceed.signal()
            #expect(slow.readResponse()?.body == "done /blocking/1")
            #expect(responder.loopAnswered.withLock { $0 }.allSatisfy { !$0.hasPrefix("/blocking") })
        }
    }

    @Test func pipelinedResponsesKeepTheirOrderAroundABlockingOne() throws {
        let responder = BlockingResponder()
        try withServer(ServerConfiguration(eventLoopCount: 1), responder: responder) { _, port in
            let client = try RawClient(port: port)
            client.send(
                "GET /fast/a HTTP/1.1\r\nHost: t\r\n\r\nGET /blocking/b HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "GET /fast/c HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.body == "fast /fast/a")
            #expect(responder.started.wait(timeout: .now() + 5) == .success)
            // /fast/c waits behind /blocking/b: it is not answered before it.
            #expect(!responder.loopAnswered.withLock { $0 }.contains("/fast/c"))
            responder.proceed.signal()
            #expect(client.readResponse()?.body == "done /blocking/b")
            #expect(client.readResponse()?.body == "fast /fast/c")
        }
    }

    @Test func aRequestSentWhileAWorkerAnswersWaitsForTheAnswerAndTheLoopServesOthers() throws {
        let responder = BlockingResponder()
        try withServer(ServerConfiguration(eventLoopCount: 1), responder: responder) { _, port in
            let client = try RawClient(port: port)
            client.send("GET /blocking/first HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(responder.started.wait(timeout: .now() + 5) == .success)
            // Sent after the worker began: it arrives while the connection is being answered.
            client.send("GET /fast/second HTTP/1.1\r\nHost: t\r\n\r\n")
            let other = try RawClient(port: port, readTimeout: 3)
            other.send("GET /fast/other HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(other.readResponse()?.body == "fast /fast/other")
            #expect(!responder.loopAnswered.withLock { $0 }.contains("/fast/second"))
            responder.proceed.signal()
            #expect(client.readResponse()?.body == "done /blocking/first")
            #expect(client.readResponse()?.body == "fast /fast/second")
        }
    }

    @Test func aClientThatHalfClosesWhileAWorkerAnswersStillGetsTheAnswer() throws {
        let responder = BlockingResponder()
        try withServer(ServerConfiguration(eventLoopCount: 1), responder: responder) { server, port in
            let client = try RawClient(port: port)
            client.send("GET /blocking/last HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(responder.started.wait(timeout: .now() + 5) == .success)
            client.shutdownWrite()
            let other = try RawClient(port: port, readTimeout: 3)
            other.send("GET /fast/meanwhile HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(other.readResponse()?.body == "fast /fast/meanwhile")
            responder.proceed.signal()
            #expect(client.readResponse()?.body == "done /blocking/last")
            #expect(client.isClosedByServer())
            #expect(waitUntil(deadline: .seconds(5)) { server.openConnectionCount == 1 })
        }
    }

    @Test func withEveryWorkerBusyAndTheQueueFullARequestIsAQuick503WithRetryAfter() throws {
        let responder = BlockingResponder()
        var configuration = ServerConfiguration(eventLoopCount: 1)
        configuration.blockingWorkerCount = 1
        configuration.maxQueuedBlockingRequests = 1
        try withServer(configuration, responder: responder) { _, port in
            let running = try RawClient(port: port)
            running.send("GET /blocking/running HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(responder.started.wait(timeout: .now() + 5) == .success)
            let queued = try RawClient(port: port)
            queued.send("GET /blocking/queued HTTP/1.1\r\nHost: t\r\n\r\n")
            // The queue's one place is taken once the server has read it; the next is refused.
            var refused: WireResponse?
            for attempt in 0..<50 where refused == nil {
                let extra = try RawClient(port: port, readTimeout: 1)
                extra.send("GET /blocking/extra\(attempt) HTTP/1.1\r\nHost: t\r\n\r\n")
                if let response = extra.readResponse(), response.statusCode == 503 { refused = response }
            }
            #expect(refused?.statusCode == 503)
            #expect(refused?.field("Retry-After") == "1")
            // Free the worker for the running request, the queued one and the extras that got in.
            for _ in 0..<60 { responder.proceed.signal() }
            #expect(running.readResponse()?.body == "done /blocking/running")
            #expect(queued.readResponse()?.body == "done /blocking/queued")
        }
    }

    @Test func aClientThatLeavesWhileAWorkerAnswersCostsNothing() throws {
        let responder = BlockingResponder()
        try withServer(ServerConfiguration(eventLoopCount: 1), responder: responder) { server, port in
            do {
                let leaving = try RawClient(port: port)
                leaving.send("GET /blocking/gone HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(responder.started.wait(timeout: .now() + 5) == .success)
                leaving.reset()
            }
            #expect(waitUntil(deadline: .seconds(5)) { server.openConnectionCount == 0 })
            responder.proceed.signal()
            let next = try RawClient(port: port)
            next.send("GET /fast/after HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(next.readResponse()?.body == "fast /fast/after")
        }
    }

    @Test func aShutdownWaitsForTheWorkersResponseAndClosesAfterIt() throws {
        let responder = BlockingResponder()
        let server = Server(configuration: ServerConfiguration(eventLoopCount: 1), responder: responder)
        let port = try server.start()
        let client = try RawClient(port: port)
        client.send("GET /blocking/last HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(responder.started.wait(timeout: .now() + 5) == .success)
        server.shutdown()
        responder.proceed.signal()
        let response = client.readResponse()
        #expect(response?.body == "done /blocking/last")
        #expect(response?.field("Connection") == "close")
        server.waitUntilStopped()
    }
}
