import AtlasCore
import AtlasSource
import Testing

/// Wraps one country object's members into a one-element countries payload.
private func payload(_ members: String) -> [UInt8] {
    Array("[{\(members)}]".utf8)
}

private func decodeOne(_ members: String) throws -> Country {
    let countries = try SnapshotDecoder.decodeCountries(payload(members))
    return try #require(countries.first)
}

struct ShippedSnapshotDecoding {
    @Test func theShippedSnapshotDecodesToAll224CountriesInUpstreamOrder() throws {
        let countries = try SnapshotDecoder.decodeCountries(Fixtures.bytes("countries.json"))
        #expect(countries.count == 224)
        #expect(countries.first?.country == "Afghanistan")
        #expect(countries.first?.updated == 1_636_866_663_168)
        #expect(
            countries.first?.countryInfo
                == CountryInfo(
                    _id: 4, iso2: "AF", iso3: "AFG", lat: 33, long: 65,
                    flag: "https://disease.sh/assets/img/flags/af.png"))
        #expect(countries.first?[ratio: .activePerOneMillion] == 502.47)
    }

    @Test(arguments: ["Diamond Princess", "MS Zaandam"])
    func aCruiseShipHasNoISOCodesAndAnEmptyContinent(name: String) throws {
        let countries = try SnapshotDecoder.decodeCountries(Fixtures.bytes("countries.json"))
        let ship = try #require(countries.first { $0.country == name })
        #expect(ship.countryInfo.iso2 == nil)
        #expect(ship.countryInfo.iso3 == nil)
        #expect(ship.countryInfo._id == nil)
        #expect(ship.continent == "")
        #expect(ship[.population] == 0)
        #expect(ship[.cases] != nil)
    }

    @Test(arguments: [("S. Korea", "KR", "KOR"), ("Côte d'Ivoire", "CI", "CIV"), ("Curaçao", "CW", "CUW")])
    func countriesKeepTheirISOCodesAndUnicodeNames(name: String, iso2: String, iso3: String) throws {
        let countries = try SnapshotDecoder.decodeCountries(Fixtures.bytes("countries.json"))
        let country = try #require(countries.first { $0.country == name })
        #expect(country.countryInfo.iso2 == iso2)
        #expect(country.countryInfo.iso3 == iso3)
    }

    @Test func theShippedWorldTotalsDecodeExactly() throws {
        let totals = try SnapshotDecoder.decodeTotals(Fixtures.bytes("all.json"))
        #expect(totals.updated == 1_636_866_662_668)
        #expect(totals[.cases] == 253_684_421)
        #expect(totals[.tests] == 4_124_952_444)
        #expect(totals[.population] == 7_862_457_408)
        #expect(totals[ratio: .deathsPerOneMillion] == 655.7)
        #expect(totals[ratio: .oneCasePerPeople] == 0)
        #expect(totals[.affectedCountries] == 224)
    }

    @Test func loadingTheSnapshotFolderGivesBothFilesAndTheSource() throws {
        let snapshot = try SnapshotDecoder.loadSnapshot(directory: Fixtures.snapshotDirectory)
        #expect(snapshot.countries.count == 224)
        #expect(snapshot.totals[.affectedCountries] == 224)
        #expect(snapshot.source == "file:\(Fixtures.snapshotDirectory)")
        #expect(snapshot.importedAt == nil)
        #expect(snapshot.dataUpdated == 1_636_866_662_668)
    }

    @Test func aMissingSnapshotFolderIsAnUnreadableFileError() {
        #expect(throws: SourceError.unreadableFile(path: "/nonexistent/atlas/countries.json", reason: "no such file")) {
            try SnapshotDecoder.loadSnapshot(directory: "/nonexistent/atlas")
        }
    }
}

