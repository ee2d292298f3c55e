import AtlasCore
import AtlasSource
import Testing

/// What may replace the stored snapshot: the shipped data passes; each kind of broken payload is refused
/// in one line that names the entry and the field.
struct SnapshotValidationTests {
    /// The shipped snapshot, decoded once; a test that needs it fails with the reason if it is unreadable.
    static let loaded = Result {
        try SnapshotDecoder.decodeSnapshot(
            countries: try Fixtures.bytes("countries.json"), all: try Fixtures.bytes("all.json"), source: "test")
    }

    static func shipped() throws -> Snapshot { try loaded.get() }

    static func changing(_ index: Int, _ change: (inout Country) -> Void) throws -> Snapshot {
        var snapshot = try shipped()
        change(&snapshot.countries[index])
        return snapshot
    }

    @Test func theShippedSnapshotPasses() throws {
        let shipped = try Self.shipped()
        #expect(shipped.countries.count == 224)
        let accepted = try SnapshotValidation.validate(shipped, storedCountryCount: 224)
        // Every counter of every entry is present in the shipped file, none is a negative correction.
        #expect(accepted == .init(countryCount: 224, unknownFigures: 0, negativeDailyFigures: 0))
        #expect(try SnapshotValidation.validate(shipped, storedCountryCount: nil) == accepted)
    }

    /// docs/field-cases.md B03, B27: nulls, missing counters, odd continents and fractional ratios are data.
    @Test func driftedRecordsPass_B03_B27() throws {
        let drifted = try Self.changing(0) { country in
            country[.recovered] = nil
            country[.todayRecovered] = nil
            country.continent = "1439323776"
            country[ratio: .casesPerOneMillion] = 0.7
        }
        let accepted = try SnapshotValidation.validate(drifted, storedCountryCount: 224)
        // All 224 entries kept; the two counters sent as null count as unknown, not as errors.
        #expect(accepted.countryCount == 224)
        #expect(accepted.unknownFigures == 2)
    }

    @Test func negativeTodayFiguresAreCorrectionsNotErrors() throws {
        let accepted = try SnapshotValidation.validate(
            try Self.changing(0) { $0[.todayCases] = -12 }, storedCountryCount: nil)
        #expect(accepted.countryCount == 224)
        #expect(accepted.negativeDailyFigures == 1)
    }

    @Test(arguments: [
        (-1, "negative cases -1 in \"Afghanistan\""),
        (Int64.max, "absurd cases 9223372036854775807 in \"Afghanistan\" (over 100000000000)"),
        (Int64.max - 1000, "absurd cases 9223372036854774807 in \"Afghanistan\" (over 100000000000)"),
    ])
    func aBrokenFigureIsRefused(cases: Int64, reason: String) throws {
        let broken = try Self.changing(0) { $0[.cases] = cases }
        #expect(throws: SourceError.invalidSnapshot(reason)) {
            try SnapshotValidation.validate(broken, storedCountryCount: 224)
        }
    }

    @Test func anAbsurdTotalIsRefused() throws {
        var snapshot = try Self.shipped()
        snapshot.totals[.deaths] = Int64.min
        #expect(throws: SourceError.invalidSnapshot("negative deaths -9223372036854775808 in the worldwide totals")) {
            try SnapshotValidation.validate(snapshot, storedCountryCount: 224)
        }
    }

    @Test func duplicateIdsAreRefusedByName() throws {
        var byISO2 = try Self.shipped()
        byISO2.countries[1].countryInfo.iso2 = "AF"
        #expect(throws: SourceError.invalidSnapshot("duplicate id ISO2 AF: \"Afghanistan\" and \"Albania\"")) {
            try SnapshotValidation.validate(byISO2, storedCountryCount: nil)
        }
        var ships = try Self.shipped()
        let ship = ships.countries.first { $0.country == "Diamond Princess" }!
        ships.countries.append(ship)
        #expect(
            throws: SourceError.invalidSnapshot(
                "duplicate id id diamond-princess: \"Diamond Princess\" and \"Diamond Princess\"")
        ) {
            try SnapshotValidation.validate(ships, storedCountryCount: nil)
        }
    }

    @Test(arguments: [(112, true), (111, false)])
    func losingMoreThanHalfTheCountriesIsRefused(kept: Int, passes: Bool) throws {
        var snapshot = try Self.shipped()
        snapshot.countries = Array(snapshot.countries.prefix(kept))
        if passes {
            #expect(try SnapshotValidation.validate(snapshot, storedCountryCount: 224).countryCount == kept)
        } else {
            #expect(
                throws: SourceError.invalidSnapshot(
                    "only 111 countries, under half of the 224 stored; keeping the stored data")
            ) { try SnapshotValidation.validate(snapshot, storedCountryCount: 224) }
        }
    }

    /// Each field decodes to `nil` on its own (B03), but a payload where most entries lost the same
    /// field would replace every stored figure with "n/a": refused as a whole.
    @Test(arguments: [
        ("\"cases\":", "\"cases\":null,\"was\":", "cases"), ("\"cases\":", "\"cases\":\"1\",\"was\":", "cases"),
        ("\"cases\":", "\"cases\":1e30,\"was\":", "cases"), ("\"deaths\":", "\"was\":", "deaths"),
        ("\"updated\":", "\"updated\":99999999999999,\"was\":", "updated"),
    ])
    func aFieldLostByMostEntriesIsRefused(member: String, replacement: String, field: String) throws {
        let body = String(decoding: try Fixtures.bytes("countries.json"), as: UTF8.self)
            .replacingOccurrences(of: member, with: replacement)
        let countries = try SnapshotDecoder.decodeCountries(Array(body.utf8))
        #expect(countries.count == 224)
        let snapshot = Snapshot(countries: countries, totals: try Self.shipped().totals, source: "test")
        #expect(
            throws: SourceError.invalidSnapshot(
                "only 0 of 224 countries have a usable \(field) (null, missing, not a number or out of range); "
                    + "keeping the stored data")
        ) { try SnapshotValidation.validate(snapshot, storedCountryCount: 224) }
    }

    /// `/all` comes from a second request: worldwide figures below one country's do not belong with them.
    @Test func worldwideFiguresBelowOneCountrysAreRefused() throws {
        var snapshot = try Self.shipped()
        snapshot.totals[.cases] = 5
        #expect(
            throws: SourceError.invalidSnapshot(
                "the worldwide cases 5 are fewer than the 47891997 of \"USA\"; /all disagrees with the countries")
        ) { try SnapshotValidation.validate(snapshot, storedCountryCount: 224) }
        snapshot = try Self.shipped()
        snapshot.totals[.deaths] = 1
        #expect(throws: SourceError.self) { try SnapshotValidation.validate(snapshot, storedCountryCount: 224) }
        snapshot.totals[.deaths] = nil
        // Unknown worldwide deaths are no disagreement: the snapshot passes whole.
        #expect(try SnapshotValidation.validate(snapshot, storedCountryCount: 224).countryCount == 224)
    }

    @Test func halfTheEntriesWithoutCasesStillPass() throws {
        var snapshot = try Self.shipped()
        for index in 0..<112 { snapshot.countries[index][.cases] = nil }
        let accepted = try SnapshotValidation.validate(snapshot, storedCountryCount: 224)
        #expect(accepted.countryCount == 224)
        #expect(accepted.unknownFigures == 112)
    }

    @Test func noCountriesIsAnEmptyPayload() throws {
        #expect(throws: SourceError.emptyPayload) {
            try SnapshotValidation.validate(
                Snapshot(countries: [], totals: WorldTotals(), source: "t"), storedCountryCount: nil)
        }
    }
}

