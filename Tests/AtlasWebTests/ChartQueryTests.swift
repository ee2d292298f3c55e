import AtlasCharts
import AtlasCore
import Formats
import HTTPCore
import Routing
import Testing

@testable import AtlasWeb

/// The chart's URL parameters: defaults left out, other values in canonical order, anything else a 400.
struct ChartQueryTests {
    /// The days from `first` to `last` (`YYYY-MM-DD`), as days since the epoch.
    static func days(_ first: String, _ last: String) -> ClosedRange<Int> {
        CalendarDate(iso: first)!.daysSinceEpoch...CalendarDate(iso: last)!.daysSinceEpoch
    }

    static func parse(_ query: String, defaults: ChartQuery = ChartQuery()) throws -> ChartQuery {
        try ChartQuery.parse(try RequestTarget(parsing: "/countries/kr?" + query), defaults: defaults) {
            Links.chart("/countries/kr", $0)
        }
    }

    @Test(arguments: [
        ("", "/countries/kr"),
        ("per=total&metric=cases&interval=daily&scale=linear", "/countries/kr"),
        (
            "time=2021-01-01..latest&per=million&scale=log&interval=cumulative&metric=Deaths",
            "/countries/kr?metric=deaths&interval=cumulative&scale=log&per=million&time=2021-01-01..latest"
        ),
        ("time=earliest..2020-06-30", "/countries/kr?time=earliest..2020-06-30"),
        ("time=earliest..latest", "/countries/kr"),
        ("time=2020-03-01..2020-03-01", "/countries/kr?time=2020-03-01..2020-03-01"),
        ("time=latest..latest", "/countries/kr?time=latest..latest"),
        ("time=earliest..earliest", "/countries/kr?time=earliest..earliest"),
        ("time=EARLIEST..LATEST", "/countries/kr"),
        ("time=Earliest..2021-01-01", "/countries/kr?time=earliest..2021-01-01"),
    ])
    func everyViewHasOneCanonicalAddress(query: String, canonical: String) throws {
        #expect(Links.chart("/countries/kr", try Self.parse(query)) == canonical)
    }

    @Test func perMillionIsAPagesDefaultWhenItSaysSo() throws {
        let defaults = ChartQuery(per: .million)
        let query = try Self.parse("", defaults: defaults)
        #expect(query.per == .million)
        #expect(
            Links.chart("/compare", try Self.parse("per=total", defaults: defaults), defaults: defaults)
                == "/compare?per=total")
    }

    @Test(arguments: [
        ("metric=colour", "metric", ["cases", "deaths", "recovered"]),
        ("interval=weekly", "interval", ["daily", "cumulative"]),
        ("scale=sqrt", "scale", ["linear", "log"]),
        ("per=capita", "per", ["total", "million"]),
        ("time=2021-13-01..latest", "time", ["earliest..latest", "YYYY-MM-DD..YYYY-MM-DD", "YYYY-MM-DD..latest"]),
        ("time=2021-06-01..2021-01-01", "time", ["earliest..latest", "YYYY-MM-DD..YYYY-MM-DD", "YYYY-MM-DD..latest"]),
        ("time=latest..earliest", "time", ["earliest..latest", "YYYY-MM-DD..YYYY-MM-DD", "YYYY-MM-DD..latest"]),
        ("time=2021-01-01", "time", ["earliest..latest", "YYYY-MM-DD..YYYY-MM-DD", "YYYY-MM-DD..latest"]),
    ])
    func anUnknownValueIsA400NamingTheParameterAndItsValues(query: String, parameter: String, values: [String])
        throws
    {
        let error = #expect(throws: HTTPError.self) { try Self.parse(query + "&metric=deaths") }
        #expect(error?.status == .badRequest)
        let context = error?.context as? ErrorContext
        #expect(context?.invalidParameter?.name == parameter)
        #expect(context?.invalidParameter?.choices.map(\.value) == values)
        let sentence = try #require(context?.catalogMessage).sentence(in: try PageWordsTests.english())
        #expect(sentence.hasPrefix("The chart cannot show \(parameter) “"), "\(sentence)")
        #expect(sentence.contains("“" + (query.split(separator: "=").last.map(String.init) ?? "") + "”"))
    }

    @Test func theValidValuesLinkToTheViewWithTheRestKept() throws {
        let error = #expect(throws: HTTPError.self) { try Self.parse("scale=log&metric=colour") }
        let links = (error?.context as? ErrorContext)?.invalidParameter?.choices.compactMap(\.href)
        #expect(
            links == [
                "/countries/kr?scale=log", "/countries/kr?metric=deaths&scale=log",
                "/countries/kr?metric=recovered&scale=log",
            ])
    }

    @Test(arguments: [
        ("time=latest..latest", "2021-11-13", "2021-11-13"), ("time=earliest..earliest", "2020-01-22", "2020-01-22"),
        ("time=2021-11-01..latest", "2021-11-01", "2021-11-13"),
        ("time=earliest..2020-02-01", "2020-01-22", "2020-02-01"),
    ])
    func aKeywordOnEitherSideIsTheDataSFirstOrLastDay(query: String, first: String, last: String) throws {
        let available = ChartQueryTests.days("2020-01-22", "2021-11-13")
        #expect(try Self.parse(query).days(within: available) == ChartQueryTests.days(first, last))
    }

    @Test func daysOutsideTheDataAreClampedToIt() throws {
        let available = ChartQueryTests.days("2020-01-22", "2021-11-13")
        #expect(try Self.parse("time=2019-01-01..2030-01-01").days(within: available) == available)
        #expect(try Self.parse("time=2025-01-01..latest").days(within: available) == nil)
        let range = try Self.parse("time=2021-11-01..latest").days(within: available)
        #expect(range == ChartQueryTests.days("2021-11-01", "2021-11-13"))
    }
}
