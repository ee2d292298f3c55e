import AtlasCore
import Foundation
import Testing
import UpstreamStub

@testable import AtlasSource

/// Our World in Data's `vaccinations.csv` through the real libcurl from a local server: what the
/// request asks for, the cap at its limit and one byte over (counted decoded, gzip or not), a `304`,
/// and the decoder fed the file in pieces of any size.
struct VaccinationsClientTests {
    static let file = Array(
        ("location,iso_code,date,total_vaccinations,people_vaccinated,people_fully_vaccinated,total_boosters,"
            + "daily_vaccinations_raw,daily_vaccinations,total_vaccinations_per_hundred,"
            + "people_vaccinated_per_hundred,people_fully_vaccinated_per_hundred,total_boosters_per_hundred,"
            + "daily_vaccinations_per_million\r\n"
            + "\"Korea, South\",KOR,2021-11-07,79724528,41522679,39335162,356399,7068,182748,155.39,80.93,76.67,0.69,3562\r\n"
            + "\"Korea, South\",KOR,2021-11-08,80183484,41638366,39496809,538680,458956,214503,156.29,81.16,76.98,1.05,4181\r\n"
            + "World,OWID_WRL,2021-11-08,7307170312,4000000000,3100000000,,,,92.7,51.09,39.83,,\r\n").utf8)

    static func client(_ stub: StubUpstream, cap: Int = 64 << 20) -> VaccinationsClient {
        var limits = FetchLimits(connectTimeout: 2, totalTimeout: 5, lowSpeedSeconds: 2)
        limits.maxVaccinationsBodyBytes = cap
        return VaccinationsClient(url: stub.baseURL + "/v.csv", limits: limits, userAgent: "covid-atlas/test")
    }

    @Test func theRequestAsksForCSVAndGzipAndTheFileDecodesAsAWhole() throws {
        let stub = try StubUpstream { _ in .send(StubUpstream.csv(Self.file, fields: [("ETag", "\"a\"")])) }
        let outcome = try Self.client(stub).fetch(now: 0)
        #expect(
            outcome
                == .fetched(
                    try VaccinationDecoder.decode(Self.file), validators: ConditionalValidators(entityTag: "\"a\""),
                    bodyBytes: Self.file.count))
        let request = try #require(stub.requests.first)
        #expect(request.fields["accept"] == "text/csv, text/plain;q=0.5")
        #expect(request.fields["accept-encoding"]?.contains("gzip") == true)
        #expect(request.fields["if-none-match"] == nil)
    }

    @Test func aConditionalRequestAnswered304IsNotModified() throws {
        let stub = try StubUpstream { request in
            request.fields["if-none-match"] == "\"a\""
                ? .send(StubUpstream.response(status: 304)) : .send(StubUpstream.csv(Self.file))
        }
        #expect(
            try Self.client(stub).fetch(validators: ConditionalValidators(entityTag: "\"a\""), now: 0) == .notModified)
    }

    /// `FetchLimits.maxVaccinationsBodyBytes` at the file's size takes it; one byte under refuses it,
    /// announced or not, and a gzipped body is counted as it decodes (a small body may unpack to a lot).
    @Test(arguments: [false, true], [false, true])
    func theCapTakesTheFileAtItsSizeAndRefusesItOneByteUnder(gzipped: Bool, announced: Bool) throws {
        let body = gzipped ? try gzip(Self.file) : Self.file
        let fields = [("Content-Type", "text/csv")] + (gzipped ? [("Content-Encoding", "gzip")] : [])
        let stub = try StubUpstream { _ in
            .send(StubUpstream.response(status: 200, fields: fields, body: body, contentLength: announced))
        }
        guard case .fetched(let decoded, _, let bytes) = try Self.client(stub, cap: Self.file.count).fetch(now: 0)
        else {
            Issue.record("expected the file")
            return
        }
        #expect(decoded == (try VaccinationDecoder.decode(Self.file)))
        #expect(bytes == Self.file.count)
        let error = #expect(throws: SourceError.self) { try Self.client(stub, cap: Self.file.count - 1).fetch(now: 0) }
        #expect(error == .tooLarge(url: stub.baseURL + "/v.csv", limit: Self.file.count - 1))
    }

    /// However the bytes are split (inside a quoted name, between `\r` and `\n`, inside the byte order
    /// mark), the rows are the file's.
    @Test(arguments: [1, 2, 3, 7, 64, 1000])
    func piecesOfAnySizeDecodeAsTheWhole(_ size: Int) throws {
        let file = [0xEF, 0xBB, 0xBF] + Self.file
        var decoder = VaccinationDecoder.Incremental()
        var start = 0
        while start < file.count {
            let end = min(file.count, start + size)
            try file[start..<end].withUnsafeBytes { try decoder.feed($0) }
            start = end
        }
        let decoded = try decoder.finish()
        #expect(decoded == (try VaccinationDecoder.decode(Self.file)))
        #expect(decoded.series["KOR"]?.location == "Korea, South")
        #expect(decoder.bytesRead == file.count)
    }

    @Test func aBadLineIsNamedByItsNumberWhenFedInPieces() throws {
        let broken = Self.file + Array("World,OWID_WRL,2021-11-09,x,,,,,,,,,,\r\n".utf8)
        var decoder = VaccinationDecoder.Incremental()
        let error = #expect(throws: SourceError.self) {
            for byte in broken { try [byte].withUnsafeBytes { try decoder.feed($0) } }
            _ = try decoder.finish()
        }
        #expect(
            error
                == .invalidVaccinations("line 5 (World, 2021-11-09): total_vaccinations “x” is not a number"))
    }
}
