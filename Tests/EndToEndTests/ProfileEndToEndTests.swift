import Foundation
import Glibc
import Synchronization
import Testing

/// One browser over real sockets: a keep-alive connection (reopened when the server closes it) and
/// the `atlas_session` cookie the server gave it. Used by one thread at a time.
final class WireVisitor: @unchecked Sendable {
    let port: Int
    var cookie: String?
    private var client: RawClient?

    init(port: Int, cookie: String? = nil) {
        self.port = port
        self.cookie = cookie
    }

    func get(_ target: String) throws -> WireResponse {
        try request("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(cookieLine)\r\n")
    }

    /// `POST target` with `pairs` form-encoded; `sent` runs once the request's bytes are written.
    func post(_ target: String, _ pairs: [(String, String)], sent: (() -> Void)? = nil) throws -> WireResponse {
        let body = pairs.map { "\($0.0)=\(formEncoded($0.1))" }.joined(separator: "&")
        return try request(
            "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(cookieLine)"
                + "Origin: http://127.0.0.1:\(port)\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)", sent: sent)
    }

    /// Opens the editor and submits `action` with its token and version and the given fields.
    func submitEditor(_ action: String, _ fields: [(String, String)]) throws -> WireResponse {
        let editor = try get("/profile/edit")
        let pairs = [
            ("csrf_token", editor.inputValue("csrf_token") ?? ""), ("version", editor.inputValue("version") ?? ""),
            ("action", action),
        ]
        return try post("/profile/edit", pairs + fields)
    }

    private var cookieLine: String { cookie.map { "Cookie: \($0)\r\n" } ?? "" }

    private func request(_ text: String, sent: (() -> Void)? = nil) throws -> WireResponse {
        var sent = sent  // once, though a stale connection makes the request go out twice
        for attempt in 0..<2 {
            do {
                let connection = try client ?? RawClient(port: port)
                client = connection
                try connection.send(text)
                sent?()
                sent = nil
                let response = try connection.readResponse()
                if let setCookie = response.field("Set-Cookie") { cookie = String(setCookie.prefix { $0 != ";" }) }
                if response.field("Connection") == "close" { client = nil }
                return response
            } catch  where attempt == 0 {
                client = nil  // the server closed an idle keep-alive connection: reconnect once
            }
        }
        throw ServerError("unreachable")
    }
}

func formEncoded(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
}

