import AtlasCore
import Testing

@testable import AtlasSource

/// `VaccinationDecoder`: columns by header name, cells as published, empty cells not reported.
struct VaccinationDecoderTests {
    static let header =
        "location,iso_code,date,total_vaccinations,people_vaccinated,people_fully_vaccinated,total_boosters,"
        + "daily_vaccinations_raw,daily_vaccinations,total_vaccinations_per_hundred,people_vaccinated_per_hundred,"
        + "people_fully_vaccinated_per_hundred,total_boosters_per_hundred,daily_vaccinations_per_million"

    static func decode(_ text: String) throws(SourceError) -> Vaccinations {
        try VaccinationDecoder.decode(Array(text.utf8))
    }

    @Test func cellsAreKeptAsPublishedAndEmptyCellsAreNotReported() throws {
        let file =
            Self.header + "\nAfghanistan,AFG,2021-02-22,0,0,,,,,0,0,,,\nAfghanistan,AFG,2021-02-23,,,,,,1367,,,,,34\n"
        let decoded = try Self.decode(file)
        let afghanistan = try #require(decoded.series["AFG"])
        #expect(afghanistan.location == "Afghanistan")
        #expect(afghanistan.days.map(\.date.iso) == ["2021-02-22", "2021-02-23"])
        #expect(afghanistan.days[0][text: .totalVaccinations] == "0")
        #expect(afghanistan.days[0][.peopleFullyVaccinated] == nil)
        #expect(afghanistan.days[1][.totalVaccinations] == nil)
        #expect(afghanistan.days[1][.dailyVaccinations] == 1367)
        #expect(afghanistan.latest(.totalVaccinations)?.date.iso == "2021-02-22")
        #expect(afghanistan.latest(.dailyVaccinationsPerMillion)?.value == 34)
    }

    @Test func columnsAreFoundByNameSoAddedOrMovedColumnsStillRead() throws {
        let names = Self.header.split(separator: ",").map(String.init)
        let shuffled = ["daily_people_vaccinated"] + names.reversed()
        let values =
            ["9"]
            + ["Korea", "KOR", "2021-11-08", "1", "2", "3", "4", "5", "6", "7.5", "8", "9", "10", "11"]
            .reversed()
        let decoded = try Self.decode(shuffled.joined(separator: ",") + "\r\n" + values.joined(separator: ",") + "\r\n")
        let day = try #require(decoded.series["KOR"]?.days.first)
        #expect(day.cells == ["1", "2", "3", "4", "5", "6", "7.5", "8", "9", "10", "11"])
    }

    @Test func quotedFieldsMayHoldCommas() throws {
        let decoded = try Self.decode(Self.header + "\n\"Bonaire, Sint Eustatius\",BES,2021-11-08,1,,,,,,,,,,\n")
        #expect(decoded.series["BES"]?.location == "Bonaire, Sint Eustatius")
    }

    static let refused: [(String, String, String)] = [
        ("no header", "", "the file is empty"),
        ("a missing column", "location,iso_code,date,total_vaccinations\nA,AAA,2021-01-01,1\n", "the header lacks"),
        ("only a header", header + "\n", "no line of figures"),
        ("a short line", header + "\nA,AAA,2021-01-01,1\n", "line 2 has 4 fields, the header 14"),
        ("a bad date", header + "\nA,AAA,1/1/2021,,,,,,,,,,,\n", "the date “1/1/2021” is not YYYY-MM-DD"),
        (
            "a word for a number", header + "\nA,AAA,2021-01-01,many,,,,,,,,,,\n",
            "total_vaccinations “many” is not a number"
        ),
        (
            "two lines for one day", header + "\nA,AAA,2021-01-01,1,,,,,,,,,,\nA,AAA,2021-01-01,2,,,,,,,,,,\n",
            "a second line for A on 2021-01-01"
        ),
    ]

    @Test(arguments: refused)
    func aBrokenFileIsRefusedInOneLine(_ name: String, file: String, reason: String) {
        let error = #expect(throws: SourceError.self, "\(name)") { try Self.decode(file) }
        #expect(error?.description.contains(reason) == true, "\(name): \(error?.description ?? "")")
        #expect(error?.description.contains("\n") == false)
    }
}

/// `VaccinationValidation`: refusals in one line, falls kept and flagged.
struct VaccinationValidationTests {
    static func file(_ rows: [String]) throws -> Vaccinations {
        try VaccinationDecoder.decode(
            Array((VaccinationDecoderTests.header + "\n" + rows.joined(separator: "\n")).utf8))
    }

    @Test func aFallingRunningTotalIsKeptAndFlagged_B41() throws {
        let new = try Self.file([
            "Germany,DEU,2021-05-01,100,50,,,,,,,,,", "Germany,DEU,2021-05-02,90,55,,,,,,,,,",
        ])
        let accepted = try VaccinationValidation.validate(new, stored: nil)
        #expect(accepted.falls == ["Germany: total_vaccinations 100 on 2021-05-01 → 90 on 2021-05-02"])
        #expect(accepted.rowCount == 2)
        #expect(accepted.locationCount == 1)
    }

    @Test func aNegativeFigureIsRefused() throws {
        let new = try Self.file(["Germany,DEU,2021-05-01,,-5,,,,,,,,,"])
        let error = #expect(throws: SourceError.self) { try VaccinationValidation.validate(new, stored: nil) }
        #expect(
            error?.description
                == "invalid vaccinations: people_vaccinated of Germany on 2021-05-01 is negative (-5); the stored data is kept"
        )
    }

    @Test func aCountThatIsNotWholeIsRefused() throws {
        let new = try Self.file(["Germany,DEU,2021-05-01,1.5,,,,,,,,,,"])
        #expect(throws: SourceError.self) { try VaccinationValidation.validate(new, stored: nil) }
    }

    @Test func underHalfTheStoredLocationsIsRefused() throws {
        let stored = try Self.file((0..<5).map { "L\($0),L\($0)X,2021-05-01,1,,,,,,,,,," })
        let new = try Self.file(["L0,L0X,2021-05-02,1,,,,,,,,,,", "L1,L1X,2021-05-02,1,,,,,,,,,,"])
        let error = #expect(throws: SourceError.self) { try VaccinationValidation.validate(new, stored: stored) }
        #expect(error?.description.contains("only 2 locations, under half of the 5 stored") == true)
        #expect(throws: Never.self) { try VaccinationValidation.validate(stored, stored: new) }
    }

    @Test func aFileEndingWeeksBeforeTheStoredOneIsRefused() throws {
        let stored = try Self.file(["A,AAA,2021-11-08,1,,,,,,,,,,"])
        let twoWeeks = try Self.file(["A,AAA,2021-10-25,1,,,,,,,,,,"])
        let older = try Self.file(["A,AAA,2021-10-24,1,,,,,,,,,,"])
        #expect(throws: Never.self) { try VaccinationValidation.validate(twoWeeks, stored: stored) }
        let error = #expect(throws: SourceError.self) { try VaccinationValidation.validate(older, stored: stored) }
        #expect(error?.description.contains("the file ends on 2021-10-24, 15 days before the stored one") == true)
    }
}
