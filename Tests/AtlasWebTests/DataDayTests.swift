import Routing
import Testing

/// Daily figures say which day they are for: "today" only while the data is fresh, the date itself
/// on stale data (the shipped snapshot is from 14 November 2021), and "not reported" for a day's zeros
/// that mean nothing was reported (the USA's, early on a Sunday UTC), as the Tests cell already says.
struct DataDayTests {
    /// An hour after the shipped snapshot's update: fresh.
    static let freshNow = shippedSnapshotUpdated + 3_600_000

    @Test func staleDataNamesItsDayWhereverADailyFigureIsShown() throws {
        let app = try AppFixture()
        let world = try app.client.get("/").text
        #expect(world.contains("<span class=\"stat-change\">+15,912 on 14 Nov 2021</span>"))
        let list = try app.client.get("/countries").text
        #expect(list.contains(">New on 14 Nov 2021</a></th>"))
        #expect(list.contains("<option value=\"today-cases\">New cases on 14 Nov 2021</option>"))
        let sorted = try app.client.get("/countries?sort=today-cases").text
        #expect(sorted.contains("sorted by New cases on 14 Nov 2021"))
        let korea = try app.client.get("/countries/kr").text
        for page in [world, list, sorted, korea] {
            for word in [" today", ">Today<", "Today’s", "Today's"] {
                #expect(!page.contains(word), "stale data called today")
            }
        }
    }

    @Test func freshDataSaysToday() throws {
        let app = try AppFixture(now: Self.freshNow)
        #expect(try app.client.get("/").text.contains("<span class=\"stat-change\">+15,912 today</span>"))
        let list = try app.client.get("/countries").text
        #expect(list.contains(">Today</a></th>"))
        #expect(list.contains("<option value=\"today-cases\">New cases today</option>"))
    }

    @Test func aDayWithNothingReportedSaysNotReportedInsteadOfZero() throws {
        let app = try AppFixture()
        let usa = try app.client.get("/countries/us").text
        #expect(usa.contains("<span class=\"stat-change\">not reported on 14 Nov 2021</span>"))
        #expect(!usa.contains("<span class=\"stat-change\">0 on"))
        let list = try app.client.get("/countries?q=usa").text
        #expect(list.contains("<td class=\"num col-today\">not reported</td>"))
    }

    /// China reported 89 cases and 48 recoveries that day: its 0 deaths is a real 0.
    @Test func aZeroBesideReportedFiguresStaysAZero() throws {
        let app = try AppFixture(now: Self.freshNow)
        let china = try app.client.get("/countries/cn").text
        #expect(china.contains("<span class=\"stat-change\">+89 today</span>"))
        #expect(china.contains("<span class=\"stat-change\">0 today</span>"))
        #expect(!china.contains("not reported today"))
    }
}
