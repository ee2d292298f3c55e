import Foundation
import Glibc
import Synchronization
import TestPostgres
import TestSupport
import Testing

/// Faults a site meets in production, each on real processes (issue 24): a process that dies is
/// started again, one started before its database waits for it, a hung process costs a GET a few
/// seconds and no form is answered 504 and applied later.
@Suite(.serialized)
struct FaultTests {
    /// The port of a `postgresql://…@127.0.0.1:PORT/…` URI.
    static func port(of uri: String) throws -> Int {
        guard let port = Int(uri.split(separator: ":").last?.split(separator: "/").first ?? "") else {
            throw ServerError("no port in \(uri)")
        }
        return port
    }

    /// Runs `deploy/postgres-init/10-atlas-role.sh`, as the postgres image's entrypoint does, against
    /// `server`: the role `atlas` with the password in `passwordFile`, and its database.
    static func runRoleScript(on server: PostgresServer, passwordFile: String) throws {
        let (_, superuserPassword) = splitPassword(server.serverURI)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [packageRoot + "/deploy/postgres-init/10-atlas-role.sh"]
        process.environment = childEnvironment.merging([
            "PGHOST": "127.0.0.1", "PGPORT": String(try port(of: server.serverURI)), "PGPASSWORD": superuserPassword,
            "POSTGRES_USER": "postgres", "ATLAS_PASSWORD_FILE": passwordFile,
        ]) { $1 }
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ServerError("the role script failed: \(text)") }
    }

    /// Compose's start with no order: the app (as the role the compose file's init script makes, its
    /// password from a file) starts while PostgreSQL is down, says it waits, and serves once it is up.
    @Test(.enabled(if: TestService.shouldRun(.postgreSQL), "needs a PostgreSQL install (script/postgres)"))
    func aProcessStartedBeforePostgreSQLWaitsForItThenServesAsTheAppsOwnRole() throws {
        try TestService.require(.postgreSQL)
        let server = try PostgresServer()
        let directory = NSTemporaryDirectory() + "atlas-role-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let password = "role-\(UUID().uuidString)"
        let passwordFile = directory + "/atlas_db_password"
        try (password + "\n").write(toFile: passwordFile, atomically: true, encoding: .utf8)
        try Self.runRoleScript(on: server, passwordFile: passwordFile)
        let port = try Self.port(of: server.serverURI)
        let rights = try TestPostgres.query(
            "SELECT rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = current_user",
            on: "postgresql://atlas:\(password)@127.0.0.1:\(port)/atlas")
        #expect(rights == [["f", "f", "f"]], "the app's role has no rights beyond its database")

        try server.stop()
        let started = Atomic<Bool>(false)
        let starter = Thread {
            Thread.sleep(forTimeInterval: 1.5)
            started.store((try? server.start()) != nil, ordering: .relaxed)
        }
        starter.start()
        // Blocks until the app prints "listening on": only once the database answered.
        let app = try ServerProcess(
            arguments: ["--database-password-file", passwordFile, "--database-wait", "30"],
            environment: ["PGPASSWORD": "not-this-one"],
            database: "postgresql://atlas@127.0.0.1:\(port)/atlas")
        #expect(waitUntil(deadline: .seconds(10)) { started.load(ordering: .relaxed) })
        #expect(
            waitUntil(deadline: .seconds(5)) { app.errorOutput.contains("the database answered after") },
            Comment(rawValue: app.errorOutput))
        let waiting = app.errorOutput.split(separator: "\n").filter { $0.contains("waiting up to 30 s") }
        #expect(waiting.count == 1, "one line says it waits: \(app.errorOutput)")
        #expect(!app.errorOutput.contains(password))
        #expect(try fetch(app.port, "/healthz").text.contains("\"ok\""))
        let visitor = WireVisitor(port: app.port)
        #expect(try visitor.submitEditor("done", numberedSubmission(1, 1)).status == 303)
        #expect(try visitor.get("/profile").profileName == "v1-1")
    }

    /// Past `--database-wait`, the start gives up: one line, exit 1.
    @Test func aDatabaseThatNeverComesIsOneLineAndExit1AfterTheWait() throws {
        let started = Date()
        let result = try runCLI([
            "serve", "--port", "0", "--database", "postgresql://atlas@127.0.0.1:\(freePort())/atlas",
            "--database-wait", "1",
        ])
        #expect(result.status == 1)
        let lines = result.errors.split(separator: "\n")
        #expect(lines.count == 2, "the waiting line and the error: \(result.errors)")
        #expect(lines.last?.hasPrefix("covid-atlas: ") == true)
        #expect(lines.last?.contains("(waited 1 s, the --database-wait limit)") == true, "\(result.errors)")
        #expect(Date().timeIntervalSince(started) < 10)
    }

    /// A process stopped for longer than the 10 s header-read timeout, with a client that connected and
    /// sent its request meanwhile (waiting in the backlog): woken, it answers that request rather than
    /// taking the new connection for one silent since before the stop and resetting it (nginx's 502 for
    /// the Dones it held).
    @Test func aRequestThatArrivedWhileTheProcessWasStoppedIsAnsweredWhenItWakes() throws {
        let app = try ServerProcess()
        #expect(try fetch(app.port, "/healthz").status == 200)
        try stopProcess(app.pid)
        let client = try RawClient(port: app.port)
        client.setReadTimeout(20)
        try client.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        Thread.sleep(forTimeInterval: 11)
        kill(app.pid, SIGCONT)
        #expect(try client.readResponse().status == 200)
    }

    /// script/cluster runs each process under script/supervise: one killed is started again, with a
    /// line for the exit and one for the restart, and the supervisor's SIGTERM stops it for good.
    @Test func aKilledProcessIsStartedAgainBySupervise() throws {
        let directory = NSTemporaryDirectory() + "atlas-supervise-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(
            atPath: try ServerProcess.shippedDatabase.get(), toPath: directory + "/atlas.sqlite")
        let port = freePort()
        let log = directory + "/app.log"
        let supervisor = try CleanSpawn(
            packageRoot + "/script/supervise",
            [
                "--log", log, "app1", binaryPath, "serve", "--port", String(port), "--database",
                directory + "/atlas.sqlite",
            ])
        defer { supervisor.stop() }
        let logText = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        try #require(waitUntil(deadline: .seconds(20)) { isListening(port) }, Comment(rawValue: logText()))
        let children = try String(
            contentsOfFile: "/proc/\(supervisor.pid)/task/\(supervisor.pid)/children", encoding: .utf8)
        let child = try #require(children.split(separator: " ").first.flatMap { Int32($0) })

        kill(child, SIGKILL)
        #expect(
            waitUntil(deadline: .seconds(10)) { logText().contains("restarted (pid ") && isListening(port) },
            Comment(rawValue: logText()))
        let lines = logText().split(separator: "\n").filter { $0.hasPrefix("supervise: ") }
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.contains("app1 (pid \(child)) killed by SIGKILL after ") == true, "\(lines)")
        #expect(lines.first?.hasSuffix("restarting in 1 s") == true, "\(lines)")
        #expect(try fetch(port, "/healthz").status == 200)

        supervisor.kill(SIGTERM)
        #expect(supervisor.waitForExit() == 0)
        #expect(!isListening(port), "the process stops with its supervisor")
    }

    /// What would only fail again is not restarted: bad arguments (64), a configuration error (78: a
    /// folder that is not there), a command that cannot be run (126) or does not exist (127) end the
    /// supervision with that status and one line saying why.
    @Test(arguments: [
        ([binaryPath, "serve", "--tile-url", "not a url"], 64, "bad arguments"),
        ([binaryPath, "serve", "--views", "/nonexistent-views"], 78, "a configuration error"),
        ([binaryPath, "serve", "--no-such-option"], 64, "bad arguments"),
        (["/nonexistent/covid-atlas", "serve"], 127, "no such command"),
        ([packageRoot + "/README.md"], 126, "the command cannot be run"),
    ])
    func whatWouldOnlyFailAgainIsNotRestarted(_ command: [String], _ status: Int32, _ reason: String) throws {
        let log = NSTemporaryDirectory() + "atlas-supervise-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let supervisor = try CleanSpawn(packageRoot + "/script/supervise", ["--log", log, "app1"] + command)
        defer { supervisor.stop() }
        #expect(supervisor.waitForExit() == status)
        let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { $0.hasPrefix("supervise: ") }
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasSuffix("\(reason), not restarting") == true, "\(lines)")
    }
}

