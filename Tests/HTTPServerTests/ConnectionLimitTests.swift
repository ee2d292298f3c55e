import Glibc
import HTTPCore
import HTTPServer
import Testing

struct ConnectionLimitTests {
    @Test("at maxConnections a further connection gets no service until one closes, then it is served")
    func waitsForAFreeSlot() throws {
        var configuration = ServerConfiguration(eventLoopCount: 2)
        configuration.maxConnections = 3
        try withServer(configuration) { _, port in
            let clients = try (0..<3).map { _ in try RawClient(port: port) }
            for (index, client) in clients.enumerated() {
                client.send("GET /\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(client.readResponse()?.body == "GET /\(index)")
            }

            // The kernel completes the handshake (the backlog), but the server does not accept.
            let fourth = try RawClient(port: port, readTimeout: 1)
            fourth.send("GET /fourth HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(fourth.readResponse() == nil)

            clients[0].reset()
            fourth.setReadTimeout(5)
            #expect(fourth.readResponse()?.body == "GET /fourth")
            // The open connections are still served.
            clients[1].send("GET /again HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(clients[1].readResponse()?.body == "GET /again")
        }
    }
}
