import Glibc
import HTTPCore
import Synchronization
import TestSupport
import Testing

@testable import HTTPServer

/// Answers every request with `size` bytes that start with the request's path and a space.
struct LargeResponder: Responder {
    let size: Int

    func respond(to request: Request) -> Response {
        var body = Array("\(request.target.path) ".utf8)
        body.append(contentsOf: repeatElement(UInt8(ascii: "x"), count: size - body.count))
        return Response(status: .ok, body: body)
    }
}

struct OutputLimitTests {
    @Test("a client pipelining large responses without reading holds at most the limit plus one response")
    func boundedWhileNotReading() throws {
        let responseSize = 256 * 1024
        let limit = 512 * 1024
        let requestCount = 40
        let largestBuffer = Mutex(0)
        var configuration = ServerConfiguration(eventLoopCount: 1)
        configuration.maxBufferedResponseBytes = limit
        let server = Server(
            configuration: configuration, responder: LargeResponder(size: responseSize),
            outputObserver: { bytes in largestBuffer.withLock { $0 = max($0, bytes) } })
        let port = try server.start()
        defer {
            server.shutdown()
            server.waitUntilStopped()
        }
        let client = try RawClient(port: port)
        client.send((1...requestCount).map { "GET /\($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
        // Wait, reading nothing, until the server has run ahead to the limit.
        #expect(waitUntil(deadline: .seconds(30)) { largestBuffer.withLock { $0 } >= limit })

        for index in 1...requestCount {
            let response = client.readResponse()
            #expect(response?.bodyBytes.count == responseSize)
            #expect(response?.body.hasPrefix("/\(index) ") == true, "response \(index) out of order")
        }
        let largest = largestBuffer.withLock { $0 }
        // The server ran ahead up to the limit while the client read nothing, but not past it by
        // more than the response that crossed it.
        #expect(largest >= limit)
        #expect(largest <= limit + responseSize)
    }

    @Test("the default output limit is 1 MiB and the default connection limit 10 000")
    func defaults() {
        let configuration = ServerConfiguration()
        #expect(configuration.maxBufferedResponseBytes == 1_048_576)
        #expect(configuration.maxConnections == 10_000)
    }
}
