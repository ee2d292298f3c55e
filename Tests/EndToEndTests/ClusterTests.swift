import Foundation
import Glibc
import Synchronization
import TestPostgres
import TestSupport
import Testing
import UpstreamStub

/// The serve options of a process behind nginx: the client's address, scheme and host come from
/// nginx's forwarded fields, and nginx limits connections per client (the processes see only nginx).
let behindNginx = ["--trust-forwarded-for", "--trust-forwarded-proto", "--max-connections-per-client", "0"]

/// The password of a test URI, and the URI without it (for `PGPASSWORD`, as script/cluster runs).
func splitPassword(_ uri: String) -> (uri: String, password: String) {
    guard let scheme = uri.range(of: "://"), let at = uri[scheme.upperBound...].firstIndex(of: "@"),
        let colon = uri[scheme.upperBound..<at].firstIndex(of: ":")
    else { return (uri, "") }
    return (
        String(uri[..<colon]) + String(uri[at...]), String(uri[uri.index(after: colon)..<at])
    )
}

/// One visitor's Done, told apart by `n`: every field follows from it, so a profile that mixes two
/// submissions shows. Goal dates stay within the editor's year either side of today.
func numberedSubmission(_ visitor: Int, _ n: Int) -> [(String, String)] {
    let seasons = ["spring", "summer", "autumn", "winter"]
    let day = Date(
        timeIntervalSince1970: (Date().timeIntervalSince1970 / 86_400).rounded(.down) * 86_400 + Double(30 + n % 150)
            * 86_400)
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    var fields = [
        ("username", "v\(visitor)-\(n)"), ("season", seasons[n % 4]), ("goal_date", formatter.string(from: day)),
    ]
    if n % 2 == 0 { fields.append(("notifications", "on")) }
    return fields
}

/// Several real `covid-atlas` processes on one real PostgreSQL, behind real nginx
/// (`deploy/nginx.conf`): any process serves any visitor, one process going away loses nothing it
/// acknowledged, and the database going away is a 503 until it is back.
@Suite(
    .serialized,
    .enabled(if: TestService.shouldRun(.postgreSQL, .nginx), "needs the throwaway PostgreSQL of script/test and nginx"))
struct ClusterTests {
    // Reached with a part missing only when the run requires it: each test fails, naming the part.
    init() throws { try TestService.require(.postgreSQL, .nginx) }

    @Test func twoProcessesBehindNginxShareDraftsStarsAndNewData() throws {
        let uri = try TestPostgres.createDatabase()
        defer { TestPostgres.dropDatabase(uri) }
        let countries = try countriesJSON(changing: "KR") { $0["cases"] = 4_242_424 }
        let history = StubUpstream.shippedHistory(packageRoot: packageRoot)
        let stub = try StubUpstream { request in
            if StubUpstream.asksForHistory(request) { return .send(history) }
            return .send(StubUpstream.json(request.target.hasSuffix("/all") ? shippedAll : countries))
        }
        // Both start together on the new database: one imports the shipped data, the other finds it.
        let started = Mutex<[ServerProcess]>([])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            do {
                let process = try ServerProcess(arguments: behindNginx, database: uri)
                started.withLock { $0.append(process) }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        let processes = started.withLock { $0 }
        try #require(processes.count == 2, "\(failures.withLock { $0 })")
        let (a, b) = (processes[0], processes[1])
        // The import's line comes just after "listening on".
        let importing = { processes.filter { $0.standardOutput.contains("imported the shipped snapshot") }.count }
        _ = waitUntil(deadline: .seconds(5)) { importing() > 0 }
        #expect(
            importing() == 1,
            "exactly one process imports")
        let nginx = try NginxProcess(upstreamPorts: [a.port, b.port])

        // A draft saved through one process and Done through the other.
        let visitor = WireVisitor(port: nginx.port)
        let goal = try #require(try visitor.get("/profile/edit").inputValue("goal_date"))
        let throughA = WireVisitor(port: a.port, cookie: visitor.cookie)
        let throughB = WireVisitor(port: b.port, cookie: visitor.cookie)
        #expect(try throughA.submitEditor("save", submission("A drafted", goal: goal)).status == 303)
        #expect(try throughB.get("/profile/edit").inputValue("username") == "A drafted")
        let editor = try throughA.get("/profile/edit")
        let done = try throughB.post(
            "/profile/edit",
            [
                ("csrf_token", editor.inputValue("csrf_token") ?? ""), ("version", editor.inputValue("version") ?? ""),
                ("action", "done"),
            ] + submission("A finished", goal: goal))
        #expect(done.status == 303)
        #expect(try throughA.get("/profile").profileName == "A finished")
        // A stale form through the other process is a conflict there too.
        let stale = try throughA.post(
            "/profile/edit",
            [
                ("csrf_token", editor.inputValue("csrf_token") ?? ""), ("version", editor.inputValue("version") ?? ""),
                ("action", "done"),
            ] + submission("B late", goal: goal))
        #expect(stale.status == 409)

        // A star set through one is seen through the other, and through nginx.
        let detail = try throughA.get("/countries/jp")
        #expect(
            try throughA.post("/countries/jp/favorite", [("csrf_token", detail.inputValue("csrf_token") ?? "")]).status
                == 303)
        #expect(try throughB.get("/countries").text.contains("href=\"/countries/jp\""))
        #expect(try throughB.get("/countries/jp").text.contains("aria-pressed=\"true\""))
        #expect(try visitor.get("/profile").text.contains("/countries/jp"))

