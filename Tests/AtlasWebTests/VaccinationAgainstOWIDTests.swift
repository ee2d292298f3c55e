import Foundation
import HTTPCore
import Testing

@testable import AtlasWeb

/// Our World in Data's `vaccinations.csv` as shipped (`data/owid/`), read by this test's own reader:
/// every line kept as text, by `iso_code`.
struct OWIDFile {
    let header: String
    let columns: [String]
    /// `iso_code` → its lines, in file order.
    let lines: [String: [String]]

    static let shipped = Result { try OWIDFile(path: packageRoot + "/data/owid/vaccinations.csv") }

    init(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let all = text.split(separator: "\n").map(String.init)
        header = all[0]
        columns = header.components(separatedBy: ",")
        var lines: [String: [String]] = [:]
        for line in all.dropFirst() {
            // This reader splits on commas: the shipped file has no quoted field.
            precondition(!line.contains("\""))
            lines[line.components(separatedBy: ",")[1], default: []].append(line)
        }
        self.lines = lines
    }

    /// The last non-empty value of `column` for `isoCode` and its date.
    func latest(_ column: String, of isoCode: String) -> (value: String, date: String)? {
        let index = columns.firstIndex(of: column)!
        for line in (lines[isoCode] ?? []).reversed() {
            let fields = line.components(separatedBy: ",")
            if !fields[index].isEmpty { return (fields[index], fields[2]) }
        }
        return nil
    }

    /// `(date, value)` of every line where `column` is not empty.
    func reported(_ column: String, of isoCode: String) -> [(date: String, value: String)] {
        let index = columns.firstIndex(of: column)!
        return (lines[isoCode] ?? []).compactMap { line in
            let fields = line.components(separatedBy: ",")
            return fields[index].isEmpty ? nil : (fields[2], fields[index])
        }
    }
}

/// What the app serves of vaccination is what OWID published, read from the file itself, for places
/// that report differently: daily (kr, us, il), with gaps (de, jp, in, br), stopping early (pt's last
/// report is 1 Nov, hu's fully vaccinated stops), boosters or none, the UK and France as wholes, the
/// World; an entry OWID has no row for (Réunion), and the Channel Islands, deliberately without.
struct VaccinationAgainstOWIDTests {
    static let places: [(id: String, isoCode: String?)] = [
        ("kr", "KOR"), ("us", "USA"), ("de", "DEU"), ("pt", "PRT"), ("in", "IND"), ("gb", "GBR"), ("fr", "FRA"),
        ("il", "ISR"), ("jp", "JPN"), ("br", "BRA"), ("hu", "HUN"), ("@world", "OWID_WRL"), ("re", nil),
        ("je", nil),
    ]

    static func paths(_ id: String) -> (page: String, csv: String, json: String) {
        id == "@world"
            ? ("/", "/vaccinations.csv", "/api/vaccine/coverage?lastdays=all")
            : (
                "/countries/\(id)", "/countries/\(id)/vaccinations.csv",
                "/api/vaccine/coverage/countries/\(id)?lastdays=all"
            )
    }

    static func grouped(_ text: String) -> String {
        var digits = Array(text)
        var result = ""
        while digits.count > 3 {
            result = "," + String(digits.suffix(3)) + result
            digits.removeLast(3)
        }
        return String(digits) + result
    }

    static let shortMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func short(_ iso: String) -> String {
        let parts = iso.split(separator: "-").map { Int($0)! }
        return "\(parts[2]) \(shortMonths[parts[1] - 1]) \(parts[0])"
    }

    static func jhuDate(_ iso: String) -> String {
        let parts = iso.split(separator: "-").map { Int($0)! }
        return "\(parts[1])/\(parts[2])/\(parts[0] % 100)"
    }