struct SchemaDriftTolerance {
    @Test func aFractionalRatioAndAnIntegralDoubleCountDecode_B27() throws {
        let country = try decodeOne(
            #""country":"Testland","casesPerOneMillion":0.7,"deathsPerOneMillion":1529.05,"tests":1000000.0"#)
        #expect(country[ratio: .casesPerOneMillion] == 0.7)
        #expect(country[ratio: .deathsPerOneMillion] == 1529.05)
        #expect(country[.tests] == 1_000_000)
    }

    @Test func aNumericContinentAStrayKeyAndNullRecoveredDecode_B03() throws {
        let country = try decodeOne(
            #""country":"Driftland","continent":"1439323776","undefined":12,"cases":10,"recovered":null,"todayCases":3"#
        )
        #expect(country.continent == "1439323776")
        #expect(country[.recovered] == nil)
        #expect(country[.todayRecovered] == nil)
        #expect(country[.cases] == 10)
        #expect(country[.todayCases] == 3)
    }

    @Test func theSlashSpellingOfOceaniaIsKeptAsSent_B03() throws {
        let country = try decodeOne(#""country":"Fiji","continent":"Australia/Oceania""#)
        #expect(country.continent == "Australia/Oceania")
    }

    @Test(arguments: [
        ("1636866663168", Int64?.some(1_636_866_663_168)),
        ("1636866663168.0", 1_636_866_663_168),
        ("1000000.0", 1_000_000),
        ("1e3", 1000),
        ("2.9", 2),
        ("-2.9", -2),
        ("0.7", 0),
        ("9223372036854775807", Int64.max),
        ("-9223372036854775808", Int64.min),
        ("9223372036854775808", nil),
        ("1e400", nil),
        (#""12""#, nil),
        ("true", nil),
        ("null", nil),
        ("{}", nil),
    ])
    func aCountIsExactOrRoundedTowardZeroOrNil(json: String, expected: Int64?) throws {
        let country = try decodeOne(#""country":"Countland","deaths":5,"cases":"# + json)
        #expect(country[.cases] == expected)
        #expect(country[.deaths] == 5)
    }

    @Test(arguments: [
        ("0.7", Double?.some(0.7)), ("1529.05", 1529.05), ("3", 3), ("-0.5", -0.5), ("1e400", nil), (#""1.5""#, nil),
        ("null", nil),
    ])
    func aRatioIsADoubleOrNil(json: String, expected: Double?) throws {
        let country = try decodeOne(#""country":"Ratioland","casesPerOneMillion":"# + json)
        #expect(country[ratio: .casesPerOneMillion] == expected)
    }

    @Test func aMissingOrNullCountryInfoGivesEmptyIdentifiers() throws {
        let missing = try decodeOne(#""country":"Nowhere""#)
        let null = try decodeOne(#""country":"Nowhere","countryInfo":null"#)
        let emptyCodes = try decodeOne(#""country":"Nowhere","countryInfo":{"iso2":"","iso3":"","_id":null}"#)
        #expect(missing.countryInfo == CountryInfo())
        #expect(null.countryInfo == CountryInfo())
        #expect(emptyCodes.countryInfo == CountryInfo())
        #expect(missing.continent == "")
        #expect(missing[.cases] == nil)
    }

    @Test func escapedAndNonASCIINamesDecodeToTheSameText() throws {
        let escaped = try decodeOne(#""country":"C\u00f4te d'Ivoire \ud83d\ude80""#)
        let raw = try decodeOne(#""country":"Côte d'Ivoire 🚀""#)
        #expect(escaped.country == "Côte d'Ivoire 🚀")
        #expect(raw.country == escaped.country)
    }

    @Test func entriesWithoutACountryNameAreSkippedAndTheOthersSurvive() throws {
        let bytes = Array(
            #"""
            [{"country":"First","cases":1},
             {"cases":2},
             {"country":null,"cases":3},
             {"country":42},
             {"country":"  "},
             7, null, [],
             {"country":"Last","cases":9}]
            """#.utf8)
        let countries = try SnapshotDecoder.decodeCountries(bytes)
        #expect(countries.map(\.country) == ["First", "Last"])
        #expect(countries.map { $0[.cases] } == [1, 9])
    }
}

struct RejectedPayloads {
    @Test(arguments: [
        ("an HTML error page", "<html><body>502 Bad Gateway</body></html>", "HTML"),
        ("an empty body", "", "empty"),
        ("a whitespace-only body", " \r\n\t", "empty"),
        ("a truncated array", #"[{"country":"Afghanistan","cases":1"#, "truncated"),
        ("a missing comma", #"[{"country":"A"} {"country":"B"}]"#, "malformed"),
        ("text after the value", #"[{"country":"A"}] trailing"#, "malformed"),
    ])
    func bytesThatAreNotJSONThrowNotJSONWithAReason(name: String, body: String, reasonPart: String) {
        do {
            _ = try SnapshotDecoder.decodeCountries(Array(body.utf8))
            Issue.record("\(name) decoded")
        } catch .notJSON(let reason) {
            #expect(reason.contains(reasonPart), "\(name): \(reason)")
        } catch {
            Issue.record("\(name): unexpected \(error)")
        }
    }

    @Test func theShippedFileCutInHalfIsReportedAsTruncated() throws {
        let bytes = Array(try Fixtures.bytes("countries.json").prefix(60_000))
        #expect(throws: SourceError.notJSON("the JSON is truncated or malformed (60000 bytes)")) {
            try SnapshotDecoder.decodeCountries(bytes)
        }
    }

    @Test(arguments: [
        ("{}", "expected a JSON array of countries, got an object"),
        (#""countries""#, "expected a JSON array of countries, got a string"),
        ("null", "expected a JSON array of countries, got null"),
        (#"[{"cases":1},{"name":"x"}]"#, "none of the 2 entries is an object with a \"country\" name"),
    ])
    func jsonOfTheWrongShapeIsAMalformedPayload(body: String, reason: String) {
        #expect(throws: SourceError.malformedPayload(reason)) {
            try SnapshotDecoder.decodeCountries(Array(body.utf8))
        }
    }

    @Test func anEmptyCountriesArrayIsAnEmptyPayload() {
        #expect(throws: SourceError.emptyPayload) {
            try SnapshotDecoder.decodeCountries(Array(" [ ] ".utf8))
        }
    }

    @Test func worldTotalsThatAreAnArrayAreAMalformedPayload() {
        #expect(throws: SourceError.malformedPayload("expected a JSON object of worldwide totals, got an array")) {
            try SnapshotDecoder.decodeTotals(Array("[]".utf8))
        }
    }

    @Test func aSnapshotWithBadTotalsFailsAsAWhole() {
        #expect(throws: SourceError.self) {
            try SnapshotDecoder.decodeSnapshot(
                countries: Fixtures.bytes("countries.json"), all: Array("<html>".utf8), source: "test")
        }
    }

    @Test func errorsDescribeThemselvesInOneLine() {
        let errors: [SourceError] = [
            .notJSON("the body is empty"), .malformedPayload("expected a JSON array of countries, got an object"),
            .emptyPayload, .unreadableFile(path: "/x/all.json", reason: "no such file"),
        ]
        for error in errors {
            #expect(!error.description.isEmpty)
            #expect(!error.description.contains("\n"))
        }
        #expect(
            SourceError.unreadableFile(path: "/x/all.json", reason: "no such file").description
                == "cannot read /x/all.json: no such file")
    }
}

/// What Foundation's `JSONDecoder` accepts and refuses, as seen through `SnapshotDecoder`.
struct JSONSyntax {
    @Test func nestingBeyondTheDecodersLimitIsNotJSONRatherThanACrash() {
        let deep = Array(repeating: UInt8(ascii: "["), count: 100_000)
        #expect(throws: SourceError.notJSON("the JSON is truncated or malformed (100000 bytes)")) {
            try SnapshotDecoder.decodeCountries(deep)
        }
    }

    @Test func aByteOrderMarkAndWhitespaceAreAccepted() throws {
        let bytes = [0xEF, 0xBB, 0xBF] + Array(" \n[{\"country\":\"A\",\"cases\":1}]\t".utf8)
        let countries = try SnapshotDecoder.decodeCountries(bytes)
        #expect(countries.map(\.country) == ["A"])
        #expect(countries.map { $0[.cases] } == [1])
    }

    @Test(arguments: ["tru", "[1 2]", "{\"a\" 1}", "{1:2}", "{a:1}", "'x'", "NaN", "[Infinity]", "// note\n[1]"])
    func invalidJSONTextIsNotJSON(text: String) {
        do {
            _ = try SnapshotDecoder.decodeCountries(Array(text.utf8))
            Issue.record("\(text) decoded")
        } catch .notJSON(let reason) {
            #expect(reason.contains("malformed"), "\(text): \(reason)")
        } catch {
            Issue.record("\(text): unexpected \(error)")
        }
    }

    @Test func invalidUTF8InANameSkipsOnlyThatEntry() throws {
        let badName: [UInt8] = Array(#"[{"country":""#.utf8) + [0xC3, 0x28] + Array(#""},{"country":"B"}]"#.utf8)
        let countries = try SnapshotDecoder.decodeCountries(badName)
        #expect(countries.map(\.country) == ["B"])
    }

    @Test func anInvalidEscapeInOneFieldCostsOnlyThatField() throws {
        let country = try decodeOne(#""country":"Escapeland","continent":"\x","cases":4"#)
        #expect(country.continent == "")
        #expect(country[.cases] == 4)
    }

    @Test func aWorldTotalsBodyThatIsNotJSONIsNotJSON() {
        #expect(throws: SourceError.notJSON("the body starts with '<', it looks like an HTML page")) {
            try SnapshotDecoder.decodeTotals(Array("\n<!DOCTYPE html>".utf8))
        }
    }
}

struct TimestampRangeTests {
    @Test(arguments: ["-9223372036854775808", "-1", "32503680000001", "9999999999999999"])
    func anUpdatedTimeOutsideTheYears1970To3000IsUnknown(_ value: String) throws {
        let countries = try SnapshotDecoder.decodeCountries(
            Array("[{\"country\":\"A\",\"updated\":\(value),\"cases\":1}]".utf8))
        #expect(countries.first?.updated == nil)
        #expect(countries.first?[.cases] == 1)
    }

    @Test func aRealTimeIsKeptExactly() throws {
        let countries = try SnapshotDecoder.decodeCountries(
            Array("[{\"country\":\"A\",\"updated\":1636866663168}]".utf8))
        #expect(countries.first?.updated == 1_636_866_663_168)
    }
}

/// An entry the decoder leaves out is named (its place, its codes, why), so an import's report can say
/// so instead of counting it out without a word.
struct LeftOutEntryTests {
    @Test func eachLeftOutEntryIsNamedByItsPlaceCodesAndReason() throws {
        let body = #"""
            [{"country":"Chile","cases":1},
             {"country":"","countryInfo":{"iso2":"FR","iso3":"FRA"},"cases":5},
             7,
             {"countryInfo":{"iso2":"DE"}},
             {"country":"Peru"}]
            """#
        let decoded = try SnapshotDecoder.decodeCountriesNamingTheLeftOut(Array(body.utf8))
        #expect(decoded.countries.map(\.country) == ["Chile", "Peru"])
        #expect(
            decoded.leftOut.map(\.description) == [
                "entry 2 (ISO2 FR, ISO3 FRA): a blank country name", "entry 3: not an object",
                "entry 4 (ISO2 DE): no country name",
            ])
    }

    @Test func aSnapshotCarriesItsLeftOutEntriesButIsEqualWithoutThem() throws {
        let snapshot = try SnapshotDecoder.decodeSnapshot(
            countries: Array(#"[{"country":"Chile"},{"country":" "}]"#.utf8), all: Array("{}".utf8), source: "t")
        #expect(snapshot.leftOut.map(\.position) == [2])
        var without = snapshot
        without.leftOut = []
        #expect(snapshot == without)
    }
}
