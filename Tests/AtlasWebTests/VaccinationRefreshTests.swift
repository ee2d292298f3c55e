import AtlasCore
import AtlasSource
import AtlasStore
import Foundation
import Testing
import UpstreamStub

@testable import AtlasRefresh
@testable import AtlasWeb

/// A refresh that fetches Our World in Data's `vaccinations.csv` with the disease.sh data, through the
/// real libcurl from a local server, on each store: a changed file is stored with the rest and shown; a
/// `304`, a gzipped body and identical data keep what is stored and the data version; a broken, stale,
/// thin or oversized file fails the whole refresh in one line and changes nothing.
struct VaccinationRefreshTests {
    static let shippedFile = StubUpstream.shippedVaccinationsFile(packageRoot: packageRoot)
    static let koreaLastDay =
        "South Korea,KOR,2021-11-08,80183484,41638366,39496809,538680,458956,214503,156.29,81.16,76.98,1.05,4181"

    /// The shipped file with South Korea's last share fully vaccinated changed from 76.98 to 77.12.
    static var changedFile: [UInt8] {
        let text = String(decoding: shippedFile, as: UTF8.self)
        precondition(text.contains(koreaLastDay), "the shipped file changed: update the test")
        return Array(text.replacingOccurrences(of: koreaLastDay, with: koreaChanged).utf8)
    }
    static let koreaChanged = koreaLastDay.replacingOccurrences(of: ",76.98,", with: ",77.12,")

    /// The shipped file's lines that `keep` keeps, the header always.
    static func shippedLines(where keep: (String) -> Bool) -> [UInt8] {
        let lines = String(decoding: shippedFile, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        return Array(
            ([String(lines[0])] + lines.dropFirst().map(String.init).filter(keep)).joined(separator: "\n").utf8)
    }

    /// The shipped countries with the United States' cases changed: a refresh that stored anything would
    /// change the snapshot too.
    static func changedCountries() throws -> [UInt8] {
        let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/data/disease-sh/countries.json"))
        var countries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let index = try #require(
            countries.firstIndex { ($0["countryInfo"] as? [String: Any])?["iso2"] as? String == "US" })
        countries[index]["cases"] = 50_000_001
        return [UInt8](try JSONSerialization.data(withJSONObject: countries))
    }

    /// A disease.sh stub serving `countries` (default the shipped ones), the shipped `/all` and history,
    /// and `vaccinations` at `StubUpstream.vaccinationsPath`.
    static func stub(
        countries: [UInt8]? = nil, vaccinations: @escaping @Sendable (StubUpstream.Received) -> StubUpstream.Reply
    ) throws -> StubUpstream {
        let countries =
            try countries
            ?? [UInt8](
                Data(contentsOf: URL(fileURLWithPath: packageRoot + "/data/disease-sh/countries.json")))
        let all = [UInt8](try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/data/disease-sh/all.json")))
        let history = StubUpstream.shippedHistory(packageRoot: packageRoot)
        return try StubUpstream { request in
            if StubUpstream.asksForVaccinations(request) { return vaccinations(request) }
            if StubUpstream.asksForHistory(request) { return .send(history) }
            return .send(StubUpstream.json(request.target.hasSuffix("/all") ? all : countries))
        }
    }

    static func refresh(_ stub: StubUpstream, _ fixture: AppFixture, limits: FetchLimits = FetchLimits()) -> LiveRefresh
    {
        LiveRefresh(
            client: DiseaseShClient(baseURL: stub.baseURL, limits: limits, userAgent: "test"),
            vaccinations: VaccinationsClient(
                url: stub.baseURL + StubUpstream.vaccinationsPath, limits: limits, userAgent: "test"),
            stores: fixture.app.stores)
    }

    /// The Vaccination section of a page.
    static func section(_ html: String) throws -> String {
        try #require(
            html.components(separatedBy: "id=\"vaccination-heading\"").dropFirst().first?
                .components(separatedBy: "</section>").first)
    }

    @Test(arguments: StoreKind.available)
    func aChangedFileIsStoredWithTheRestAndShownAndA304KeepsIt(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store)
        let changed = Self.changedFile
        let stub = try Self.stub { request in
            request.fields["if-none-match"] == "\"owid-2\""
                ? .send(StubUpstream.response(status: 304, reason: "Not Modified", fields: [("ETag", "\"owid-2\"")]))
                : .send(StubUpstream.csv(changed, fields: [("ETag", "\"owid-2\"")]))
        }
        let stores = fixture.app.stores
        let version = try stores.countries.snapshotVersion()
        let before = try Self.section(try fixture.client.get("/countries/kr").text)
        #expect(before.contains("<span class=\"stat-value\">76.98 %</span>"), "\(before)")

