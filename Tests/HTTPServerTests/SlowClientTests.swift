import Dispatch
import Foundation
import Glibc
import HTTPCore
import TestSupport
import Testing

@testable import HTTPServer

/// Raises this process's soft RLIMIT_NOFILE to at least `wanted` (up to the hard limit).
/// - Returns: the soft limit now in force.
@discardableResult
func raiseDescriptorLimit(to wanted: Int) -> Int {
    var limit = rlimit()
    getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    if limit.rlim_cur < rlim_t(wanted) {
        limit.rlim_cur = min(rlim_t(wanted), limit.rlim_max)
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    }
    return Int(limit.rlim_cur)
}

/// Clients that are slow, silent or stall half-way never hold the server, and each is closed after
/// its own bounded timeout (docs/field-cases.md B09).
@Suite(.serialized)
struct SlowClientTests {
    @Test("1,000 connections holding half-sent requests: a normal client still gets every response")
    func thousandHalfSentRequests() throws {
        let limit = raiseDescriptorLimit(to: 4096)
        try #require(limit >= 2_100, "RLIMIT_NOFILE hard limit \(limit) is too low for 1,000 loopback connections")
        // All from one address: the per-client cap (ClientCapTests) would refuse most; this is about capacity.
        var configuration = ServerConfiguration(eventLoopCount: 2)
        configuration.maxConnectionsPerClient = 0
        try withServer(configuration) { _, port in
            var holders: [RawClient] = []
            for index in 0..<1_000 {
                let holder = try RawClient(port: port)
                holder.send("GET /held/\(index) HTTP/1.1\r\nHost: t\r\nX-Part: ")
                holders.append(holder)
            }
            // Keep-alive and fresh connections alike are answered while the 1,000 wait.
            let client = try RawClient(port: port, readTimeout: 2)
            for index in 0..<50 {
                client.send("GET /normal/\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(client.readResponse()?.body == "GET /normal/\(index)")
            }
            for index in 0..<20 {
                let fresh = try RawClient(port: port, readTimeout: 2)
                fresh.send("GET /fresh/\(index) HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
                #expect(fresh.readResponse()?.body == "GET /fresh/\(index)")
            }
            // The half-sent requests are still held (header timeout 10 s): finishing one is answered.
            holders[999].send("x\r\n\r\n")
            holders[999].setReadTimeout(2)
            #expect(holders[999].readResponse()?.body == "GET /held/999")
        }
    }

    @Test(
        "B09: an idle keep-alive connection and 10 clients dribbling header lines neither delay a normal client nor outlive their timeouts"
    )
    func idleAndDribblingClients() throws {
        var configuration = ServerConfiguration(eventLoopCount: 1)
        configuration.headerReadTimeout = 2
        configuration.idleTimeout = 2
        let server = Server(configuration: configuration, responder: TestResponder())
        let port = try server.start()
        defer {
            server.shutdown()
            server.waitUntilStopped()
        }
        do {
            let idle = try RawClient(port: port, readTimeout: 5)
            idle.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(idle.readResponse()?.statusCode == 200)

            let dribblers = try (0..<10).map { _ in try RawClient(port: port, readTimeout: 5) }
            for dribbler in dribblers { dribbler.send("GET / HTTP/1.1\r\nHost: t\r\n") }
            // Another thread sends a field line to each every 300 ms, for longer than the header timeout.
            let descriptors = dribblers.map(\.fd)
            let dribbling = DispatchGroup()
            DispatchQueue.global().async(group: dribbling) {
                for _ in 0..<8 {
                    for fd in descriptors { _ = Glibc.send(fd, "X-a: b\r\n", 8, Int32(MSG_NOSIGNAL)) }
                    usleep(300_000)
                }
            }

            // Z: answered at once (its read gives up after 1 s).
            let normal = try RawClient(port: port, readTimeout: 1)
            normal.send("GET /z HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            #expect(normal.readResponse()?.body == "GET /z")

            // The dribblers are cut off by the header clock although bytes keep coming: 408, then close.
            for dribbler in dribblers {
                let response = dribbler.readResponse()
                #expect(response?.statusCode == 408)
                #expect(response?.field("Connection") == "close")
                #expect(dribbler.isClosedByServer())
            }
            // The idle connection is closed on the idle clock without a response.
            #expect(idle.isClosedByServer())
            // The clients' descriptors stay open until the dribbling thread is done with them.
            dribbling.wait()
        }
        // Every connection's descriptor is released. (The server's own count: other suites open and
        // close descriptors in this process at the same time, so /proc/self/fd cannot tell.)
        #expect(waitUntil(deadline: .seconds(5)) { server.openConnectionCount == 0 })
    }

    @Test("a client that stalls mid-body gets 408 on the body clock and is disconnected")
    func stalledBody() throws {
        var configuration = ServerConfiguration(eventLoopCount: 1)
        configuration.headerReadTimeout = 60
        configuration.bodyReadTimeout = 1
        try withServer(configuration) { _, port in
            let client = try RawClient(port: port, readTimeout: 5)
            client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
            let response = client.readResponse()
            #expect(response?.statusCode == 408)
            #expect(response?.field("Connection") == "close")
            #expect(client.isClosedByServer())

            // A body that arrives in time on the same settings is answered.
            let prompt = try RawClient(port: port)
            prompt.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
            prompt.send("defghij")
            #expect(prompt.readResponse()?.body == "abcdefghij")
        }
    }

    @Test("a chunked body that stalls between chunks is also cut off on the body clock")
    func stalledChunkedBody() throws {
        var configuration = ServerConfiguration(eventLoopCount: 1)
        configuration.headerReadTimeout = 60
        configuration.bodyReadTimeout = 1
        try withServer(configuration) { _, port in
            let client = try RawClient(port: port, readTimeout: 5)
            client.send("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n")
            #expect(client.readResponse()?.statusCode == 408)
            #expect(client.isClosedByServer())
        }
    }

    @Test("413 from Content-Length comes before any body byte is sent, and the connection closes")
    func tooLargeBeforeBody() throws {
        try withServer(ServerConfiguration(eventLoopCount: 1)) { _, port in
            let client = try RawClient(port: port, readTimeout: 2)
            client.send("POST /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 2000000\r\n\r\n")
            let response = client.readResponse()
            #expect(response?.statusCode == 413)
            #expect(response?.field("Connection") == "close")
            #expect(client.isClosedByServer())
        }
    }
    @Test("a client that stops reading is disconnected after the write timeout, and the server carries on")
    func stalledReader() throws {
        var configuration = ServerConfiguration(eventLoopCount: 1)
        configuration.writeTimeout = 1
        try withServer(configuration) { server, port in
            let client = try RawClient(port: port, readTimeout: 2)
            // 16 MiB of responses: far more than loopback socket buffers hold, so writes block.
            client.send(String(repeating: "GET /big HTTP/1.1\r\nHost: t\r\n\r\n", count: 4))
            // The server has answered (so it holds the connection), then gives up on it once its write
            // timeout passes; only then does the client read.
            var answered = pollfd(fd: client.fd, events: Int16(POLLIN), revents: 0)
            try #require(waitUntil(deadline: .seconds(30)) { poll(&answered, 1, 0) == 1 })
            #expect(waitUntil(deadline: .seconds(30)) { server.openConnectionCount == 0 })
            var whole = 0
            while client.readResponse()?.bodyBytes == TestResponder.bigBody { whole += 1 }
            #expect(whole < 4, "every response arrived although the client stalled past the write timeout")

            let other = try RawClient(port: port)
            other.send("GET /after HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(other.readResponse()?.body == "GET /after")
        }
    }

    @Test("B10: 50 clients that reset mid-response cost nothing: the next client is served, descriptors return")
    func resetsCostNothing() throws {
        try withServer(ServerConfiguration(eventLoopCount: 1)) { server, port in
            for _ in 0..<50 {
                let client = try RawClient(port: port)
                client.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\n")
                client.reset()
            }
            let client = try RawClient(port: port)
            client.send("GET /after HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            #expect(client.readResponse()?.body == "GET /after")
            #expect(client.isClosedByServer())
            #expect(waitUntil(deadline: .seconds(5)) { server.openConnectionCount == 0 })
        }
    }
}