extension WireResponse {
    /// The unescaped `value` of the first `<input>` named `name`.
    func inputValue(_ name: String) -> String? {
        guard let nameRange = text.range(of: "name=\"\(name)\"") else { return nil }
        guard let tagStart = text[..<nameRange.lowerBound].range(of: "<input", options: .backwards)?.lowerBound,
            let tagEnd = text[nameRange.upperBound...].firstIndex(of: ">")
        else { return nil }
        let tag = text[tagStart..<tagEnd]
        guard let valueRange = tag.range(of: " value=\"") else { return nil }
        return String(tag[valueRange.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The text of `<h1 id="profile-name">…</h1>` on the profile page.
    var profileName: String? {
        guard let start = text.range(of: "<h1 id=\"profile-name\" dir=\"auto\">"),
            let end = text[start.upperBound...].range(of: "</h1>")
        else { return nil }
        return String(text[start.upperBound..<end.lowerBound])
    }
}

/// A complete submission whose fields can all be told from its username: `X-…` names carry
/// X's season and notifications, so a mixed (torn) profile shows.
func submission(_ name: String, goal: String) -> [(String, String)] {
    let spring = name.hasPrefix("A")
    var fields = [("username", name), ("season", spring ? "spring" : "autumn"), ("goal_date", goal)]
    if spring { fields.append(("notifications", "on")) }
    return fields
}

/// Whether a profile page shows exactly one complete submission of `submission(_:goal:)`, or the defaults.
func isWhole(_ page: WireResponse, goal: String) -> Bool {
    guard let name = page.profileName, page.text.contains("<time datetime=\"\(goal)\">") else { return false }
    if name == "guest" { return page.text.contains("☃️ Winter") && page.text.contains(">On</dd>") }
    if name.hasPrefix("A") { return page.text.contains("🌷 Spring") && page.text.contains(">On</dd>") }
    return name.hasPrefix("B") && page.text.contains("🍂 Autumn") && page.text.contains(">Off</dd>")
}

@Suite(.serialized)
struct ProfileEndToEndTests {
    @Test func profileDraftAndFavouritesSurviveARestartWithTheSameCookie() throws {
        let first = try ServerProcess()
        let visitor = WireVisitor(port: first.port)
        let goal = try #require(try visitor.get("/profile/edit").inputValue("goal_date"))
        #expect(try visitor.submitEditor("done", submission("A committed 🚀", goal: goal)).status == 303)
        #expect(try visitor.submitEditor("save", submission("B drafted", goal: goal)).status == 303)
        let detail = try visitor.get("/countries/kr")
        #expect(
            try visitor.post("/countries/kr/favorite", [("csrf_token", detail.inputValue("csrf_token") ?? "")]).status
                == 303)
        #expect(first.stop() == 0)

        let second = try ServerProcess(directory: first.directory)
        let returning = WireVisitor(port: second.port, cookie: visitor.cookie)
        let profile = try returning.get("/profile")
        #expect(profile.profileName == "A committed 🚀")
        #expect(profile.text.contains("unfinished draft"))
        #expect(profile.text.contains("<a href=\"/countries/kr\">"))
        #expect(try returning.get("/profile/edit").inputValue("username") == "B drafted")
        #expect(try returning.get("/countries/kr").text.contains("aria-pressed=\"true\""))
        #expect(returning.cookie == visitor.cookie)
        let stranger = WireVisitor(port: second.port)
        #expect(try stranger.get("/profile").profileName == "guest")
    }

    /// Two processes serving one SQLite file: each keeps the visitors' rows it read
    /// (`VisitorRowsCache`), and still shows at once what the other wrote (a star, a Done, a Save, an
    /// unstar), on the profile, the editor and the country page.
    @Test func twoProcessesOnOneSQLiteFileShowEachOthersWritesAtOnce() throws {
        let first = try ServerProcess()
        let second = try ServerProcess(directory: first.directory)
        let onFirst = WireVisitor(port: first.port)
        let goal = try #require(try onFirst.get("/profile/edit").inputValue("goal_date"))
        let onSecond = WireVisitor(port: second.port, cookie: onFirst.cookie)
        // The second process reads (and keeps) the rows before each write of the first.
        #expect(try onSecond.get("/profile").profileName == "guest")
        #expect(try onSecond.get("/countries/kr").text.contains("aria-pressed=\"false\""))

        let detail = try onFirst.get("/countries/kr")
        let token = detail.inputValue("csrf_token") ?? ""
        #expect(try onFirst.post("/countries/kr/favorite", [("csrf_token", token), ("star", "on")]).status == 303)
        #expect(try onSecond.get("/countries/kr").text.contains("aria-pressed=\"true\""))
        #expect(try onSecond.get("/profile").text.contains("<a href=\"/countries/kr\">"))

        #expect(try onFirst.submitEditor("done", submission("A committed 🚀", goal: goal)).status == 303)
        #expect(try onSecond.get("/profile").profileName == "A committed 🚀")
        #expect(try onFirst.submitEditor("save", submission("B drafted", goal: goal)).status == 303)
        #expect(try onSecond.get("/profile/edit").inputValue("username") == "B drafted")
        #expect(try onSecond.get("/profile").text.contains("unfinished draft"))

        // And the other way round.
        #expect(try onSecond.post("/countries/kr/favorite", [("csrf_token", token), ("star", "off")]).status == 303)
        #expect(try onFirst.get("/countries/kr").text.contains("aria-pressed=\"false\""))
        #expect(try !onFirst.get("/profile").text.contains("<a href=\"/countries/kr\">"))
        #expect(second.stop() == 0)
        #expect(first.stop() == 0)
    }

    /// 30 clients on one cookie for 3 s mixing Save draft, Done and `GET /` (docs/field-cases.md B22).
    @Test func thirtyParallelClientsGetNoServerErrorAndLeaveOneWholeSubmission_B22() throws {
        let server = try ServerProcess()
        let owner = WireVisitor(port: server.port)
        let goal = try #require(try owner.get("/profile/edit").inputValue("goal_date"))
        let statuses = Mutex<[Int: Int]>([:])
        let deadline = Date().addingTimeInterval(3)
        let cookie = owner.cookie
        DispatchQueue.concurrentPerform(iterations: 30) { client in
            let visitor = WireVisitor(port: server.port, cookie: cookie)
            var seen: [Int: Int] = [:]
            var round = 0
            while Date() < deadline {
                let name = "\(round % 2 == 0 ? "A" : "B")-\(client)-\(round)"
                for step in [
                    { try visitor.submitEditor("save", submission(name, goal: goal)) },
                    { try visitor.submitEditor("done", submission(name, goal: goal)) },
                    { try visitor.get("/") },
                ] {
                    let status = (try? step().status) ?? -1
                    seen[status, default: 0] += 1
                }
                round += 1
            }
            statuses.withLock { all in all.merge(seen, uniquingKeysWith: +) }
        }
        let all = statuses.withLock { $0 }
        #expect(all.keys.allSatisfy { [200, 303, 409].contains($0) }, "statuses: \(all)")
        #expect(all[303, default: 0] > 30, "statuses: \(all)")
        print("B22 statuses over 3 s: \(all.sorted { $0.key < $1.key })")
        let final = try owner.get("/profile")
        #expect(final.profileName != "guest")
        #expect(isWhole(final, goal: goal))
    }

    /// SIGKILL in the middle of a burst of Done submissions from ten visitors: after a restart each
    /// profile is wholly one submission or wholly the defaults, never a mix.
    @Test func sigkillDuringABurstOfDoneLeavesEveryProfileWhole() throws {
        let first = try ServerProcess()
        let visitors = (0..<10).map { _ in WireVisitor(port: first.port) }
        var goals: [String] = []
        for visitor in visitors { goals.append(try visitor.get("/profile/edit").inputValue("goal_date") ?? "") }
        let goalOf = goals
        let started = Atomic<Int>(0)
        let killer = Thread {
            // Kill once the burst is under way (or after 10 s, so a failing burst cannot hang the test).
            let giveUp = Date().addingTimeInterval(10)
            while started.load(ordering: .relaxed) < 50 && Date() < giveUp { usleep(1000) }
            usleep(200_000)
            first.kill()
        }
        killer.start()
        DispatchQueue.concurrentPerform(iterations: visitors.count) { index in
            let visitor = visitors[index]
            var round = 0
            while true {
                let name = "\(round % 2 == 0 ? "A" : "B")-\(index)-\(round)"
                guard (try? visitor.submitEditor("done", submission(name, goal: goalOf[index]))) != nil else { break }
                started.add(1, ordering: .relaxed)
                round += 1
            }
        }
        while !killer.isFinished { usleep(1000) }
        #expect(started.load(ordering: .relaxed) >= 50, "the kill came before the burst")

        let second = try ServerProcess(directory: first.directory)
        for (index, visitor) in visitors.enumerated() {
            let page = try WireVisitor(port: second.port, cookie: visitor.cookie).get("/profile")
            #expect(page.status == 200)
            #expect(isWhole(page, goal: goals[index]), "torn profile: \(page.profileName ?? "none")")
        }
    }

    /// A Buddhist-calendar locale and a 12-hour English one (docs/field-cases.md B28): the goal date is stored
    /// and shown the same, in the Gregorian calendar.
    @Test(arguments: [
        ["LANG": "th_TH.UTF-8", "LC_ALL": "th_TH.UTF-8"],
        ["LANG": "en_US.UTF-8", "LC_ALL": "en_US.UTF-8", "TZ": "America/New_York"],
    ])
    func theGoalDateDoesNotDependOnTheProcessLocale_B28(_ environment: [String: String]) throws {
        let server = try ServerProcess(environment: environment)
        let visitor = WireVisitor(port: server.port)
        // One year before today's default goal: the earliest date the editor allows.
        let goal = try #require(try visitor.get("/profile/edit").text.firstMatch(of: /min="(\d{4})-(\d\d)-(\d\d)"/))
        let iso = "\(goal.1)-\(goal.2)-\(goal.3)"
        #expect(try visitor.submitEditor("done", submission("A", goal: iso)).status == 303)
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        let readable = "\(Int(goal.3)!) \(months[Int(goal.2)! - 1]) \(goal.1)"
        let page = try visitor.get("/profile")
        #expect(page.text.contains("<time datetime=\"\(iso)\">\(readable)</time>"))
        #expect(page.text.contains("14 November 2021, 05:11 UTC"))
        #expect(try visitor.get("/profile/edit").inputValue("goal_date") == iso)
    }

    @Test func aNonFormBodyIs415AndAnOversizedOneIs413() throws {
        let server = try ServerProcess()
        let visitor = WireVisitor(port: server.port)
        let token = try visitor.get("/profile/edit").inputValue("csrf_token") ?? ""
        let client = try RawClient(port: server.port)
        let json = "{\"csrf_token\":\"\(token)\",\"action\":\"cancel\"}"
        try client.send(
            "POST /profile/edit HTTP/1.1\r\nHost: x\r\nCookie: \(visitor.cookie ?? "")\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n\r\n\(json)")
        #expect(try client.readResponse().status == 415)
        let big = try RawClient(port: server.port)
        try big.send(
            "POST /profile/edit HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: 100000000\r\n\r\n")
        #expect(try big.readResponse().status == 413)
    }
}