    @Test(arguments: StoreKind.available, places.indices)
    func servedFiguresAreOWIDsOwn(_ store: StoreKind, _ index: Int) throws {
        let file = try OWIDFile.shipped.get()
        let app = try AppFixture(store: store)
        let (id, isoCode) = Self.places[index]
        let paths = Self.paths(id)

        let page = try app.client.get(paths.page)
        #expect(page.status == .ok)
        let section = try #require(
            page.text.components(separatedBy: "id=\"vaccination-heading\"").dropFirst().first?
                .components(separatedBy: "</section>").first)
        let shown: [(label: String, column: String, unit: String)] = [
            ("Doses given", "total_vaccinations", "count"),
            ("At least one dose", "people_vaccinated_per_hundred", "%"),
            ("Fully vaccinated", "people_fully_vaccinated_per_hundred", "%"),
            ("Boosters per hundred people", "total_boosters_per_hundred", ""),
        ]
        if isoCode == nil {
            // No row: one sentence, no grid of "not reported" and no chart links that lead nowhere.
            #expect(section.contains("<p class=\"vaccination-message\">"), "\(id): \(section)")
            #expect(!section.contains("<dt>"), "\(id): \(section)")
            #expect(!section.contains("chart-controls"), "\(id): \(section)")
        }
        for (label, column, unit) in isoCode == nil ? [] : shown {
            let cell = try #require(
                section.components(separatedBy: "<dt>\(label)</dt>").dropFirst().first?
                    .components(separatedBy: "</dd>").first, "\(id): no \(label)")
            guard let isoCode, let latest = file.latest(column, of: isoCode) else {
                #expect(cell.contains(">not reported</span>"), "\(id) \(label): \(cell)")
                continue
            }
            let value = unit == "count" ? Self.grouped(latest.value) : latest.value + (unit == "%" ? " %" : "")
            #expect(cell.contains("<span class=\"stat-value\">\(value)</span>"), "\(id) \(label): \(cell)")
            #expect(
                cell.contains("on <time datetime=\"\(latest.date)\">\(Self.short(latest.date))</time>"),
                "\(id) \(label): \(cell)")
        }
        #expect(section.contains("Our World in Data"))
        #expect(section.contains("CC BY 4.0"))

        // The chart's words: each line's last report, from the file, for the shares and the daily doses.
        if let isoCode {
            let views: [(query: String, lines: [(words: String, column: String, share: Bool)])] = [
                (
                    "",
                    [
                        ("at least one dose", "people_vaccinated_per_hundred", true),
                        ("fully vaccinated", "people_fully_vaccinated_per_hundred", true),
                    ]
                ),
                ("metric=doses", [("doses a day", "daily_vaccinations", false)]),
                ("metric=doses&interval=cumulative", [("doses given", "total_vaccinations", false)]),
            ]
            for (query, lines) in views {
                let response = try app.client.get(query.isEmpty ? paths.page : paths.page + "?" + query)
                #expect(response.status == .ok, "\(id) \(query)")
                let words = try #require(
                    response.text.components(separatedBy: "<desc id=\"vaccination-chart-desc\">").dropFirst().first?
                        .components(separatedBy: "</desc>").first, "\(id) \(query): no chart")
                for (name, column, share) in lines {
                    guard let latest = file.latest(column, of: isoCode) else { continue }
                    // A share as OWID wrote it (`53.3`, not `53.30`), a count grouped.
                    let value = share ? latest.value + " %" : Self.grouped(latest.value)
                    #expect(
                        words.contains("\(name) \(value) on \(Self.short(latest.date))"), "\(id) \(query): \(words)")
                }
            }
        }

        let csv = try app.client.get(paths.csv)
        let json = try app.client.get(paths.json)
        guard let isoCode, let lines = file.lines[isoCode] else {
            #expect(csv.status == .notFound)
            #expect(json.status == .notFound)
            #expect(section.contains("class=\"vaccination-message\""), "\(id) says why there are no figures")
            return
        }
        #expect(csv.status == .ok)
        #expect(csv.text == ([file.header] + lines).joined(separator: "\n") + "\n", "\(id): the CSV is OWID's rows")

        #expect(json.status == .ok)
        let object = try JSONSerialization.jsonObject(with: Data(json.body))
        let timeline = try #require(
            (id == "@world" ? object : (object as? [String: Any])?["timeline"]) as? [String: Int64])
        let expected = file.reported("total_vaccinations", of: isoCode)
        #expect(timeline.count == expected.count, "\(id): only the days total_vaccinations was reported")
        for (date, value) in expected {
            #expect(timeline[Self.jhuDate(date)] == Int64(value), "\(id) on \(date)")
        }
    }

    @Test func theChannelIslandsPageSaysWhyItHasNoFigures() throws {
        let app = try AppFixture()
        let page = try app.client.get("/countries/je")
        #expect(page.text.contains("Our World in Data reports Jersey and Guernsey separately"))
    }

    @Test func anUnknownMetricIsA400ListingTheHistorysAndTheVaccinationsValues() throws {
        let app = try AppFixture()
        let response = try app.client.get("/countries/kr?metric=jabs&scale=log")
        #expect(response.status == .badRequest)
        for value in ["cases", "deaths", "recovered", "vaccinated", "doses", "boosters"] {
            #expect(response.text.contains(">\(value)<"), "\(value) is listed")
        }
        #expect(response.text.contains("href=\"/countries/kr?metric=doses&amp;scale=log\""))
    }

    @Test func aBadFullDataIsA400ListingTheValidValues() throws {
        let app = try AppFixture()
        let response = try app.client.get("/api/vaccine/coverage/countries/kr?fullData=maybe")
        #expect(response.status == .badRequest)
        #expect(response.text.contains("fullData must be true or false"))
    }
}
