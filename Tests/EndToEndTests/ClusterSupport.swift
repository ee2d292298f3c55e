import Foundation
import Glibc
import Synchronization
import TestPostgres
import TestSupport

/// Runs a repository script (`script/NAME`) to completion.
///
/// `posix_spawn` and `waitpid`, not Foundation's `Process`: `script/postgres start` leaves a server
/// running that it started, and `Process.waitUntilExit` was seen to wait on past the script's exit
/// (the script a zombie nobody reaped) when it did.
/// - Returns: its standard output, trimmed.
/// - Throws: `ServerError` with its standard error when it cannot start or exits other than 0.
@discardableResult
func runScript(_ name: String, _ arguments: [String]) throws -> String {
    let path = packageRoot + "/script/" + name
    let outputFile = NSTemporaryDirectory() + "atlas-script-\(UUID().uuidString)"
    defer {
        unlink(outputFile)
        unlink(outputFile + ".err")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, outputFile + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
    guard spawned == 0 else { throw ServerError("script/\(name) did not start: \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let text = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
    let errorText = (try? String(contentsOfFile: outputFile + ".err", encoding: .utf8)) ?? ""
    // WIFEXITED and WEXITSTATUS, which Glibc does not export to Swift.
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
        throw ServerError("script/\(name) failed: \(errorText)")
    }
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// A free TCP port on loopback (bound and released: good enough for a test's next listen).
func freePort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            bind(fd, pointer, length)
            return getsockname(fd, pointer, &length)
        }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Whether something accepts connections on 127.0.0.1:`port`.
func isListening(_ port: Int) -> Bool {
    (try? RawClient(port: port)) != nil
}

/// A PostgreSQL server of the test's own (`script/postgres`, fsync off), for the tests that stop and
/// start it; removed when released.
final class PostgresServer: @unchecked Sendable {
    let directory = NSTemporaryDirectory() + "atlas-pg-\(UUID().uuidString)"
    /// The URI of its `postgres` database, password included.
    let serverURI: String

    init() throws {
        serverURI = try runScript("postgres", ["start", directory, "--fast"])
    }

    /// A URI of database `name` on this server, without the password (given by `environment`).
    func uri(database name: String) -> String {
        TestPostgres.uri(serverURI, database: name)
    }

    func createDatabase(_ name: String) throws {
        try TestPostgres.execute("CREATE DATABASE \(name)", on: serverURI)
    }

    /// Stops the server (`pg_ctl stop -m fast`: connections are cut, as when it goes down).
    func stop() throws { try runScript("postgres", ["stop", directory]) }

    /// Starts it again on the same port.
    func start() throws { try runScript("postgres", ["start", directory, "--fast"]) }

    deinit {
        try? stop()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// nginx in front of app processes, with the repository's `deploy/nginx.conf` (rendered by
/// `script/nginx-config`), in the foreground as a child process; stopped when released.
final class NginxProcess: @unchecked Sendable {
    let directory = NSTemporaryDirectory() + "atlas-nginx-\(UUID().uuidString)"
    let port = freePort()
    private let process = Process()

    init(upstreamPorts: [Int]) throws {
        try FileManager.default.createDirectory(atPath: directory + "/temp", withIntermediateDirectories: true)
        let configuration = try runScript(
            "nginx-config", [String(port)] + upstreamPorts.map { "127.0.0.1:\($0)" })
        try configuration.write(toFile: directory + "/nginx.conf", atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: TestService.nginxPath)
        process.arguments = ["-p", directory, "-c", directory + "/nginx.conf", "-g", "daemon off;"]
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        guard waitUntil(deadline: .seconds(10), { isListening(port) }) else { throw ServerError("nginx did not start") }
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// A server on the database `uri` of the PostgreSQL server `serverURI`, through a `DelayingProxy`
/// of `delay` seconds; the shipped data is imported first, at full speed, by a server started and
/// stopped without the proxy. The proxy must be kept as long as the server runs.
func serverBehindProxy(database uri: String, server serverURI: String, delay: Double) throws -> (
    app: ServerProcess, proxy: DelayingProxy
) {
    try ServerProcess(database: uri).stop()
    guard let port = Int(serverURI.split(separator: ":").last?.split(separator: "/").first ?? "") else {
        throw ServerError("no port in \(serverURI)")
    }
    let proxy = try DelayingProxy(to: port, delay: delay)
    let app = try ServerProcess(database: uri.replacingOccurrences(of: ":\(port)/", with: ":\(proxy.port)/"))
    return (app, proxy)
}

/// A TCP proxy that holds every chunk the client sends for `delay` seconds before passing it on: in
/// front of PostgreSQL, every round trip takes that much longer, as a database far away would. While
/// `isFrozen`, it passes nothing on in either direction and closes nothing: a server that stopped
/// answering (`SIGSTOP`, a stalled machine) without a reset.
final class DelayingProxy: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let target: Int
    private let delay: Double
    private let stopped = Atomic<Bool>(false)
    private let frozen = Flag()
    private let held = Count()

    /// Whether the proxy holds everything back.
    var isFrozen: Bool {
        get { frozen.value.load(ordering: .relaxed) }
        set { frozen.value.store(newValue, ordering: .relaxed) }
    }

    /// How many chunks the clients sent are being held back right now: above one, more than one
    /// connection is waiting for the server (the watcher's reads are one at a time).
    var heldChunks: Int { held.value.load(ordering: .relaxed) }

    private final class Count: Sendable {
        let value = Atomic<Int>(0)
    }

    private final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }

    init(to target: Int, delay: Double) throws {
        self.target = target
        self.delay = delay
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var enabled: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &enabled, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 128) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else { throw ServerError("proxy: cannot listen (errno \(errno))") }
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit {
        stopped.store(true, ordering: .relaxed)
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while !stopped.load(ordering: .relaxed) {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(target).bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            guard connected else {
                close(client)
                close(server)
                continue
            }
            let delay = delay
            let finished = Pair(client, server)
            let (frozen, held) = (frozen, held)
            Thread { Self.pump(from: client, to: server, delay: delay, frozen, held, finished) }.start()
            Thread { Self.pump(from: server, to: client, delay: 0, frozen, nil, finished) }.start()
        }
    }

    /// The two descriptors of one proxied connection, closed by whichever direction finishes last.
    private final class Pair: Sendable {
        let first: Int32
        let second: Int32
        let open = Atomic<Int>(2)
        init(_ first: Int32, _ second: Int32) {
            self.first = first
            self.second = second
        }
        func finishOne() {
            if open.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
                close(first)
                close(second)
            }
        }
    }

    private static func pump(
        from source: Int32, to destination: Int32, delay: Double, _ frozen: Flag, _ held: Count?, _ pair: Pair
    ) {
        defer { pair.finishOne() }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            held?.value.add(1, ordering: .relaxed)
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            while frozen.value.load(ordering: .relaxed) { usleep(10_000) }
            held?.value.subtract(1, ordering: .relaxed)
            var offset = 0
            while offset < count {
                let sent = buffer.withUnsafeBytes {
                    send(destination, $0.baseAddress! + offset, count - offset, Int32(MSG_NOSIGNAL))
                }
                guard sent > 0 else { break }
                offset += sent
            }
        }
        shutdown(destination, Int32(SHUT_WR))
        shutdown(source, Int32(SHUT_RD))
    }
}

/// Sends `SIGSTOP` to `pid` and returns once every one of its threads is stopped (state `T` in
/// `/proc/PID/task/TID/stat`), so what the test sends next meets a hung process, not one still
/// finishing a request. Throws when that takes more than 5 s.
func stopProcess(_ pid: Int32) throws {
    kill(pid, SIGSTOP)
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        let states = tasks.compactMap { task -> Character? in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            // `PID (COMMAND) STATE …`: the command may hold spaces and parentheses, so from the last `)`.
            return stat[stat.index(after: close)...].first { $0 != " " }
        }
        if !states.isEmpty && states.allSatisfy({ $0 == "T" || $0 == "t" }) { return }
        usleep(1_000)
    }
    throw ServerError("process \(pid) did not stop within 5 s of SIGSTOP")
}
