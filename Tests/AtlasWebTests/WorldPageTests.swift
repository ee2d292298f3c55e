import AtlasWeb
import HTTPCore
import Testing

struct WorldPageTests {
    @Test func showsWorldwideTotalsWithTheDaysChangeAndGroupedNumbers() throws {
        let app = try AppFixture()
        let page = try app.client.get("/")
        #expect(page.status == .ok)
        #expect(page.fields[.contentType] == "text/html; charset=utf-8")
        #expect(page.text.contains("<title>Worldwide — Covid Atlas</title>"))
        #expect(page.text.contains("253,684,421"))  // cases
        #expect(page.text.contains("+15,912 on 14 Nov 2021"))  // todayCases, on stale data (DataDayTests)
        #expect(page.text.contains("5,110,862"))  // deaths
        #expect(page.text.contains("4,124,952,444"))  // tests
        #expect(page.text.contains(">224<"))  // affected countries
    }

    /// The chart's date form keeps the map's figure: sending it leaves the map as it was.
    @Test func theChartsDateFormKeepsTheMapsFigure() throws {
        let app = try AppFixture()
        let page = try app.client.get("/?map=deaths")
        #expect(page.text.contains("<input type=\"hidden\" name=\"map\" value=\"deaths\">"))
        let sent = try app.client.get("/?from=2021-01-01&to=&map=deaths")
        #expect(sent.status == .found)
        #expect(sent.fields[.location] == "/?time=2021-01-01..latest&map=deaths")
        #expect(try app.client.get("/?from=2021-01-01&to=").fields[.location] == "/?time=2021-01-01..latest")
    }

    @Test func labelsTheShippedSnapshotStaleWithAMachineReadableTime() throws {
        let app = try AppFixture()
        let page = try app.client.get("/")
        #expect(page.text.contains("<time datetime=\"2021-11-14T05:11:02Z\">14 November 2021, 05:11 UTC</time>"))
        #expect(page.text.contains("<strong>stale</strong>"))
    }

    @Test func freshDataIsNotLabelledStale() throws {
        let app = try AppFixture(now: shippedSnapshotUpdated + 3_600_000)
        let page = try app.client.get("/")
        #expect(page.text.contains("(1 hour ago)"))
        #expect(!page.text.contains("<strong>stale</strong>"))
    }

    @Test func aTimeInTheFutureIsNeverShownAsFresh() throws {
        let app = try AppFixture(now: shippedSnapshotUpdated - 10 * 86_400_000)
        let page = try app.client.get("/")
        #expect(page.text.contains("The data claims an update time in the future, so its age is unknown"))
        #expect(page.text.contains("<strong>stale</strong>"))
        #expect(!page.text.contains(" ago)"))
    }

    @Test func linksIntoEveryContinentAndTheList() throws {
        let app = try AppFixture()
        let page = try app.client.get("/")
        for slug in ["africa", "asia", "europe", "north-america", "south-america", "australia-oceania"] {
            #expect(page.text.contains("href=\"/countries?continent=\(slug)\""), "no link to \(slug)")
        }
        #expect(page.text.contains("href=\"/countries\""))
    }

    @Test func pagesCarrySecurityFieldsThatKeepMapTilesWorking() throws {
        let app = try AppFixture()
        let page = try app.client.get("/countries/it")
        #expect(page.fields[.referrerPolicy] == "strict-origin-when-cross-origin")
        #expect(page.fields[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
        #expect(page.fields[.xContentTypeOptions] == "nosniff")
        #expect(!page.text.contains("<script>"), "no inline script")
    }
}
