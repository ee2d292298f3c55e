import Dispatch
import Glibc
import HTTPCore
import HTTPServer
import Testing

struct ConnectionLimitTests {
    @Test("at maxConnections, all busy, a further connection gets no service until one closes, then it is served")
    func waitsForAFreeSlotWhileEveryConnectionIsBusy() throws {
        var configuration = ServerConfiguration(eventLoopCount: 2)
        configuration.maxConnections = 3
        try withServer(configuration) { _, port in
            let clients = try (0..<3).map { _ in try RawClient(port: port) }
            for (index, client) in clients.enumerated() {
                client.send("GET /\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(client.readResponse()?.body == "GET /\(index)")
                // Half a request: the connection is busy, not idle, so none may be closed for a newcomer.
                client.send("GET /later HTTP/1.1\r\n")
            }
            // Time for the server to read those halves: a connection whose request it has not seen yet
            // is idle to it, and may be closed as any keep-alive connection may (RFC 9112 §9.3.1).
            usleep(100_000)

            // The kernel completes the handshake (the backlog), but the server does not accept.
            let fourth = try RawClient(port: port, readTimeout: 1)
            fourth.send("GET /fourth HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(fourth.readResponse() == nil)

            clients[0].reset()
            fourth.setReadTimeout(5)
            #expect(fourth.readResponse()?.body == "GET /fourth")
            // The open connections are still served, their requests finished.
            clients[1].send("Host: t\r\n\r\n")
            #expect(clients[1].readResponse()?.body == "GET /later")
        }
    }

    @Test("at maxConnections, a busy connection that goes idle is closed for a client waiting in the backlog")
    func aConnectionThatGoesIdleMakesWayForOneWaiting() throws {
        var configuration = ServerConfiguration(eventLoopCount: 2)
        configuration.maxConnections = 2
        try withServer(configuration) { _, port in
            let clients = try (0..<2).map { _ in try RawClient(port: port) }
            for client in clients { client.send("GET /partial HTTP/1.1\r\n") }
            usleep(100_000)  // for the server to read them (see above)
            let third = try RawClient(port: port, readTimeout: 1)
            third.send("GET /third HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(third.readResponse() == nil)
            // The first finishes its request: once answered it is idle, and makes way.
            clients[0].send("Host: t\r\n\r\n")
            #expect(clients[0].readResponse()?.body == "GET /partial")
            third.setReadTimeout(5)
            #expect(third.readResponse()?.body == "GET /third")
            #expect(clients[0].isClosedByServer())
        }
    }

    /// Idle keep-alive connections from many addresses, each under its per-client cap, fill the
    /// global limit: a new client, and the load balancer's health check, still get an answer at once,
    /// and the connection given up is the one idle the longest (issue 24).
    @Test func idleKeepAliveConnectionsFromManyAddressesNeverKeepANewClientOut() throws {
        var configuration = ServerConfiguration(eventLoopCount: 2)
        configuration.maxConnections = 12
        configuration.maxConnectionsPerClient = 4
        try withServer(configuration) { _, port in
            var idle: [RawClient] = []
            for index in 0..<12 {
                let client = try RawClient(port: port, readTimeout: 5, from: "127.0.0.\(2 + index / 4)")
                client.send("GET /\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(client.readResponse()?.body == "GET /\(index)")
                idle.append(client)
                usleep(5_000)  // distinct idle times, the first idle the longest
            }
            // Used again: no longer the one idle the longest (the second is).
            idle[0].send("GET /again HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(idle[0].readResponse()?.body == "GET /again")

            let started = DispatchTime.now()
            let newcomer = try RawClient(port: port, readTimeout: 2, from: "127.0.0.20")
            newcomer.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(newcomer.readResponse()?.body == "GET /healthz")
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            #expect(elapsed < 1, "answered at once, not after a connection timed out (\(elapsed) s)")
            #expect(idle[1].isClosedByServer(), "the connection idle the longest made way")

            // And one more: the next oldest makes way; every other connection is still served.
            let another = try RawClient(port: port, readTimeout: 2, from: "127.0.0.1")
            another.send("GET /another HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(another.readResponse()?.body == "GET /another")
            #expect(idle[2].isClosedByServer())
            for (index, client) in idle.enumerated() where index > 2 || index == 0 {
                client.send("GET /still HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(client.readResponse()?.body == "GET /still", "connection \(index)")
            }
        }
    }
}