        // A refresh by a third process shows on both within seconds of its commit: a version check a
        // second, then the reload, which reads OWID's 60,000 vaccination rows too (over 2 s on a
        // loaded 2-core machine).
        let refresher = try ServerProcess(
            arguments: ["--refresh-interval", "3600", "--source", stub.baseURL, "--vaccinations-source", "off"]
                + ServeRefreshTests.fastLimits,
            database: uri)
        #expect(
            waitUntil(deadline: .seconds(30)) { refresher.standardOutput.contains("refresh: stored a new snapshot") },
            Comment(rawValue: refresher.standardOutput + refresher.errorOutput))
        for server in [a, b] {
            #expect(
                waitUntil(deadline: .seconds(10)) {
                    (try? fetch(server.port, "/api/countries/kr").text)?.contains("4242424") == true
                })
        }
        #expect(try fetch(nginx.port, "/countries/kr").text.contains("4,242,424"))
        // The pages' validators are the same in both processes: a 304 from either for the other's ETag.
        let fromA = try fetch(a.port, "/countries")
        let eTag = try #require(fromA.field("ETag"))
        #expect(try fetch(b.port, "/countries").field("ETag") == eTag)
        #expect(try fetch(b.port, "/countries").field("Last-Modified") == fromA.field("Last-Modified"))
        // nginx passes the browser's Host, so forms pass the origin check behind it.
        #expect(try visitor.submitEditor("done", submission("A via nginx", goal: goal)).status == 303)
    }

    @Test func killingAProcessDuringABurstOfDoneLosesNothingAcknowledged() throws {
        let uri = try TestPostgres.createDatabase()
        defer { TestPostgres.dropDatabase(uri) }
        let a = try ServerProcess(arguments: behindNginx, database: uri)
        let b = try ServerProcess(arguments: behindNginx, database: uri)
        let nginx = try NginxProcess(upstreamPorts: [a.port, b.port])
        let visitors = (0..<16).map { _ in WireVisitor(port: nginx.port) }
        for (index, visitor) in visitors.enumerated() {
            #expect(try visitor.submitEditor("done", numberedSubmission(index, 0)).status == 303)
        }
        let acknowledged = Mutex([Int](repeating: 0, count: visitors.count))
        let statuses = Mutex<[Int: Int]>([:])
        let stop = Atomic<Bool>(false)
        let killedAt = Atomic<Bool>(false)
        let afterKill = Atomic<Int>(0)
        // nginx stays up throughout, so every request gets an answer (a 502 at worst): a request without
        // one is a failure, never noise to drop.
        let unanswered = Mutex<[String]>([])
        let burst = Thread {
            DispatchQueue.concurrentPerform(iterations: visitors.count) { index in
                var n = 0
                while !stop.load(ordering: .relaxed) {
                    n += 1
                    let response: WireResponse
                    do {
                        response = try visitors[index].submitEditor("done", numberedSubmission(index, n))
                    } catch {
                        unanswered.withLock { $0.append("visitor \(index), Done \(n): \(error)") }
                        continue
                    }
                    statuses.withLock { $0[response.status, default: 0] += 1 }
                    if response.status == 303, response.field("Location") == "/profile" {
                        acknowledged.withLock { $0[index] = n }
                        if killedAt.load(ordering: .relaxed) { afterKill.add(1, ordering: .relaxed) }
                    }
                }
            }
        }
        burst.start()
        // Kill once the burst is under way, and stop it once as many Dones again went through the other.
        let underWay = waitUntil(deadline: .seconds(30)) { statuses.withLock { $0[303, default: 0] } >= visitors.count }
        a.kill()
        killedAt.store(true, ordering: .relaxed)
        let carriedOn = waitUntil(deadline: .seconds(30)) { afterKill.load(ordering: .relaxed) >= visitors.count }
        stop.store(true, ordering: .relaxed)
        while burst.isExecuting || !burst.isFinished { usleep(20_000) }

        #expect(underWay, "the burst did not get going: \(statuses.withLock { $0 })")
        #expect(carriedOn, "nginx carries on with the other process: \(afterKill.load(ordering: .relaxed)) Dones")
        #expect(unanswered.withLock { $0 }.isEmpty, "\(unanswered.withLock { $0.prefix(5) })")
        let seen = statuses.withLock { $0 }
        // Only what a dead upstream costs (502 for a request in flight to it) besides success.
        #expect(Set(seen.keys).isSubset(of: [200, 303, 502]), "\(seen)")
        for (index, visitor) in visitors.enumerated() {
            let page = try WireVisitor(port: b.port, cookie: visitor.cookie).get("/profile")
            let name = try #require(page.profileName)
            let parts = name.split(separator: "-")
            let n = Int(parts.last ?? "") ?? -1
            #expect(name.hasPrefix("v\(index)-"))
            #expect(n >= acknowledged.withLock { $0[index] }, "visitor \(index): acknowledged Done lost")
            // Wholly one submission: its season and goal follow from its number.
            let fields = numberedSubmission(index, n)
            #expect(page.text.contains("<time datetime=\"\(fields[2].1)\">"), "visitor \(index): torn profile")
        }
        #expect(b.process.isRunning)
    }

    @Test func postgreSQLStoppedDuringLoadIsA503UntilItIsBackAndNothingCrashes() throws {
        let server = try PostgresServer()
        try server.createDatabase("atlas")
        let (uri, password) = splitPassword(server.uri(database: "atlas"))
        let app = try ServerProcess(environment: ["PGPASSWORD": password], database: uri)
        let visitor = WireVisitor(port: app.port)
        _ = try visitor.get("/countries/kr")
        let detail = try visitor.get("/countries/kr")
        let token = detail.inputValue("csrf_token") ?? ""
        let cached = Mutex<[Int: Int]>([:])
        let needingDatabase = Mutex<[Int: Int]>([:])
        let stop = Atomic<Bool>(false)
        // The process answers every request, the database up or down (a 503 while it is down): one
        // without an answer is what this test is about, so it is counted, not dropped.
        let unanswered = Mutex<[String]>([])
        let load = Thread {
            let reader = WireVisitor(port: app.port, cookie: visitor.cookie)
            func count(_ tally: borrowing Mutex<[Int: Int]>, _ what: String, _ request: () throws -> WireResponse) {
                do {
                    let status = try request().status
                    tally.withLock { $0[status, default: 0] += 1 }
                } catch {
                    unanswered.withLock { $0.append("\(what): \(error)") }
                }
            }
            while !stop.load(ordering: .relaxed) {
                count(cached, "/countries/kr") { try fetch(app.port, "/countries/kr") }
                count(needingDatabase, "/profile") { try reader.get("/profile") }
                count(needingDatabase, "star") { try reader.post("/countries/kr/favorite", [("csrf_token", token)]) }
            }
        }
        load.start()
        // The load under way with the database up before it goes.
        #expect(
            waitUntil(deadline: .seconds(30)) {
                cached.withLock { $0[200, default: 0] } > 0 && needingDatabase.withLock { $0[200, default: 0] } > 0
            })
        try server.stop()
        #expect(
            waitUntil(deadline: .seconds(5)) {
                (try? fetch(app.port, "/healthz").text)?.contains("\"state\":\"down\"") == true
            })
        let down = try WireVisitor(port: app.port, cookie: visitor.cookie).get("/profile")
        #expect(down.status == 503)
        #expect(down.field("Retry-After") != nil)
        #expect(down.text.contains("database cannot be reached"))
        // A visitor with a cookie still gets the country pages; only the star says it cannot be shown.
        let cookied = WireVisitor(port: app.port, cookie: visitor.cookie)
        let country = try cookied.get("/countries/kr")
        #expect(country.status == 200)
        #expect(country.text.contains("Your star for this country cannot be shown right now"))
        let list = try cookied.get("/countries")
        #expect(list.status == 200)
        #expect(list.text.contains("Your starred countries cannot be shown right now"))
        // The load has met the outage too before the database comes back.
        #expect(waitUntil(deadline: .seconds(30)) { needingDatabase.withLock { $0[503, default: 0] } > 0 })
        try server.start()
        #expect(
            waitUntil(deadline: .seconds(15)) {
                (try? WireVisitor(port: app.port, cookie: visitor.cookie).get("/profile").status) == 200
            })
        #expect(
            waitUntil(deadline: .seconds(5)) {
                (try? fetch(app.port, "/healthz").text)?.contains("\"state\":\"up\"") == true
            })
        stop.store(true, ordering: .relaxed)
        while !load.isFinished { usleep(20_000) }

        #expect(unanswered.withLock { $0 }.isEmpty, "\(unanswered.withLock { $0.prefix(5) })")
        #expect(cached.withLock { $0 }.keys.sorted() == [200], "cached pages keep being served")
        let statuses = needingDatabase.withLock { $0 }
        #expect(Set(statuses.keys).isSubset(of: [200, 303, 503]), "\(statuses)")
        #expect(statuses[503, default: 0] > 0)
        #expect(app.process.isRunning)
        // The password never reaches a log line, even while every connection fails.
        #expect(!app.errorOutput.contains(password) && !app.standardOutput.contains(password))
        #expect(app.errorOutput.contains("the database is unavailable"))
        #expect(app.errorOutput.contains("the database answers again"))
    }

    @Test func aDatabaseThatStopsAnsweringIsA503NotAHungRequestAndTheProcessRecovers() throws {
        let serverURI = try TestPostgres.requireServerURI()
        let uri = try TestPostgres.createDatabase()
        defer { TestPostgres.dropDatabase(uri) }
        let (app, proxy) = try serverBehindProxy(database: uri, server: serverURI, delay: 0)
        _ = try fetch(app.port, "/countries/kr")
        let visitor = WireVisitor(port: app.port)
        let goal = try #require(try visitor.get("/profile/edit").inputValue("goal_date"))
        #expect(
            try visitor.submitEditor("done", [("username", "Before"), ("season", "spring"), ("goal_date", goal)]).status
                == 303)
        let editor = try visitor.get("/profile/edit")
        // The server stops answering without closing anything: libpq would wait for ever.
        proxy.isFrozen = true
        let done = try visitor.post(
            "/profile/edit",
            [
                ("csrf_token", editor.inputValue("csrf_token") ?? ""), ("version", editor.inputValue("version") ?? ""),
                ("action", "done"), ("username", "During"), ("season", "summer"), ("goal_date", goal),
            ])
        #expect(done.status == 503)
        #expect(done.field("Retry-After") != nil)
        #expect(try fetch(app.port, "/countries/kr").status == 200, "cached pages keep being served")
        proxy.isFrozen = false
        // Back: the process reconnects by itself and a Done commits again; until then each is answered
        // (a 503), never left without an answer.
        var after: WireResponse?
        var unanswered: [String] = []
        #expect(
            waitUntil(deadline: .seconds(30), every: .milliseconds(100)) {
                do {
                    after = try visitor.submitEditor(
                        "done", [("username", "After"), ("season", "autumn"), ("goal_date", goal)])
                } catch {
                    unanswered.append("\(error)")
                }
                return after?.status == 303
            }, "last answer: \(after?.status ?? 0)")
        #expect(unanswered.isEmpty, "\(unanswered)")
        #expect(try visitor.get("/profile").text.contains("After"))
        #expect(app.process.isRunning)
    }

    @Test func withEveryDatabaseRoundTripSlowCachedPagesAndHealthzAreNotHeldUp() throws {
        let serverURI = try TestPostgres.requireServerURI()
        let uri = try TestPostgres.createDatabase()
        defer { TestPostgres.dropDatabase(uri) }
        // The data in place first, at full speed; then the server through a proxy adding 100 ms.
        let (app, proxy) = try serverBehindProxy(database: uri, server: serverURI, delay: 0.1)
        defer { withExtendedLifetime(proxy) {} }
        _ = try fetch(app.port, "/countries/kr")
        _ = try fetch(app.port, "/countries/kr")
        let visitors = (0..<6).map { _ in WireVisitor(port: app.port) }
        let tokens = try visitors.map { try $0.get("/countries/fr").inputValue("csrf_token") ?? "" }

        let firstStarDone = Atomic<UInt64>(0)
        // Each star's answer, or why there was none: a star that failed would end early and make the
        // cached pages look fast for nothing.
        let starAnswers = Mutex<[String]>([])
        let stars = Thread {
            DispatchQueue.concurrentPerform(iterations: visitors.count) { index in
                let answer: String
                do {
                    answer = String(
                        try visitors[index].post("/countries/fr/favorite", [("csrf_token", tokens[index])]).status)
                } catch {
                    answer = "\(error)"
                }
                starAnswers.withLock { $0.append(answer) }
                let now = DispatchTime.now().uptimeNanoseconds
                _ = firstStarDone.compareExchange(expected: 0, desired: now, ordering: .relaxed)
            }
        }
        stars.start()
        // The stars waiting for the database before the cached pages are asked for: else the pages
        // would be fast with nothing to hold them up.
        try #require(waitUntil(deadline: .seconds(30), every: .milliseconds(1)) { proxy.heldChunks >= 2 })
        var fastDone: UInt64 = 0
        var slowest = 0.0
        for index in 0..<30 {
            let started = DispatchTime.now().uptimeNanoseconds
            let response = try fetch(app.port, index % 3 == 0 ? "/healthz" : "/countries/kr")
            slowest = max(slowest, Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
            #expect(response.status == 200)
            fastDone = DispatchTime.now().uptimeNanoseconds
        }
        while !stars.isFinished { usleep(20_000) }
        #expect(starAnswers.withLock { $0 } == Array(repeating: "303", count: visitors.count))
        // Every cached page and /healthz was answered while the first star (a few round trips of
        // 100 ms each) was still waiting for the database.
        #expect(fastDone < firstStarDone.load(ordering: .relaxed), "cached pages waited for the database")
        print("slow database: slowest of 30 cached pages and /healthz \(slowest) ms")
        #expect(
            try WireVisitor(port: app.port, cookie: visitors[0].cookie).get("/countries").text.contains("/countries/fr")
        )
    }
}

