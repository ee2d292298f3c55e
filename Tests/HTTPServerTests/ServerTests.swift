import Dispatch
import Glibc
import HTTPCore
import Synchronization
import TestSupport
import Testing

@testable import HTTPServer

struct KeepAliveTests {
    @Test("two requests on one connection are both answered and the connection stays open")
    func twoRequests() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            client.send("GET /first HTTP/1.1\r\nHost: t\r\n\r\n")
            let first = try #require(client.readResponse())
            client.send("GET /second HTTP/1.1\r\nHost: t\r\n\r\n")
            let second = try #require(client.readResponse())
            #expect(first.statusCode == 200)
            #expect(first.body == "GET /first")
            #expect(first.field("Connection") == nil)
            #expect(first.field("Date")?.hasSuffix(" GMT") == true)
            #expect(second.body == "GET /second")
        }
    }

    @Test("HTTP/1.0 without keep-alive gets its answer and then the connection closes")
    func http10Closes() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            client.send("GET /old HTTP/1.0\r\n\r\n")
            let response = try #require(client.readResponse())
            #expect(response.body == "GET /old")
            #expect(response.field("Connection") == "close")
            #expect(client.isClosedByServer())
        }
    }

    @Test("HTTP/1.0 with Connection: keep-alive stays open and says so")
    func http10KeepAlive() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            client.send("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let first = try #require(client.readResponse())
            #expect(first.field("Connection") == "keep-alive")
            client.send("GET /b HTTP/1.0\r\n\r\n")
            #expect(client.readResponse()?.body == "GET /b")
            #expect(client.isClosedByServer())
        }
    }

    @Test("Connection: close is honoured")
    func connectionClose() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            client.send(
                "GET /bye HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\nGET /never HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try #require(client.readResponse())
            #expect(response.body == "GET /bye")
            #expect(response.field("Connection") == "close")
            #expect(client.isClosedByServer())
        }
    }

    @Test("the responder sees the peer address")
    func remoteAddress() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            client.send("GET /peer HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.body.hasPrefix("127.0.0.1:") == true)
        }
    }
}