/// `Retry-After` (RFC 9110 §10.2.3) in both its forms, and media types.
struct FetchResponseTests {
    @Test(arguments: [
        ("60", Int64?.some(60)), (" 0 ", 0), ("Sun, 29 Nov 2026 12:01:40 GMT", 100),
        ("Sun, 29 Nov 2026 11:00:00 GMT", 0),
        ("soon", nil), ("", nil), ("-5", nil), ("99999999999999999999999", Int64.max),
    ])
    func retryAfterIsReadInSeconds(value: String, seconds: Int64?) {
        // 2026-11-29T12:00:00Z in ms since the epoch.
        let now: Int64 = 1_795_953_600_000
        let response = FetchResponse(status: 429, fields: ["retry-after": value], body: [])
        #expect(response.retryAfterSeconds(now: now) == seconds)
    }

    @Test(arguments: [
        ("application/json; charset=utf-8", "application/json"), ("Application/JSON", "application/json"),
        ("text/html;charset=UTF-8", "text/html"), ("", ""),
    ])
    func theMediaTypeDropsParameters(field: String, mediaType: String) {
        #expect(FetchResponse(status: 200, fields: ["content-type": field], body: []).mediaType == mediaType)
    }
}

/// Entries that decode but are implausible: a name nobody has is refused like an absurd figure; deaths
/// or recoveries above cases and a continent that is not one are kept, and named in the verdict.
struct ImplausibleEntryTests {
    @Test func aNameOfAHundredThousandCharactersIsRefused() throws {
        let broken = try SnapshotValidationTests.changing(3) { $0.country = String(repeating: "A", count: 100_000) }
        let error = try #require(throws: SourceError.self) {
            try SnapshotValidation.validate(broken, storedCountryCount: 224)
        }
        #expect(
            error.description
                == "invalid snapshot: the name of entry 4 (“AAAAAAAAAAAAAAAAAAAA…”) is 100000 characters long, "
                + "over 100; keeping the stored data")
    }

    @Test func aNameOfAHundredCharactersPasses() throws {
        let long = try SnapshotValidationTests.changing(3) { $0.country = String(repeating: "A", count: 100) }
        #expect(try SnapshotValidation.validate(long, storedCountryCount: 224).flagged.isEmpty)
    }

    @Test func implausibleEntriesAreKeptAndFlagged() throws {
        var snapshot = try SnapshotValidationTests.shipped()
        snapshot.countries[0][.deaths] = (snapshot.countries[0][.cases] ?? 0) + 1
        snapshot.countries[1][.recovered] = (snapshot.countries[1][.cases] ?? 0) + 2
        snapshot.countries[2].continent = "Mars"
        snapshot.countries[3].continent = ""
        let verdict = try SnapshotValidation.validate(snapshot, storedCountryCount: 224)
        #expect(verdict.countryCount == 224)
        let c = snapshot.countries
        #expect(
            verdict.flagged == [
                "“\(c[0].country)”: \(c[0][.deaths]!) deaths above \(c[0][.cases]!) cases",
                "“\(c[1].country)”: \(c[1][.recovered]!) recovered above \(c[1][.cases]!) cases",
                "“\(c[2].country)”: the continent “Mars” is none of the six (listed under All only)",
                "“\(c[3].country)”: no continent (listed under All only)",
            ])
    }

    /// The cruise ships have no ISO code and an empty continent: a known quirk, not a flag.
    @Test func theShippedDataHasNothingToFlag() throws {
        let verdict = try SnapshotValidation.validate(try SnapshotValidationTests.shipped(), storedCountryCount: nil)
        #expect(verdict.flagged.isEmpty)
        #expect(verdict.leftOut.isEmpty)
    }
}
