import Foundation
import Glibc

/// A scripted HTTP upstream on a real loopback socket (port 0) for tests of the libcurl client: each
/// connection reads one request head and answers as `reply` says, including the ways real upstreams
/// fail (a stall before or after the header section, a reset mid-body, a wrong status or type).
public final class StubUpstream: @unchecked Sendable {
    /// One request as received: the request target and the field lines, names lower-cased.
    public struct Received: Sendable {
        /// The request target, e.g. `/v3/covid-19/countries`.
        public let target: String
        /// Field values by lower-cased name.
        public let fields: [String: String]
    }

    /// What to do with one connection.
    public enum Reply: Sendable {
        /// Send these bytes, then close normally.
        case send([UInt8])
        /// Send these bytes (possibly none), then keep the connection open without a byte more for
        /// `seconds`: an upstream that accepts and never replies, or stalls after its header section.
        case sendThenStall([UInt8], seconds: Double)
        /// Send these bytes, then reset the connection (`SO_LINGER` 0): a reset mid-body.
        case sendThenReset([UInt8])
        /// Send these bytes, then one byte (a space) every `interval` seconds, `count` times, then
        /// close: an upstream that trickles.
        case sendThenTrickle([UInt8], interval: Double, count: Int)
        /// Send these bytes (possibly none), then hold the connection open without a byte more until
        /// the gate opens, then close it: a stall that lasts exactly as long as the test wants.
        case sendThenHold([UInt8], until: Gate)
    }

    /// A latch a test opens once; every connection held on it closes then.
    public final class Gate: @unchecked Sendable {
        private let condition = NSCondition()
        private var isOpen = false

        public init() {}

        /// Opens the gate: every held connection is closed.
        public func open() {
            condition.lock()
            isOpen = true
            condition.broadcast()
            condition.unlock()
        }

        func wait() {
            condition.lock()
            while !isOpen { condition.wait() }
            condition.unlock()
        }
    }

    /// How many connections are being held on a gate right now.
    public var heldConnections: Int { lock.withLock { held } }

    /// The base URL, e.g. `http://127.0.0.1:41234`.
    public let baseURL: String
    private let listener: Int32
    private let reply: @Sendable (Received) -> Reply
    private let lock = NSLock()
    private var log: [Received] = []
    private var closed = false
    private var held = 0

    /// Starts listening on 127.0.0.1, port 0.
    /// - Parameter reply: chooses the reply for each request (called on the connection's thread).
    public init(reply: @escaping @Sendable (Received) -> Reply) throws {
        self.reply = reply
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        guard bound == 0, listen(listener, 64) == 0 else { throw StubError("cannot listen: errno \(errno)") }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        baseURL = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Every request received so far, oldest first.
    public var requests: [Received] { lock.withLock { log } }

    /// Stops accepting; open connections end on their own schedule.
    public func close() {
        lock.withLock { closed = true }
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
    }

    deinit { close() }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if lock.withLock({ closed }) { return }
                if errno == EINTR { continue }
                return
            }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while !head.ends(with: end) && head.count < 65_536 {
            let count = read(connection, &buffer, 1)
            if count <= 0 { break }
            head.append(buffer[0])
        }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let target = lines.first?.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let received = Received(target: target, fields: fields)
        lock.withLock { log.append(received) }
        switch reply(received) {
        case .send(let bytes):
            writeAll(connection, bytes)
            Glibc.close(connection)
        case .sendThenStall(let bytes, let seconds):
            writeAll(connection, bytes)
            Thread.sleep(forTimeInterval: seconds)
            Glibc.close(connection)
        case .sendThenHold(let bytes, let gate):
            writeAll(connection, bytes)
            lock.withLock { held += 1 }
            gate.wait()
            lock.withLock { held -= 1 }
            Glibc.close(connection)
        case .sendThenTrickle(let bytes, let interval, let count):
            writeAll(connection, bytes)
            for _ in 0..<count {
                Thread.sleep(forTimeInterval: interval)
                if send(connection, " ", 1, Int32(MSG_NOSIGNAL)) != 1 { break }
            }
            Glibc.close(connection)
        case .sendThenReset(let bytes):
            writeAll(connection, bytes)
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            Glibc.close(connection)
        }
    }

    private func writeAll(_ connection: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written <= 0 { return }
            offset += written
        }
    }

    /// A whole HTTP/1.1 response: status line, the given fields, `Content-Length` (unless `fields` has
    /// one or `contentLength` is `false`), `Connection: close`, and the body.
    public static func response(
        status: Int, reason: String = "", fields: [(String, String)] = [], body: [UInt8] = [],
        contentLength: Bool = true
    ) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(reason.isEmpty ? "Status" : reason)\r\n"
        for (name, value) in fields { head += "\(name): \(value)\r\n" }
        if contentLength && !fields.contains(where: { $0.0.lowercased() == "content-length" }) {
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "Connection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// A `200` JSON response with `body`.
    public static func json(_ body: [UInt8], fields: [(String, String)] = []) -> [UInt8] {
        response(
            status: 200, reason: "OK", fields: [("Content-Type", "application/json; charset=utf-8")] + fields,
            body: body)
    }
}

/// A failure to set the stub up.
public struct StubError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
    init(_ description: String) { self.description = description }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}

extension StubUpstream {
    /// The shipped history (`data/disease-sh/historical.json.gz` under `packageRoot`), as disease.sh
    /// answers `/v3/covid-19/historical?lastdays=all`: JSON sent gzip-encoded (libcurl decodes it), with
    /// `fields` added (an `ETag`, say). A missing file stops the run: no test may pass on an empty body.
    public static func shippedHistory(packageRoot: String, fields: [(String, String)] = []) -> [UInt8] {
        let path = packageRoot + "/data/disease-sh/historical.json.gz"
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else {
            fatalError("the shipped history \(path) is missing")
        }
        return json([UInt8](data), fields: [("Content-Encoding", "gzip")] + fields)
    }

    /// Whether `request` asks for the history (`/v3/covid-19/historical…`).
    public static func asksForHistory(_ request: Received) -> Bool { request.target.contains("/historical") }
}

extension StubUpstream {
    /// The shipped `data/owid/vaccinations.csv` under `packageRoot`, as its bytes. A missing file stops
    /// the run: no test may pass on an empty body.
    public static func shippedVaccinationsFile(packageRoot: String) -> [UInt8] {
        let path = packageRoot + "/data/owid/vaccinations.csv"
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else {
            fatalError("the shipped vaccinations \(path) is missing")
        }
        return [UInt8](data)
    }

    /// A `200` CSV response (`text/csv; charset=utf-8`, as Our World in Data serves the file) with `fields`.
    public static func csv(_ body: [UInt8], fields: [(String, String)] = []) -> [UInt8] {
        response(status: 200, reason: "OK", fields: [("Content-Type", "text/csv; charset=utf-8")] + fields, body: body)
    }

    /// The path the tests serve the vaccinations file at.
    public static let vaccinationsPath = "/owid/vaccinations.csv"

    /// Whether `request` asks for the vaccinations file (`vaccinationsPath`).
    public static func asksForVaccinations(_ request: Received) -> Bool { request.target == vaccinationsPath }
}