struct PipeliningTests {
    @Test("three requests in one write are answered in order")
    func inOrder() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            client.send(
                "GET /1 HTTP/1.1\r\nHost: t\r\n\r\nPOST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\ntwo"
                    + "GET /3 HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.body == "GET /1")
            #expect(client.readResponse()?.body == "two")
            #expect(client.readResponse()?.body == "GET /3")
        }
    }

    @Test("HEAD then GET on one connection: HEAD has GET's length and no body (B15)")
    func headThenGet() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            client.send("HEAD /page HTTP/1.1\r\nHost: t\r\n\r\nGET /page HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = try #require(client.readResponse(forHead: true))
            let get = try #require(client.readResponse())
            #expect(head.statusCode == 200)
            #expect(head.field("Content-Length") == "\("HEAD /page".utf8.count)")
            #expect(get.statusCode == 200)
            #expect(get.body == "GET /page")
        }
    }

    @Test("more pipelined requests than the queue limit are all answered, in order")
    func beyondQueueLimit() throws {
        var configuration = ServerConfiguration(eventLoopCount: 1)
        configuration.maxPipelinedRequests = 2
        try withServer(configuration) { _, port in
            let client = try RawClient(port: port)
            client.send((1...20).map { "GET /\($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
            for index in 1...20 {
                #expect(client.readResponse()?.body == "GET /\(index)")
            }
        }
    }

    @Test("requests sent before the client half-closes are all answered, then the connection closes")
    func halfClose() throws {
        var configuration = ServerConfiguration(eventLoopCount: 1)
        configuration.maxPipelinedRequests = 2
        try withServer(configuration) { _, port in
            let client = try RawClient(port: port)
            client.send((1...5).map { "GET /\($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
            shutdown(client.fd, Int32(SHUT_WR))
            for index in 1...5 {
                #expect(client.readResponse()?.body == "GET /\(index)")
            }
            #expect(client.isClosedByServer())
        }
    }

    @Test("a response larger than the socket buffer arrives whole, and the next one after it")
    func partialWrites() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            client.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\nGET /after HTTP/1.1\r\nHost: t\r\n\r\n")
            let big = try #require(client.readResponse())
            #expect(big.field("Content-Length") == "\(TestResponder.bigBody.count)")
            #expect(big.bodyBytes == TestResponder.bigBody)
            #expect(client.readResponse()?.body == "GET /after")
        }
    }

    @Test(
        "a body given as parts arrives joined, small or large, and HEAD gets its length only", arguments: [false, true])
    func bodyParts(big: Bool) throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            let path = big ? "/big-parts" : "/parts"
            let expected = Array(TestResponder.parts(big: big).joined())
            client.send("GET \(path) HTTP/1.1\r\nHost: t\r\n\r\nHEAD \(path) HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try #require(client.readResponse())
            #expect(response.field("Content-Length") == "\(expected.count)")
            #expect(response.bodyBytes == expected)
            let head = try #require(client.readResponse(forHead: true))
            #expect(head.field("Content-Length") == "\(expected.count)")
            #expect(head.bodyBytes.isEmpty)
            client.send("GET /after HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.body == "GET /after")
        }
    }

    @Test("bytes the parser refuses get the responder's own page, with the parser's status, then close")
    func unparsableRequestPage() throws {
        struct PageResponder: Responder {
            func respond(to request: Request) -> Response { Response(contentType: "text/plain", text: "ok") }
            func respond(toUnparsable error: ParseError) -> Response? {
                // A status of its own is overridden: the parser's decides.
                Response(status: .ok, contentType: "text/html", text: "<p>\(error.status.code): \(error.reason)</p>")
            }
        }
        try withServer(responder: PageResponder()) { _, port in
            let client = try RawClient(port: port)
            client.send("GET /a%ZZ HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try #require(client.readResponse())
            #expect(response.statusCode == 400)
            #expect(response.field("Content-Type") == "text/html")
            #expect(response.body.hasPrefix("<p>400: The address is malformed"))
            #expect(response.field("Connection") == "close")
            #expect(client.isClosedByServer())
        }
    }

    @Test("a chunked request body reaches the responder decoded")
    func chunkedBody() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            client.send(
                "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n"
            )
            #expect(client.readResponse()?.body == "abcde")
        }
    }

    @Test("Expect: 100-continue gets an interim response before the body is sent")
    func expectContinue() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            client.send("POST /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
            let interim = try #require(client.readResponse())
            #expect(interim.statusCode == 100)
            client.send("ok")
            #expect(client.readResponse()?.body == "ok")
        }
    }
}