/// A program started as a shell would start it, from the repository root: posix_spawn with every
/// signal unblocked and at its default (the test process blocks most, and a shell script cannot
/// unblock what it inherits, so its `trap … TERM` would never run).
final class CleanSpawn {
    let pid: pid_t
    private var exited = false

    init(_ path: String, _ arguments: [String]) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // sh changes to the repository root, then becomes the program (same pid).
        let argv =
            (["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", packageRoot, path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = childEnvironment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { environment.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environment)
        guard result == 0 else { throw ServerError("\(path) did not start: \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    func kill(_ signal: Int32) {
        guard !exited else { return }
        Glibc.kill(pid, signal)
    }

    /// SIGTERM, then waits for the exit (unless it exited already).
    func stop() {
        guard !exited else { return }
        kill(SIGTERM)
        _ = waitForExit()
    }

    /// Waits for the exit; its status, or 128 + the signal that ended it.
    func waitForExit() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        exited = true
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
    }
}

/// A process that hangs (SIGSTOP) behind real nginx (`deploy/nginx.conf`), on real PostgreSQL.
@Suite(
    .serialized,
    .enabled(if: TestService.shouldRun(.postgreSQL, .nginx), "needs the throwaway PostgreSQL of script/test and nginx"))
struct HungProcessTests {
    init() throws { try TestService.require(.postgreSQL, .nginx) }

    /// A database a first start filled with the shipped data, made once and copied by each test (an
    /// import per test would be most of its time). Dropped with the test server.
    static let shipped = Result<String, any Error> {
        let uri = try TestPostgres.createDatabase()
        try ServerProcess(database: uri).stop()
        return uri
    }

    /// A new database holding the shipped data.
    static func database() throws -> String {
        try TestPostgres.createDatabase(copying: shipped.get())
    }

    /// Seconds `body` took.
    static func timed<Value>(_ body: () throws -> Value) rethrows -> (Value, Double) {
        let start = Date()
        let value = try body()
        return (value, Date().timeIntervalSince(start))
    }

    @Test func aStoppedProcessCostsAGetItsReadTimeoutOnceAndTheGetSucceedsOnAnother() throws {
        let uri = try Self.database()
        defer { TestPostgres.dropDatabase(uri) }
        let a = try ServerProcess(arguments: behindNginx, database: uri)
        let b = try ServerProcess(arguments: behindNginx, database: uri)
        let nginx = try NginxProcess(upstreamPorts: [a.port, b.port])
        // nginx holds kept-alive connections to both.
        for _ in 0..<4 { #expect(try fetch(nginx.port, "/countries/kr").status == 200) }

        try stopProcess(a.pid)
        defer { kill(a.pid, SIGCONT) }
        var durations: [Double] = []
        for _ in 0..<6 {
            let (response, seconds) = try Self.timed { try fetch(nginx.port, "/countries/kr") }
            #expect(response.status == 200)
            durations.append(seconds)
        }
        // At most one GET waits out the read timeout (6 s); then nginx skips the process (max_fails=1).
        #expect(durations.max() ?? 0 < 8, "\(durations)")
        #expect(durations.filter { $0 > 1 }.count <= 1, "\(durations)")
    }

    /// A Done that reaches a stopped process: when it wakes within --max-form-age it applies the Done
    /// and nginx passes on its 303; when it wakes later it refuses it (503, "not applied") while nginx
    /// still waits, so nothing is answered 504 and applied afterwards.
    @Test func aDoneToAStoppedProcessIsAnsweredByItAndNeverApplied504() throws {
        let uri = try Self.database()
        defer { TestPostgres.dropDatabase(uri) }
        let app = try ServerProcess(arguments: behindNginx + ["--max-form-age", "2"], database: uri)
        // Only this process behind nginx: the form has nowhere else to go.
        let nginx = try NginxProcess(upstreamPorts: [app.port])
        let visitor = WireVisitor(port: nginx.port)
        #expect(try visitor.submitEditor("done", numberedSubmission(7, 1)).status == 303)

        func doneWhileStopped(_ n: Int, stoppedFor seconds: Double) throws -> WireResponse {
            let editor = try visitor.get("/profile/edit")
            let pairs = [
                ("csrf_token", editor.inputValue("csrf_token") ?? ""), ("version", editor.inputValue("version") ?? ""),
                ("action", "done"),
            ]
            try stopProcess(app.pid)
            // The stop is timed from when the form has gone out, as nginx stamps it: on a loaded
            // machine the test's own send can lag the `SIGSTOP` by a second.
            return try visitor.post("/profile/edit", pairs + numberedSubmission(7, n)) {
                Thread {
                    Thread.sleep(forTimeInterval: seconds)
                    kill(app.pid, SIGCONT)
                }
                .start()
            }
        }

        let (applied, shortStop) = try HungProcessTests.timed { try doneWhileStopped(2, stoppedFor: 1) }
        #expect(applied.status == 303, "\(applied.status) \(applied.text)")
        #expect(shortStop >= 1, "answered \(applied.status) after \(shortStop) s while stopped for 1 s")
        #expect(try visitor.get("/profile").profileName == "v7-2")

        let refused = try doneWhileStopped(3, stoppedFor: 4.5)
        #expect(refused.status == 503, "\(refused.status)")
        #expect(refused.text.contains("not applied"))
        #expect(try visitor.get("/profile").profileName == "v7-2", "the refused Done changed nothing")
        #expect(try visitor.submitEditor("done", numberedSubmission(7, 4)).status == 303)
        #expect(try visitor.get("/profile").profileName == "v7-4")
    }
}
