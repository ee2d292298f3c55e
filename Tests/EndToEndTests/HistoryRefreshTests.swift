import Foundation
import Testing
import UpstreamStub

/// The shipped history as JSON rows (`[[String: Any]]`), for a test to change and serve.
func shippedHistoryRows() throws -> [[String: Any]] {
    let compressed = [UInt8](
        try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/data/disease-sh/historical.json.gz")))
    let json = try gunzipWithSystemTool(compressed)
    return try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [[String: Any]])
}

/// `rows` with every series' `transform`ed (keys `M/D/YY` → count), as JSON bytes.
func historyJSON(_ rows: [[String: Any]], _ transform: ([String: Int]) -> [String: Int]) throws -> [UInt8] {
    let changed = rows.map { row -> [String: Any] in
        var row = row
        if let timeline = row["timeline"] as? [String: [String: Int]] {
            row["timeline"] = timeline.mapValues(transform)
        }
        return row
    }
    return [UInt8](try JSONSerialization.data(withJSONObject: changed))
}

/// `covid-atlas refresh` and `import --historical` with the history: what validates is stored and
/// seen by the running server, what does not is refused in one line and the stored history stays
/// (docs/field-cases.md B32).
struct HistoryRefreshTests {
    static func stub(history: [UInt8]) throws -> StubUpstream {
        let countries = try countriesJSON(changing: "KR") { _ in }
        return try StubUpstream { request in
            if StubUpstream.asksForHistory(request) { return .send(StubUpstream.json(history)) }
            return .send(StubUpstream.json(request.target.hasSuffix("/all") ? shippedAll : countries))
        }
    }

    static func refresh(_ server: ServerProcess, _ stub: StubUpstream) throws -> (
        status: Int32, output: String, errors: String
    ) {
        try runCLI([
            "refresh", "--database", server.directory + "/atlas.sqlite", "--source", stub.baseURL,
            "--vaccinations-source", "off",
        ])
    }

