import Foundation
import TestSupport
import Testing
import UpstreamStub

/// A bad upstream, what `covid-atlas refresh` must answer, and whether the stored data may change.
struct UpstreamCase: CustomStringConvertible, Sendable {
    let description: String
    /// The reply to `/v3/covid-19/countries` (`/all` always gets the shipped totals).
    let countries: @Sendable () -> StubUpstream.Reply
    let status: Int32
    /// A piece of the one-line message (stderr on failure, stdout on success).
    let message: String
}

/// The shipped `/v3/covid-19/countries` array, for tests to change one thing in.
func shippedCountries() throws -> [[String: Any]] {
    let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/data/disease-sh/countries.json"))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
}

/// The shipped array with `change` applied to the entry whose ISO2 is `iso2`, as JSON bytes.
func countriesJSON(changing iso2: String, _ change: (inout [String: Any]) -> Void) throws -> [UInt8] {
    var countries = try shippedCountries()
    let index = try #require(countries.firstIndex { ($0["countryInfo"] as? [String: Any])?["iso2"] as? String == iso2 })
    change(&countries[index])
    return [UInt8](try JSONSerialization.data(withJSONObject: countries))
}

/// The shipped `/all` response. A missing fixture stops the run with its path rather than letting the
/// stubs serve an empty body that some test might still pass with.
let shippedAll: [UInt8] = {
    let path = packageRoot + "/data/disease-sh/all.json"
    guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else {
        fatalError("the test fixture \(path) is missing or empty")
    }
    return [UInt8](data)
}()

/// `covid-atlas refresh` against bad upstreams on a local server, with the database of a running server:
/// exit status, the one-line message, and `/api/countries` before and after.
struct RefreshTests {
    static let fastLimits = ["--connect-timeout", "2", "--fetch-timeout", "3", "--stall-timeout", "1"]

