import Foundation
import Glibc

/// A response as read off the wire.
struct WireResponse {
    var status: Int
    var fields: [(String, String)]
    var body: [UInt8]

    func field(_ name: String) -> String? { fields.first { $0.0.lowercased() == name.lowercased() }?.1 }
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking TCP client on loopback that writes raw bytes and parses responses itself, so tests
/// see exactly what the server sent (keep-alive, pipelining, HEAD framing, closes).
final class RawClient {
    let socket: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else { throw ServerError("connect failed: errno \(errno)") }
    }

    private var isClosed = false

    deinit { close() }

    /// Closes the connection now (a FIN, not a reset).
    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(socket)
    }

    /// How long a read waits before it fails, in seconds (10 unless set).
    func setReadTimeout(_ seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw ServerError("send failed: errno \(errno)") }
            offset += sent
        }
    }

    /// Reads one response; `forHead` means no body follows whatever Content-Length says.
    func readResponse(forHead: Bool = false) throws -> WireResponse {
        let headEnd = try readUntil(Array("\r\n\r\n".utf8))
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw ServerError("bad status line \(head)")
        }
        let fields = lines.map { line -> (String, String) in
            let colon = line.firstIndex(of: ":")!
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = WireResponse(status: status, fields: fields, body: [])
        if !forHead, let length = response.field("Content-Length").flatMap(Int.init) {
            while buffer.count < length { guard try fill() else { throw ServerError("closed mid-body") } }
            response.body = Array(buffer[..<length])
            buffer.removeFirst(length)
        }
        return response
    }

    /// Whether the server closed the connection (reads EOF within the receive timeout).
    func isClosedByServer() -> Bool {
        (try? fill()) == false
    }

    private func readUntil(_ marker: [UInt8]) throws -> Int {
        while true {
            if buffer.count >= marker.count {
                for start in 0...(buffer.count - marker.count)
                where Array(buffer[start..<(start + marker.count)]) == marker {
                    return start
                }
            }
            guard try fill() else { throw ServerError("connection closed before a complete response") }
        }
    }

    /// Reads more bytes; false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress!, $0.count, 0) }
        if count < 0 { throw ServerError("recv failed: errno \(errno)") }
        if count == 0 { return false }
        buffer += chunk[..<count]
        return true
    }
}

/// `GET target` on a new connection with `Connection: close`.
func fetch(_ port: Int, _ target: String, method: String = "GET") throws -> WireResponse {
    let client = try RawClient(port: port)
    try client.send("\(method) \(target) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
    return try client.readResponse(forHead: method == "HEAD")
}

/// HTML escaping as the templates apply it (`& < > " '`).
func htmlEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        .replacingOccurrences(of: "'", with: "&#39;")
}