/// SQLite's counterpart: another process (an import, a second server) holding the database file's
/// write lock for seconds.
@Suite(.serialized)
struct SQLiteLockTests {
    @Test func aWriteLockHeldByAnotherProcessLeavesCachedPagesAndHealthzAloneAndWritesGetAQuick503() throws {
        let app = try ServerProcess()
        let visitor = WireVisitor(port: app.port)
        _ = try visitor.get("/countries/kr")
        let token = try visitor.get("/countries/kr").inputValue("csrf_token") ?? ""
        for _ in 0..<4 { _ = try fetch(app.port, "/countries/kr") }
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        holder.arguments = [
            "-c",
            """
            import select, sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute('BEGIN IMMEDIATE')
            c.execute('UPDATE snapshot_meta SET source = source')
            print('locked', flush=True)
            select.select([sys.stdin], [], [], 60)
            """, app.directory + "/atlas.sqlite",
        ]
        // The lock is held until the test says so (a line, or stdin closing), not for a fixed time
        // that a loaded machine could use up before the write is tried.
        let output = Pipe()
        let input = Pipe()
        holder.standardOutput = output
        holder.standardInput = input
        try holder.run()
        #expect(ServerProcess.readLine(output.fileHandleForReading) == "locked")
        defer { holder.terminate() }
        for _ in 0..<20 {
            #expect(try fetch(app.port, "/countries/kr").status == 200)
            #expect(try fetch(app.port, "/healthz").status == 200)
        }
        let started = Date()
        let star = try visitor.post("/countries/kr/favorite", [("csrf_token", token)])
        #expect(star.status == 503)
        #expect(star.field("Retry-After") == "1")
        #expect(star.text.contains("database is busy"))
        #expect(Date().timeIntervalSince(started) < 4, "the store's wait is 2 s, not SQLite's old 5 s")
        // Readers are not blocked by a writer in WAL mode: the database answers the watcher's reads.
        #expect(try fetch(app.port, "/healthz").text.contains("\"state\":\"up\""))
        try input.fileHandleForWriting.write(contentsOf: Array("release\n".utf8))
        holder.waitUntilExit()
        #expect(try visitor.post("/countries/kr/favorite", [("csrf_token", token)]).status == 303)
        #expect(!app.errorOutput.contains("500 "))
    }
}
