import Dispatch
import Foundation
import Glibc
import HTTPCore
import HTTPServer
import Testing

/// A response as a test client read it off the wire.
struct WireResponse {
    var statusCode: Int
    var fields: [(name: String, value: String)]
    var bodyBytes: [UInt8]
    /// The status line's protocol version, e.g. `HTTP/1.1`.
    var version = ""
    var body: String { String(decoding: bodyBytes, as: UTF8.self) }

    func field(_ name: String) -> String? {
        fields.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// A blocking loopback TCP client that speaks raw bytes, so tests control exactly what is sent.
final class RawClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port` from `source` (another loopback address, such as 127.0.0.2, is
    /// another client to the server); reads give up after `readTimeout` seconds.
    init(
        port: Int, readTimeout: Int = 5, from source: String = "127.0.0.1",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: readTimeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if bound != 0 {
            let error = errno
            close(fd)
            throw SystemError(syscall: "bind", errno: error)
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result != 0 {
            let error = errno
            close(fd)
            throw SystemError(syscall: "connect", errno: error)
        }
    }

    deinit { close(fd) }

    /// Makes later reads give up after `seconds` seconds.
    func setReadTimeout(_ seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Reads more bytes into the buffer; `false` on end of stream, error or timeout.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Reads one response; `forHead` means no body follows whatever Content-Length says.
    func readResponse(forHead: Bool = false) -> WireResponse? {
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            if buffer.count >= 4 {
                for index in 0...(buffer.count - 4) where Array(buffer[index..<index + 4]) == terminator {
                    headEnd = index
                    break
                }
            }
            if headEnd == nil, !fill() { return nil }
        }
        let head = String(decoding: buffer[0..<headEnd!], as: UTF8.self)
        buffer.removeFirst(headEnd! + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let code = Int(statusLine[1]) else { return nil }
        let fields = lines.map { line -> (String, String) in
            let colon = line.firstIndex(of: ":")!
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = WireResponse(statusCode: code, fields: fields, bodyBytes: [], version: String(statusLine[0]))
        let length =
            forHead || code == 204 || code == 304 || code < 200 ? 0 : Int(response.field("Content-Length") ?? "0") ?? 0
        while buffer.count < length {
            if !fill() { return nil }
        }
        response.bodyBytes = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return response
    }

    /// Whether the server closes the connection (end of stream or reset) before `timeout` seconds,
    /// with no further bytes first.
    func isClosedByServer() -> Bool {
        guard buffer.isEmpty else { return false }
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, 0)
        if count == 0 { return true }
        if count < 0 { return errno == ECONNRESET }
        return false
    }

    /// Half-closes: sends a FIN, and can still read.
    func shutdownWrite() {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// Closes with SO_LINGER 0, so the kernel sends a reset instead of a FIN.
    func reset() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        shutdown(fd, Int32(SHUT_RDWR))
    }
}

/// Answers `GET /path` with `METHOD /path`, plus a few special paths.
struct TestResponder: Responder {
    /// Called by `/slow` when it starts; `/slow` then waits for `proceed`.
    let slowStarted: DispatchSemaphore?
    let proceed: DispatchSemaphore?

    init(slowStarted: DispatchSemaphore? = nil, proceed: DispatchSemaphore? = nil) {
        self.slowStarted = slowStarted
        self.proceed = proceed
    }

    /// 4 MiB of a repeating 251-byte pattern (a prime period, so misplaced slices show).
    static let bigBody: [UInt8] = (0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 % 251) }

    /// The parts `/parts` (about 100 bytes) and `/big-parts` (about 1.2 MiB) answer with.
    static func parts(big: Bool) -> [[UInt8]] {
        guard big else {
            return [
                Array("head of the page, ".utf8), [], Array("a fragment".utf8), Array(", the rest of the page".utf8),
            ]
        }
        return [Array(bigBody.prefix(600_000)), [], Array(bigBody.suffix(5)), Array(bigBody.prefix(600_001))]
    }

    func respond(to request: Request) -> Response {
        switch request.target.path {
        case "/echo":
            return Response(status: .ok, fields: [.contentType: "application/octet-stream"], body: request.body)
        case "/slow":
            slowStarted?.signal()
            proceed?.wait()
            return Response(contentType: "text/plain", text: "slow done")
        case "/peer":
            return Response(contentType: "text/plain", text: request.remoteAddress ?? "none")
        case "/big":
            // More than loopback socket buffers hold, so the server must wait for EPOLLOUT.
            return Response(status: .ok, body: TestResponder.bigBody)
        case "/empty":
            return Response(status: .noContent)
        case "/parts", "/big-parts":
            // A body given as parts (one of them empty), small enough to be copied behind the head or,
            // for /big-parts, sent as the responder's own arrays.
            var response = Response(status: .ok, fields: [.contentType: "text/plain"])
            response.bodyParts = TestResponder.parts(big: request.target.path == "/big-parts")
            return response
        default:
            return Response(contentType: "text/plain", text: "\(request.method) \(request.target.path)")
        }
    }
}

/// Starts a server on a free loopback port, runs `body`, then shuts the server down and waits for it.
func withServer(
    _ configuration: ServerConfiguration = ServerConfiguration(eventLoopCount: 2),
    responder: some Responder = TestResponder(),
    _ body: (Server, Int) throws -> Void
) throws {
    let server = Server(configuration: configuration, responder: responder)
    let port = try server.start()
    defer {
        server.shutdown()
        server.waitUntilStopped()
    }
    try body(server, port)
}

/// A one-event-loop server whose `/slow` response waits, so a test can begin a shutdown while that
/// response is in flight.
struct SlowResponseServer {
    let server: Server
    let port: Int
    private let started = DispatchSemaphore(value: 0)
    private let proceed = DispatchSemaphore(value: 0)

    init() throws {
        server = Server(
            configuration: ServerConfiguration(eventLoopCount: 1),
            responder: TestResponder(slowStarted: started, proceed: proceed))
        port = try server.start()
    }

    /// Waits until `/slow` has started, runs `meanwhile` (while the loop is busy answering it), begins
    /// the shutdown, then lets `/slow` finish.
    func shutdownDuringSlowResponse(meanwhile: () -> Void = {}) {
        started.wait()
        meanwhile()
        server.shutdown()
        proceed.signal()
    }
}