    static func failing() throws -> [UpstreamCase] {
        let truncated = Array(try countriesJSON(changing: "KR") { _ in }.prefix(50_000))
        let huge = try countriesJSON(changing: "KR") { $0["cases"] = Int64.max }
        let negative = try countriesJSON(changing: "KR") { $0["cases"] = -5 }
        var duplicate = try shippedCountries()
        duplicate.append(duplicate[0])
        let duplicateBody = [UInt8](try JSONSerialization.data(withJSONObject: duplicate))
        let fewer = [UInt8](try JSONSerialization.data(withJSONObject: Array(try shippedCountries().prefix(100))))
        return [
            UpstreamCase(
                description: "500", countries: { .send(StubUpstream.response(status: 500, body: Array("oops".utf8))) },
                status: 1, message: "answered HTTP 500"),
            UpstreamCase(
                description: "429 with Retry-After",
                countries: { .send(StubUpstream.response(status: 429, fields: [("Retry-After", "60")])) },
                status: 1, message: "answered HTTP 429, Retry-After 60 s"),
            UpstreamCase(
                description: "HTML with 200",
                countries: {
                    .send(
                        StubUpstream.response(
                            status: 200, fields: [("Content-Type", "text/html")], body: Array("<html>busy</html>".utf8))
                    )
                }, status: 1, message: "answered text/html instead of JSON"),
            UpstreamCase(
                description: "headers then a stall",
                countries: {
                    .sendThenStall(
                        Array(
                            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 9000\r\n\r\n[".utf8),
                        seconds: 20)
                }, status: 1, message: "stalled: "),
            UpstreamCase(
                description: "no reply at all", countries: { .sendThenStall([], seconds: 20) }, status: 1,
                message: "stalled: "),
            UpstreamCase(
                description: "reset mid-body",
                countries: {
                    .sendThenReset(
                        Array(
                            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 90000\r\n\r\n[{".utf8)
                    )
                }, status: 1, message: "failed"),
            UpstreamCase(
                description: "truncated JSON", countries: { .send(StubUpstream.json(truncated)) }, status: 1,
                message: "truncated"),
            UpstreamCase(
                description: "empty array", countries: { .send(StubUpstream.json(Array("[]".utf8))) }, status: 1,
                message: "empty payload"),
            UpstreamCase(
                description: "figures near Int64.max", countries: { .send(StubUpstream.json(huge)) }, status: 1,
                message: "absurd cases 9223372036854775807 in \"S. Korea\""),
            UpstreamCase(
                description: "negative figures", countries: { .send(StubUpstream.json(negative)) }, status: 1,
                message: "negative cases -5 in \"S. Korea\""),
            UpstreamCase(
                description: "duplicate ids", countries: { .send(StubUpstream.json(duplicateBody)) }, status: 1,
                message: "duplicate id ISO2 AF"),
            UpstreamCase(
                description: "under half the countries", countries: { .send(StubUpstream.json(fewer)) }, status: 1,
                message: "only 100 countries, under half of the 224 stored"),
        ]
    }

    static func stub(countries: @escaping @Sendable () -> StubUpstream.Reply) throws -> StubUpstream {
        let history = StubUpstream.shippedHistory(packageRoot: packageRoot)
        return try StubUpstream { request in
            if StubUpstream.asksForHistory(request) { return .send(history) }
            return request.target.hasSuffix("/all") ? .send(StubUpstream.json(shippedAll)) : countries()
        }
    }

    @Test(arguments: try failing())
    func aBadUpstreamFailsInOneLineAndChangesNothing(_ upstream: UpstreamCase) throws {
        let server = try ServerProcess()
        let stub = try Self.stub(countries: upstream.countries)
        let before = try fetch(server.port, "/api/countries").body
        let result = try runCLI(
            [
                "refresh", "--database", server.directory + "/atlas.sqlite", "--source", stub.baseURL,
                "--vaccinations-source", "off",
            ] + Self.fastLimits)
        #expect(result.status == upstream.status)
        #expect(result.errors.hasPrefix("covid-atlas: "), "\(result.errors)")
        #expect(result.errors.contains(upstream.message), "\(result.errors)")
        #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
        // Once the server has checked for new data since the refresh ended, nothing must have changed.
        #expect(try waitForReloadCheck(server.port, after: nowMilliseconds()))
        #expect(try fetch(server.port, "/api/countries").body == before)
    }

    /// docs/field-cases.md B25 through the binary: a gzipped answer nobody asked for imports like a plain one.
    @Test(arguments: [false, true])
    func goodDataIsStoredAndSeenByTheRunningServer(gzipped: Bool) throws {
        let server = try ServerProcess()
        var body = try countriesJSON(changing: "US") { $0["cases"] = 50_000_001 }
        let plainLength = body.count
        var fields: [(String, String)] = [("ETag", "\"v2\"")]
        if gzipped {
            body = try gzip(body)
            fields.append(("Content-Encoding", "gzip"))
        }
        #expect(!gzipped || body.count < plainLength / 3)
        let reply = StubUpstream.json(body, fields: fields)
        let stub = try Self.stub { .send(reply) }
        #expect(!(try fetch(server.port, "/api/countries/us").text.contains("50000001")))
        let result = try runCLI([
            "refresh", "--database", server.directory + "/atlas.sqlite", "--source", stub.baseURL,
            "--vaccinations-source", "off",
        ])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("countries: 224 (unchanged)"), "\(result.output)")
        #expect(result.output.contains("changed figures: 1 country"), "\(result.output)")
        // Not a terminal: plain progress lines, one per resource, counting the bytes on the wire.
        #expect(result.output.contains("countries: \(body.count) bytes in"), "\(result.output)")
        #expect(result.output.contains("all: \(shippedAll.count) bytes in"), "\(result.output)")
        #expect(try waitFor(server.port, "/api/countries/us", toContain: "50000001"))
    }

    @Test func aSecondRefreshSendsTheValidatorsAndA304ChangesNothing() throws {
        let server = try ServerProcess()
        let body = try countriesJSON(changing: "US") { $0["cases"] = 50_000_002 }
        let history = StubUpstream.shippedHistory(packageRoot: packageRoot, fields: [("ETag", "\"h7\"")])
        let stub = try StubUpstream { request in
            if request.target.hasSuffix("/all") { return .send(StubUpstream.json(shippedAll)) }
            if StubUpstream.asksForHistory(request) {
                let current = request.fields["if-none-match"] == "\"h7\""
                return .send(current ? StubUpstream.response(status: 304) : history)
            }
            if request.fields["if-none-match"] == "\"v7\"" { return .send(StubUpstream.response(status: 304)) }
            return .send(StubUpstream.json(body, fields: [("ETag", "\"v7\"")]))
        }
        let arguments = [
            "refresh", "--database", server.directory + "/atlas.sqlite", "--source", stub.baseURL,
            "--vaccinations-source", "off",
        ]
        #expect(try runCLI(arguments).status == 0)
        #expect(try waitFor(server.port, "/api/countries/us", toContain: "50000002"))
        let before = try fetch(server.port, "/api/countries").body
        let second = try runCLI(arguments)
        #expect(second.status == 0)
        #expect(second.output.contains("not modified (304)"), "\(second.output)")
        #expect(stub.requests.filter { $0.target.hasSuffix("/all") }.count == 1, "a 304 must not fetch /all again")
        #expect(try fetch(server.port, "/api/countries").body == before)
    }

    /// A name with a script tag is data, not markup: stored as sent, escaped on every page.
    @Test func aScriptTagInACountryNameIsEscapedOnThePage() throws {
        let server = try ServerProcess()
        let name = "<script>alert(1)</script>Korea"
        let body = try countriesJSON(changing: "KR") { $0["country"] = name }
        let stub = try Self.stub { .send(StubUpstream.json(body)) }
        let result = try runCLI([
            "refresh", "--database", server.directory + "/atlas.sqlite", "--source", stub.baseURL,
            "--vaccinations-source", "off",
        ])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try waitFor(server.port, "/countries/kr", toContain: htmlEscaped(name)))
        #expect(!(try fetch(server.port, "/countries/kr").text.contains("<script>alert(1)")))
        #expect(!(try fetch(server.port, "/countries?q=korea").text.contains("<script>alert(1)")))
    }

    /// A user name and password in `--source` are used but never printed: not in the error line of a
    /// failed refresh, not in the success line of one that worked.
    @Test func aPasswordInTheSourceIsNeverPrinted() throws {
        let server = try ServerProcess()
        let failed = try runCLI([
            "refresh", "--database", server.directory + "/atlas.sqlite", "--source", "http://ada:s3cret@127.0.0.1:1",
        ])
        #expect(failed.status == 1)
        #expect(failed.errors.contains("http://127.0.0.1:1/v3/covid-19/countries"), "\(failed.errors)")
        #expect(!failed.errors.contains("s3cret") && !failed.errors.contains("ada@"), "\(failed.errors)")
        let reply = StubUpstream.json(try countriesJSON(changing: "US") { $0["cases"] = 9 })
        let stub = try Self.stub { .send(reply) }
        let withPassword = stub.baseURL.replacingOccurrences(of: "http://", with: "http://ada:s3cret@")
        let worked = try runCLI([
            "refresh", "--database", server.directory + "/atlas.sqlite", "--source", withPassword,
            "--vaccinations-source", "off",
        ])
        #expect(worked.status == 0, "\(worked.errors)")
        #expect(worked.output.contains("stored a new snapshot from \(stub.baseURL)"), "\(worked.output)")
        #expect(!worked.output.contains("s3cret") && !worked.errors.contains("s3cret"))
    }

    /// On a terminal (a pseudo-terminal from util-linux `script`), the progress is a bar redrawn in place
    /// with bytes and rate, one finished line per resource.
    @Test func onATerminalTheProgressIsABarRedrawnInPlace() throws {
        let server = try ServerProcess()
        let reply = StubUpstream.json(try countriesJSON(changing: "US") { $0["cases"] = 7 })
        let stub = try Self.stub { .send(reply) }
        let command = [
            binaryPath, "refresh", "--database", server.directory + "/atlas.sqlite", "--source", stub.baseURL,
            "--vaccinations-source", "off",
        ]
        .joined(separator: " ")
        let result = try runCLI(["-qec", command, "/dev/null"], executable: "/usr/bin/script")
        #expect(result.status == 0, "\(result.errors)")
        let finished = #"\rcountries  \[#{24}\]  131\.6 KiB / 131\.6 KiB  [0-9.]+ (KiB|MiB)/s\x1B\[K\r?\n"#
        #expect(result.output.range(of: finished, options: .regularExpression) != nil, "\(result.output)")
        #expect(result.output.contains("\rall        [########################]  486 B / 486 B  "))
        // The history comes gzip-encoded: the bar counts the bytes on the wire (1.7 MiB of 8 MB of JSON).
        let history = #"\rhistorical \[#{24}\]  1\.7 MiB / 1\.7 MiB  [0-9.]+ (KiB|MiB)/s\x1B\[K\r?\n"#
        #expect(result.output.range(of: history, options: .regularExpression) != nil, "\(result.output)")
        // The stub's history is the one stored: fetched, compared, kept (UnchangedRefreshTests).
        #expect(result.output.contains("history: the same as stored (kept)"), "\(result.output)")
        #expect(result.output.contains("changed figures: 1 country"))
    }

    /// A `--source` that is not an http(s) URL with a host is a usage error before anything is fetched:
    /// `disease.sh` alone would otherwise be fetched over plain HTTP (libcurl guesses the scheme).
    @Test(arguments: ["file:///etc", "disease.sh", "ftp://x", "", "http://", "https:///v3", "http://a b"])
    func aSourceThatIsNotAnHTTPURLIsAUsageError(_ source: String) throws {
        let database = NSTemporaryDirectory() + "unused-\(UUID().uuidString).sqlite"
        for command in [["refresh"], ["serve", "--port", "0"]] {
            let result = try runCLI(command + ["--database", database, "--source", source])
            // Required, not expected: a serve that accepted the source would run until stopped.
            try #require(result.status == 64, "\(command): \(result.errors)")
            #expect(
                result.errors.hasPrefix(
                    "covid-atlas: --source “\(source)” is not an http:// or https:// URL with a host"),
                "\(result.errors)")
            #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
        }
    }
}

/// Polls `target` until its body contains `text` (or 10 s pass): whether it did.
func waitFor(_ port: Int, _ target: String, toContain text: String) throws -> Bool {
    try waitUntil(deadline: .seconds(10), every: .milliseconds(100)) { try fetch(port, target).text.contains(text) }
}

/// Waits until the server on `port` has finished a check for data another process stored that began
/// after `instant` (ms since the epoch; its `/healthz` `database.checkedAt`, recorded once the check's
/// reload is done), so that what it serves then is what the database held at `instant`.
/// - Returns: whether such a check finished within 30 s.
func waitForReloadCheck(_ port: Int, after instant: Int64) throws -> Bool {
    try waitUntil(deadline: .seconds(30), every: .milliseconds(100)) {
        let health = try JSONSerialization.jsonObject(with: Data(try fetch(port, "/healthz").body)) as? [String: Any]
        let checkedAt = ((health?["database"] as? [String: Any])?["checkedAt"] as? NSNumber)?.int64Value ?? 0
        return checkedAt > instant
    }
}

/// Now, in ms since the epoch.
func nowMilliseconds() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }

/// `covid-atlas refresh --vaccinations-source`: the vaccinations fetched with the rest, and what the
/// report says about them.
struct VaccinationsRefreshCommandTests {
    @Test func theReportSaysWhatHappenedToTheVaccinations() throws {
        let server = try ServerProcess()
        let shipped = StubUpstream.shippedVaccinationsFile(packageRoot: packageRoot)
        let changed = Array(
            String(decoding: shipped, as: UTF8.self).replacingOccurrences(
                of: "South Korea,KOR,2021-11-08,80183484", with: "South Korea,KOR,2021-11-08,80183485"
            ).utf8)
        let history = StubUpstream.shippedHistory(packageRoot: packageRoot)
        let countries = [UInt8](
            try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/data/disease-sh/countries.json")))
        let stub = try StubUpstream { request in
            if StubUpstream.asksForVaccinations(request) {
                return request.fields["if-none-match"] == "\"v1\""
                    ? .send(StubUpstream.response(status: 304, fields: [("ETag", "\"v1\"")]))
                    : .send(StubUpstream.csv(changed, fields: [("ETag", "\"v1\"")]))
            }
            if StubUpstream.asksForHistory(request) { return .send(history) }
            return .send(StubUpstream.json(request.target.hasSuffix("/all") ? shippedAll : countries))
        }
        let arguments = [
            "refresh", "--database", server.directory + "/atlas.sqlite", "--source", stub.baseURL,
            "--vaccinations-source", stub.baseURL + StubUpstream.vaccinationsPath,
        ]
        let first = try runCLI(arguments)
        #expect(first.status == 0, "\(first.errors)")
        #expect(
            first.output.contains(
                "stored new vaccinations from \(stub.baseURL)/owid/vaccinations.csv in \(server.directory)/atlas.sqlite"
            ),
            "\(first.output)")
        #expect(first.output.contains("vaccinations: 235 locations, 60,324 rows, 1 Dec 2020 – 8 Nov 2021"))
        #expect(try waitFor(server.port, "/countries/kr/vaccinations.csv", toContain: "80183485"))

        let second = try runCLI(arguments)
        #expect(second.status == 0, "\(second.errors)")
        #expect(
            second.output.contains(
                "vaccinations: \(stub.baseURL)/owid/vaccinations.csv not modified (304); the stored file is current"),
            "\(second.output)")

        let off = try runCLI(Array(arguments.dropLast()) + ["off"])
        #expect(off.output.contains("vaccinations: not fetched (--vaccinations-source off)"), "\(off.output)")

        let bad = try runCLI(Array(arguments.dropLast()) + ["owid.csv"])
        #expect(bad.status == 64)
        #expect(
            bad.errors.hasPrefix(
                "covid-atlas: --vaccinations-source “owid.csv” is not an http:// or https:// URL with a host or off"),
            "\(bad.errors)")
    }
}