struct MalformedRequestTests {
    @Test("garbage gets one plain-text 400 with Connection: close, no echo, then the connection closes")
    func garbage() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            client.send("<script>alert(1)</script> NONSENSE\r\n\r\n")
            let response = try #require(client.readResponse())
            #expect(response.statusCode == 400)
            #expect(response.field("Connection") == "close")
            #expect(response.field("Content-Type") == "text/plain; charset=utf-8")
            #expect(!response.body.contains("script"))
            #expect(client.isClosedByServer())
        }
    }

    @Test("CL+TE smuggling gets 400 and the trailing request is not served (B11)")
    func smuggling() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            client.send(
                "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
                    + "GET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.statusCode == 400)
            #expect(client.isClosedByServer())
        }
    }

    @Test(
        "limits answer with their status, then close",
        arguments: [
            ("GET /" + String(repeating: "a", count: 100) + " HTTP/1.1\r\nHost: t\r\n\r\n", 414),
            ("GET / HTTP/1.1\r\nHost: t\r\nX: " + String(repeating: "v", count: 200) + "\r\n\r\n", 431),
            ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\n", 413),
            ("GET / HTTP/2.0\r\nHost: t\r\n\r\n", 505),
            ("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
            ("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        ])
    func limits(raw: String, status: Int) throws {
        var configuration = ServerConfiguration(eventLoopCount: 1)
        configuration.parserLimits = ParserLimits(maxRequestLineBytes: 64, maxHeaderBytes: 128, maxBodyBytes: 100)
        try withServer(configuration) { _, port in
            let client = try RawClient(port: port)
            client.send(raw)
            #expect(client.readResponse()?.statusCode == status)
            #expect(client.isClosedByServer())
        }
    }

    @Test("a request in a later HTTP/1 minor version is answered as HTTP/1.1 and keeps the connection (RFC 9110 §2.5)")
    func laterMinorVersion() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            client.send("GET /one HTTP/1.2\r\nHost: t\r\n\r\n")
            let first = try #require(client.readResponse())
            #expect(first.statusCode == 200)
            #expect(first.version == "HTTP/1.1")
            #expect(first.field("Connection") == nil)
            client.send("GET /two HTTP/1.2\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.body == "GET /two")
        }
    }
}

struct RobustnessTests {
    @Test("50 clients that send a request and reset at once do not stop the server (B10)")
    func resettingClients() throws {
        try withServer { _, port in
            for _ in 0..<50 {
                let client = try RawClient(port: port)
                client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
                client.reset()
            }
            let client = try RawClient(port: port)
            client.send("GET /after HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.body == "GET /after")
        }
    }

    @Test("a client that sends half a request does not block another, and is timed out (B09)")
    func halfRequest() throws {
        var configuration = ServerConfiguration(eventLoopCount: 1)
        configuration.headerReadTimeout = 1
        try withServer(configuration) { _, port in
            let slow = try RawClient(port: port, readTimeout: 4)
            slow.send("GET / HTTP/1.1\r\nHost: t\r\n")
            let idle = try RawClient(port: port, readTimeout: 4)
            idle.send("GET /idle HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(idle.readResponse()?.body == "GET /idle")

            let other = try RawClient(port: port)
            other.send("GET /other HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(other.readResponse()?.body == "GET /other")

            slow.send("X-a: b\r\n")
            let timedOut = slow.readResponse()
            #expect(timedOut?.statusCode == 408)
            #expect(timedOut?.field("Connection") == "close")
            #expect(slow.isClosedByServer())
        }
    }

    @Test("an idle keep-alive connection is closed after the idle timeout")
    func idleTimeout() throws {
        var configuration = ServerConfiguration(eventLoopCount: 1)
        configuration.idleTimeout = 1
        try withServer(configuration) { _, port in
            let client = try RawClient(port: port, readTimeout: 4)
            client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.statusCode == 200)
            #expect(client.isClosedByServer())
        }
    }

    @Test("a connection that never sends a byte is closed after the header-read timeout")
    func silentConnection() throws {
        var configuration = ServerConfiguration(eventLoopCount: 1)
        configuration.headerReadTimeout = 1
        try withServer(configuration) { _, port in
            let client = try RawClient(port: port, readTimeout: 4)
            #expect(client.isClosedByServer())
        }
    }

    @Test("statuses without content are framed without a body on a kept-alive connection")
    func noContent() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            client.send("GET /empty HTTP/1.1\r\nHost: t\r\n\r\nGET /next HTTP/1.1\r\nHost: t\r\n\r\n")
            let empty = try #require(client.readResponse())
            #expect(empty.statusCode == 204)
            #expect(empty.field("Content-Length") == nil)
            #expect(client.readResponse()?.body == "GET /next")
        }
    }
}

struct LifecycleTests {
    @Test("port 0 binds a free port; a second server on that port fails naming the address and errno")
    func ports() throws {
        try withServer { _, port in
            #expect(port > 0)
            let second = Server(configuration: ServerConfiguration(port: port), responder: TestResponder())
            let error = #expect(throws: ServerError.self) { try second.start() }
            #expect(
                error
                    == .cannotListen(
                        host: "127.0.0.1", port: port, underlying: SystemError(syscall: "bind", errno: EADDRINUSE)))
            #expect(error?.description == "cannot listen on 127.0.0.1:\(port): Address already in use (errno 98)")
        }
    }

    /// Whether this machine can bind a socket to the IPv6 loopback address `::1`.
    static var hasIPv6Loopback: Bool {
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
            }
        }
    }

    @Test(
        "an IPv6 loopback host works",
        .enabled(if: LifecycleTests.hasIPv6Loopback, "this machine has no IPv6 loopback address (::1)"))
    func ipv6() throws {
        let server = Server(
            configuration: ServerConfiguration(host: "::1", eventLoopCount: 1), responder: TestResponder())
        let port = try server.start()
        defer {
            server.shutdown()
            server.waitUntilStopped()
        }
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = UInt16(port).bigEndian
        address.sin6_addr = in6addr_loopback
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        }
        #expect(connected == 0)
    }

    @Test("an unknown host is reported as such")
    func badHost() {
        let server = Server(
            configuration: ServerConfiguration(host: "no such host.invalid"), responder: TestResponder())
        #expect(throws: ServerError.self) { try server.start() }
    }

    @Test("graceful shutdown lets an in-flight response finish, then stops accepting and exits")
    func gracefulShutdown() throws {
        let slow = try SlowResponseServer()
        let (server, port) = (slow.server, slow.port)
        let idle = try RawClient(port: port)
        idle.send("GET /warm HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(idle.readResponse()?.body == "GET /warm")

        let client = try RawClient(port: port)
        client.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        slow.shutdownDuringSlowResponse()

        let response = try #require(client.readResponse())
        #expect(response.body == "slow done")
        #expect(client.isClosedByServer())
        #expect(idle.isClosedByServer())
        server.waitUntilStopped()
        #expect(throws: SystemError.self) { try RawClient(port: port) }
    }

    @Test("shutdown during a slow response: it arrives whole, says Connection: close, then the connection closes")
    func shutdownMarksResponseInProgress() throws {
        let slow = try SlowResponseServer()
        let (server, port) = (slow.server, slow.port)
        let client = try RawClient(port: port)
        client.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        slow.shutdownDuringSlowResponse()

        let response = try #require(client.readResponse())
        #expect(response.body == "slow done")
        #expect(response.field("Connection") == "close")
        #expect(client.isClosedByServer())
        server.waitUntilStopped()
    }

    @Test(
        "shutdown during a slow response with requests pipelined behind it: every one is answered, the last with Connection: close"
    )
    func shutdownAnswersPipelinedRequests() throws {
        let slow = try SlowResponseServer()
        let (server, port) = (slow.server, slow.port)
        let client = try RawClient(port: port)
        client.send(
            "GET /slow HTTP/1.1\r\nHost: t\r\n\r\nGET /next HTTP/1.1\r\nHost: t\r\n\r\n"
                + "GET /last HTTP/1.1\r\nHost: t\r\n\r\n")
        slow.shutdownDuringSlowResponse()

        let first = try #require(client.readResponse())
        #expect(first.body == "slow done")
        #expect(first.field("Connection") == nil)
        let next = try #require(client.readResponse())
        #expect(next.body == "GET /next")
        #expect(next.field("Connection") == nil)
        let last = try #require(client.readResponse())
        #expect(last.body == "GET /last")
        #expect(last.field("Connection") == "close")
        #expect(client.isClosedByServer())
        server.waitUntilStopped()
    }

    /// A keep-alive client whose request waits in the kernel while the one loop is busy: the shutdown
    /// that begins meanwhile answers it (with `Connection: close`) instead of closing the connection
    /// under it, which reset the connection and lost the request.
    @Test("shutdown answers a request a keep-alive client sent while the server was busy, then closes")
    func shutdownAnswersAQueuedKeepAliveRequest_B35() throws {
        let slow = try SlowResponseServer()
        let (server, port) = (slow.server, slow.port)
        let idle = try RawClient(port: port)
        idle.send("GET /warm HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(idle.readResponse()?.body == "GET /warm")
        let busy = try RawClient(port: port)
        busy.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        // Sent while the loop answers /slow: it waits unread in the kernel when the shutdown begins.
        slow.shutdownDuringSlowResponse {
            idle.send("GET /queued HTTP/1.1\r\nHost: t\r\n\r\n")
        }

        #expect(busy.readResponse()?.body == "slow done")
        let queued = try #require(idle.readResponse(), "the queued request was reset, not answered")
        #expect(queued.body == "GET /queued")
        #expect(queued.field("Connection") == "close")
        #expect(idle.isClosedByServer())
        server.waitUntilStopped()
    }

    /// A request half-sent when the shutdown begins is read to its end and answered.
    @Test("shutdown finishes reading a request that had begun, answers it and closes")
    func shutdownFinishesARequestThatHadBegun() throws {
        let slow = try SlowResponseServer()
        let (server, port) = (slow.server, slow.port)
        let client = try RawClient(port: port)
        client.send("GET /warm HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(client.readResponse()?.body == "GET /warm")
        let busy = try RawClient(port: port)
        busy.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        slow.shutdownDuringSlowResponse { client.send("GET /half HTTP/1.1\r\nHo") }
        #expect(busy.readResponse()?.body == "slow done")
        client.send("st: t\r\n\r\n")
        let response = try #require(client.readResponse())
        #expect(response.body == "GET /half")
        #expect(response.field("Connection") == "close")
        #expect(client.isClosedByServer())
        server.waitUntilStopped()
    }

    @Test("the library leaves SIGPIPE alone, and clients that reset mid-response do not kill the process (B10)")
    func sigpipeUntouched() throws {
        let previous = signal(SIGPIPE, SIG_DFL)
        defer { signal(SIGPIPE, previous) }
        try withServer { _, port in
            for _ in 0..<10 {
                let client = try RawClient(port: port)
                // Larger than the socket buffers, so the server is still sending when the reset lands.
                client.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\n")
                client.reset()
            }
            let client = try RawClient(port: port)
            client.send("GET /after HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.body == "GET /after")
        }
        let current = signal(SIGPIPE, SIG_DFL)
        #expect(
            unsafeBitCast(current, to: Int.self) == unsafeBitCast(SIG_DFL, to: Int.self),
            "the server changed the process-wide SIGPIPE disposition")
    }

    @Test("the access log gets one entry per response with method, raw target and status")
    func accessLog() throws {
        let entries = Mutex<[AccessLogEntry]>([])
        var configuration = ServerConfiguration(eventLoopCount: 1)
        configuration.accessLog = { entry in entries.withLock { $0.append(entry) } }
        try withServer(configuration) { _, port in
            let client = try RawClient(port: port)
            client.send("GET /a%20b?q=1 HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = client.readResponse()
        }
        let logged = entries.withLock { $0 }
        #expect(logged.count == 1)
        #expect(logged.first?.target == "/a%20b?q=1")
        #expect(logged.first?.method == .get)
        #expect(logged.first?.status == 200)
        #expect(logged.first?.remoteAddress?.hasPrefix("127.0.0.1:") == true)
        #expect((logged.first?.bytes ?? 0) > "GET /a b".utf8.count)
    }

    @Test("entries gathered per event-loop thread are handed on right after the batch that answered them")
    func accessLogFlush() throws {
        // What a buffering logger does: each loop thread gathers targets, the flush hands them on.
        let gathered = Mutex<[String: [String]]>([:])
        let flushed = Mutex<[String]>([])
        let thread: @Sendable () -> String = { String(pthread_self()) }
        var configuration = ServerConfiguration(eventLoopCount: 2)
        configuration.accessLog = { entry in gathered.withLock { $0[thread(), default: []].append(entry.target) } }
        configuration.accessLogFlush = {
            let mine = gathered.withLock { $0.removeValue(forKey: thread()) ?? [] }
            flushed.withLock { $0 += mine }
        }
        try withServer(configuration) { _, port in
            for index in 0..<6 {
                let client = try RawClient(port: port)
                client.send("GET /\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(client.readResponse()?.statusCode == 200)
                // The hook runs right after the loop's batch, so the line follows the response without
                // waiting for another request.
                #expect(
                    waitUntil(deadline: .seconds(5), every: .milliseconds(1)) {
                        flushed.withLock { $0.contains("/\(index)") }
                    }, "line for /\(index) handed on")
            }
        }
        #expect(flushed.withLock { $0.sorted() } == (0..<6).map { "/\($0)" })
        #expect(gathered.withLock { $0.values.allSatisfy(\.isEmpty) })
    }
}