    @Test func aNewHistoryIsStoredAndShownByTheRunningServer() throws {
        let server = try ServerProcess()
        let rows = try shippedHistoryRows()
        // One more day, 11/14/21, one more case everywhere.
        let longer = try historyJSON(rows) { series in
            var series = series
            series["11/14/21"] = (series["11/13/21"] ?? 0) + 1
            return series
        }
        let result = try Self.refresh(server, try Self.stub(history: longer))
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.output.contains("history: 223 of 224 entries have a series, 22 Jan 2020 – 14 Nov 2021 (663 days)"))
        #expect(try waitFor(server.port, "/api/historical/kr?lastdays=1", toContain: "\"11/14/21\":395461"))
        #expect(try waitFor(server.port, "/countries/kr", toContain: "to 14 Nov 2021"))
    }

    @Test(arguments: [
        ("every series 200 days shorter", "days before the stored one"),
        ("every count 0", "every series is 0 on every day"),
        ("a negative count", "is outside 0…100000000000"),
        ("a day missing", "skip 6/1/21 (2021-06-01)"),
    ])
    func aBadHistoryIsRefusedInOneLineAndTheStoredOneStays(_ kind: String, message: String) throws {
        let server = try ServerProcess()
        let rows = try shippedHistoryRows()
        let body = try historyJSON(rows) { series in
            switch kind {
            case "every series 200 days shorter":
                let kept = series.keys.sorted { Self.day($0) < Self.day($1) }.dropLast(200)
                return series.filter { kept.contains($0.key) }
            case "every count 0": return series.mapValues { _ in 0 }
            case "a negative count":
                var series = series
                series["6/1/21"] = -5
                return series
            default:
                var series = series
                series["6/1/21"] = nil
                return series
            }
        }
        let before = try fetch(server.port, "/api/historical/fr?lastdays=all").body
        let result = try Self.refresh(server, try Self.stub(history: body))
        #expect(result.status == 1)
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
        // Once the server has checked for new data since the refresh ended, nothing must have changed.
        #expect(try waitForReloadCheck(server.port, after: nowMilliseconds()))
        #expect(try fetch(server.port, "/api/historical/fr?lastdays=all").body == before)
    }

    @Test(arguments: [
        ("only the last 30 days", "days after the stored one"),
        ("a second Afghanistan row", "two rows for \"Afghanistan\""),
        ("every recovered -1", "no row reports recovered on any day"),
    ])
    func aHistoryThatWouldEraseStoredDaysIsRefusedInOneLineAndTheStoredOneStays(_ kind: String, message: String)
        throws
    {
        let server = try ServerProcess()
        var rows = try shippedHistoryRows()
        switch kind {
        case "a second Afghanistan row": rows.insert(rows[0], at: 1)
        case "every recovered -1":
            for index in rows.indices {
                var timeline = try #require(rows[index]["timeline"] as? [String: [String: Int]])
                timeline["recovered"] = timeline["recovered"]?.mapValues { _ in -1 }
                rows[index]["timeline"] = timeline
            }
        default: break
        }
        let body = try historyJSON(rows) { series in
            guard kind == "only the last 30 days" else { return series }
            let kept = Set(series.keys.sorted { Self.day($0) < Self.day($1) }.suffix(30))
            return series.filter { kept.contains($0.key) }
        }
        let before = try fetch(server.port, "/api/historical/fr?lastdays=all").body
        let result = try Self.refresh(server, try Self.stub(history: body))
        #expect(result.status == 1)
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
        // Once the server has checked for new data since the refresh ended, nothing must have changed.
        #expect(try waitForReloadCheck(server.port, after: nowMilliseconds()))
        #expect(try fetch(server.port, "/api/historical/fr?lastdays=all").body == before)
    }

    /// Days since a fixed point, for ordering `M/D/YY` keys in the test itself.
    static func day(_ key: String) -> Int {
        let parts = key.split(separator: "/").compactMap { Int($0) }
        return parts.count == 3 ? (parts[2] * 12 + parts[0]) * 31 + parts[1] : 0
    }

    @Test func importTakesASavedHistoryPlainOrGzippedOntoTheStoredSnapshot() throws {
        let server = try ServerProcess()
        let rows = try shippedHistoryRows()
        for gzipped in [false, true] {
            // Each import brings another history: one that holds the stored one again replaces nothing.
            let changed = try historyJSON(rows) { series in
                var series = series
                series["11/13/21"] = (series["11/13/21"] ?? 0) + (gzipped ? 2_000 : 1_000)
                return series
            }
            let path = server.directory + "/history-\(gzipped).json" + (gzipped ? ".gz" : "")
            try Data(gzipped ? try gzip(changed) : changed).write(to: URL(fileURLWithPath: path))
            let result = try runCLI([
                "import", "-", "--historical", path, "--database", server.directory + "/atlas.sqlite",
            ])
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output.contains("imported a history"), "\(result.output)")
            #expect(result.output.contains("history: 223 of 224 entries have a series"), "\(result.output)")
        }
        #expect(try waitFor(server.port, "/api/historical/kr?lastdays=1", toContain: "\"11/13/21\":397460"))
        let noHistory = try runCLI(["import", "-", "--database", server.directory + "/atlas.sqlite"])
        // A combination that imports nothing is a bad argument (docs/operations.md).
        #expect(noHistory.status == 64)
        #expect(
            noHistory.errors
                == "covid-atlas: FILE - imports only a history or vaccinations: give --historical FILE or --vaccinations FILE (see covid-atlas --help)\n"
        )
    }

    @Test func anEmptyHistoryIsCalledOneAndTheFileNamed() throws {
        let directory = NSTemporaryDirectory() + "atlas-import-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let empty = directory + "/empty.json"
        try Data("[]".utf8).write(to: URL(fileURLWithPath: empty))
        for files in [["-"], [packageRoot + "/data/disease-sh/countries.json"]] {
            let result = try runCLI(
                ["import"] + files + ["--historical", empty, "--database", directory + "/atlas.sqlite"])
            #expect(result.status != 0)
            #expect(
                result.errors.contains("\(empty): empty history: the /historical array has no rows"), "\(result.errors)"
            )
            #expect(!result.errors.contains("countries"), "\(result.errors)")
        }
    }

    @Test func aHistoryAloneIntoNoDatabaseLeavesNoFileBehind() throws {
        let directory = NSTemporaryDirectory() + "atlas-import-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let database = directory + "/new.sqlite"
        let result = try runCLI([
            "import", "-", "--historical", packageRoot + "/data/disease-sh/historical.json.gz", "--database", database,
        ])
        #expect(result.status == 1)
        #expect(result.errors.contains("there is no database at \(database)"), "\(result.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "no empty .sqlite left behind")
    }
}