        let first = try Self.refresh(stub, fixture).refresh(now: 1_700_000_000_000)
        #expect(first.vaccinations == .fetched)
        guard case .replaced(let report) = first.result else {
            Issue.record("expected the changed file to be stored: \(first.result)")
            return
        }
        #expect(report.vaccinationLines.first?.hasPrefix("vaccinations: 235 locations, 60,324 rows") == true)
        #expect(first.vaccinationsLine == nil)
        #expect(try stores.countries.snapshotVersion() == version + 1)
        #expect(try stores.vaccinations.vaccinations() == VaccinationDecoder.decode(changed))
        let asked = try #require(stub.requests.first { StubUpstream.asksForVaccinations($0) })
        #expect(asked.fields["accept-encoding"]?.contains("gzip") == true, "\(asked.fields)")
        #expect(asked.fields["if-none-match"] == nil)

        fixture.app.checkSharedState()
        let shown = try Self.section(try fixture.client.get("/countries/kr").text)
        #expect(shown.contains("<span class=\"stat-value\">77.12 %</span>"), "\(shown)")
        #expect(try fixture.client.get("/countries/kr/vaccinations.csv").text.contains(Self.koreaChanged))

        let second = try Self.refresh(stub, fixture).refresh(now: 1_700_000_100_000)
        #expect(second.vaccinations == .notModified)
        #expect(
            second.vaccinationsLine
                == "vaccinations: \(stub.baseURL)/owid/vaccinations.csv not modified (304); the stored file is current")
        let conditional = stub.requests.filter { StubUpstream.asksForVaccinations($0) }.last
        #expect(conditional?.fields["if-none-match"] == "\"owid-2\"")
        #expect(try stores.countries.snapshotVersion() == version + 1)
        #expect(try stores.vaccinations.vaccinations() == VaccinationDecoder.decode(changed))
    }

    /// docs/field-cases.md B25: a gzipped file reads as the plain one; the same data again keeps the data
    /// version, so every page keeps its `ETag`.
    @Test(arguments: StoreKind.available)
    func aGzippedFileIsStoredAndTheSameDataAgainKeepsTheVersion(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store)
        let compressed = try gzip(Self.changedFile)
        let stub = try Self.stub { _ in .send(StubUpstream.csv(compressed, fields: [("Content-Encoding", "gzip")])) }
        let stores = fixture.app.stores
        let version = try stores.countries.snapshotVersion()
        let first = try Self.refresh(stub, fixture).refresh(now: 1_700_000_000_000)
        guard case .replaced = first.result else {
            Issue.record("expected the changed file to be stored: \(first.result)")
            return
        }
        #expect(try stores.vaccinations.vaccinations() == VaccinationDecoder.decode(Self.changedFile))
        fixture.app.checkSharedState()
        // The page's `ETag` is "VERSION-TEMPLATES-HASH"; the hash covers the freshness line, which a fetch moves.
        func tagVersion(_ tag: String?) -> Substring? { tag?.dropFirst().prefix { $0 != "-" } }
        let etag = tagVersion(try fixture.client.get("/countries/kr").fields["etag"])
        #expect(etag == "\(version + 1)")

        let again = try Self.refresh(stub, fixture).refresh(now: 1_700_000_100_000)
        guard case .unchanged = again.result else {
            Issue.record("expected nothing replaced: \(again.result)")
            return
        }
        #expect(again.vaccinationsLine == "vaccinations: the same as stored (kept)")
        #expect(try stores.countries.snapshotVersion() == version + 1)
        fixture.app.checkSharedState()
        #expect(tagVersion(try fixture.client.get("/countries/kr").fields["etag"]) == etag)
    }

    /// A vaccinations file the refresh must refuse, and a piece of its one-line error.
    struct Refused: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let reply: @Sendable () -> StubUpstream.Reply
        let message: String
        var limits = FetchLimits()
    }

    static let refused: [Refused] = {
        let shipped = shippedFile
        var oneMiB = FetchLimits()
        oneMiB.maxVaccinationsBodyBytes = 1 << 20
        let notANumber = Array(
            String(decoding: shipped, as: UTF8.self).replacingOccurrences(of: koreaLastDay, with: koreaLastDay + "x")
                .utf8)
        let negative = Array(
            String(decoding: shipped, as: UTF8.self).replacingOccurrences(
                of: koreaLastDay, with: koreaLastDay.replacingOccurrences(of: ",538680,", with: ",-538680,")
            ).utf8)
        let withoutColumn = Array(
            String(decoding: shipped, as: UTF8.self).replacingOccurrences(
                of: "people_fully_vaccinated,", with: "people_fully,"
            ).utf8)
        let stale = shippedLines { line in
            line.split(separator: ",").dropFirst(2).first.map { $0 < "2021-10-20" } ?? true
        }
        let thin = shippedLines { $0.contains(",OWID_") }
        let gzipped = (try? gzip(shipped)) ?? []
        return [
            Refused(
                testDescription: "a figure that is not a number", reply: { .send(StubUpstream.csv(notANumber)) },
                message:
                    "invalid vaccinations: line 50761 (South Korea, 2021-11-08): daily_vaccinations_per_million “4181x” is not a number"
            ),
            Refused(
                testDescription: "a negative figure", reply: { .send(StubUpstream.csv(negative)) },
                message: "invalid vaccinations: total_boosters of South Korea on 2021-11-08 is negative (-538680)"),
            Refused(
                testDescription: "a header without people_fully_vaccinated",
                reply: { .send(StubUpstream.csv(withoutColumn)) },
                message: "the header lacks people_fully_vaccinated"),
            Refused(
                testDescription: "a file ending weeks before the stored one", reply: { .send(StubUpstream.csv(stale)) },
                message: "the file ends on 2021-10-19, 20 days before the stored one"),
            Refused(
                testDescription: "under half the stored locations", reply: { .send(StubUpstream.csv(thin)) },
                message: "only 18 locations, under half of the 235 stored"),
            Refused(
                testDescription: "an HTML page",
                reply: {
                    .send(
                        StubUpstream.response(
                            status: 200, fields: [("Content-Type", "text/html")], body: Array("<html>busy</html>".utf8))
                    )
                }, message: "answered text/html instead of CSV"),
            Refused(
                testDescription: "a 503",
                reply: { .send(StubUpstream.response(status: 503, fields: [("Retry-After", "30")])) },
                message: "vaccinations.csv answered HTTP 503, Retry-After 30 s"),
            Refused(
                testDescription: "a body cut short",
                reply: {
                    .send(
                        StubUpstream.response(
                            status: 200,
                            fields: [("Content-Type", "text/csv"), ("Content-Length", "\(shipped.count)")],
                            body: Array(shipped.prefix(100_000))))
                }, message: "the connection closed before the whole body arrived"),
            Refused(
                testDescription: "over the cap with Content-Length", reply: { .send(StubUpstream.csv(shipped)) },
                message: "is larger than the 1048576-byte limit", limits: oneMiB),
            Refused(
                testDescription: "over the cap without Content-Length",
                reply: {
                    .send(
                        StubUpstream.response(
                            status: 200, fields: [("Content-Type", "text/csv")], body: shipped, contentLength: false))
                }, message: "is larger than the 1048576-byte limit", limits: oneMiB),
            Refused(
                testDescription: "over the cap once gunzipped",
                reply: { .send(StubUpstream.csv(gzipped, fields: [("Content-Encoding", "gzip")])) },
                message: "is larger than the 1048576-byte limit", limits: oneMiB),
        ]
    }()

    /// Each refusal fails the whole refresh in one line, and leaves every stored part as it was: the
    /// changed snapshot served with it is not stored either.
    @Test(arguments: StoreKind.available, refused)
    func aBadFileFailsTheRefreshInOneLineAndChangesNothing(_ store: StoreKind, _ bad: Refused) throws {
        let fixture = try AppFixture(store: store)
        let stub = try Self.stub(countries: try Self.changedCountries()) { _ in bad.reply() }
        let stores = fixture.app.stores
        let version = try stores.countries.snapshotVersion()
        let vaccinations = try stores.vaccinations.vaccinations()
        let cases = try stores.countries.loadSnapshot()?.countries.first { $0.countryInfo.iso2 == "US" }?[.cases]
        let error = #expect(throws: SourceError.self) {
            try Self.refresh(stub, fixture, limits: bad.limits).refresh(now: 1_700_000_000_000)
        }
        let line = error?.description ?? ""
        #expect(line.contains(bad.message), "\(line)")
        #expect(!line.contains("\n"), "\(line)")
        #expect(try stores.countries.snapshotVersion() == version)
        #expect(try stores.vaccinations.vaccinations() == vaccinations)
        #expect(try stores.countries.loadSnapshot()?.countries.first { $0.countryInfo.iso2 == "US" }?[.cases] == cases)
        #expect(cases != 50_000_001)
    }
}
