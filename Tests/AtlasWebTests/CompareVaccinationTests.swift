import Foundation
import HTTPCore
import Testing

@testable import AtlasWeb

/// `/compare?metric=vaccinated|doses|boosters`: Our World in Data's figure as a line per country, with
/// the compare chart's conventions (names at the lines' ends, the words under the chart), each line
/// ending at the country's own last report, the links and the form to switch, and a `400` for an
/// unknown metric listing every valid one.
struct CompareVaccinationTests {
    let app: AppFixture
    init() throws { app = try AppFixture() }

    func page(_ target: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let response = try app.client.get(target)
        #expect(response.status == .ok, "\(target): \(response.status)", sourceLocation: sourceLocation)
        return response.text
    }

    func summary(_ page: String) -> String {
        page.components(separatedBy: "<figcaption class=\"chart-summary\">").dropFirst().first?
            .components(separatedBy: "</figcaption>").first ?? ""
    }

    @Test func theSharesAreALinePerCountryOnA0To100Axis() throws {
        let page = try page("/compare?countries=kr,jp,pt&metric=vaccinated")
        #expect(
            page.contains(
                "<title id=\"chart-title\">Share of people fully vaccinated (% of the population): S. Korea, Japan "
                    + "and Portugal</title>"), "\(page)")
        #expect(page.components(separatedBy: "<g class=\"chart-series ").count - 1 == 3)
        for name in ["S. Korea", "Japan", "Portugal"] {
            #expect(page.components(separatedBy: ">\(name)</text>").count == 3, "\(name)")
        }
        #expect(page.contains("text-anchor=\"end\">100 %</text>"))
        #expect(page.contains("text-anchor=\"end\">0 %</text>"))
        // Each line ends at the country's own last report (OWID's vaccinations.csv), not the request day.
        let words = summary(page)
        #expect(words.contains("each joins the days Our World in Data reported"), "\(words)")
        #expect(
            words.contains(
                "Last reported: S. Korea 76.98 % on 8 Nov 2021, Japan 74.38 % on 8 Nov 2021, Portugal 87.39 % on 1 Nov 2021."
            ), "\(words)")
        #expect(page.contains("Our World in Data, COVID-19 vaccinations</a> (Mathieu et al., 2021; CC BY 4.0)"))
        // Shares have no count and no daily figure to switch to.
        #expect(
            page.contains(
                "href=\"/compare?countries=kr,jp,pt&amp;metric=vaccinated\" aria-current=\"true\">Share vaccinated</a>")
        )
        #expect(!page.contains(">Per million</a>"))
        #expect(!page.contains(">Cumulative</a>"))
        #expect(page.contains("href=\"/compare?countries=kr,jp,pt\">Cases</a>"))
        #expect(page.contains("href=\"/compare?countries=kr,jp,pt&amp;metric=vaccinated&amp;scale=log\">Log</a>"))
        #expect(!page.contains("style="), "the CSP forbids inline styles")
    }

    @Test func dosesAreOWIDsSmoothedDailyFigurePerMillionOrTheRunningTotal() throws {
        let daily = try page("/compare?countries=kr,jp&metric=doses")
        #expect(daily.contains("Doses a day per million people (7-day average): S. Korea and Japan</title>"))
        #expect(summary(daily).contains("Last reported: S. Korea 4,181 on 8 Nov 2021, Japan 2,933 on 8 Nov 2021."))
        #expect(
            daily.contains("href=\"/compare?countries=kr,jp&amp;metric=doses&amp;interval=cumulative\">Cumulative</a>"))
        #expect(daily.contains("href=\"/compare?countries=kr,jp&amp;metric=doses&amp;per=total\">Total</a>"))

        let total = try page("/compare?countries=kr,jp&metric=doses&interval=cumulative&per=total")
        #expect(total.contains("Doses given: S. Korea and Japan</title>"))
        #expect(
            summary(total).contains(
                "Last reported: S. Korea 80,183,484 on 8 Nov 2021, Japan 192,610,138 on 8 Nov 2021."))

        let boosters = try page("/compare?countries=kr,jp&metric=boosters&per=total")
        #expect(boosters.contains("Booster doses given: S. Korea and Japan</title>"))
        // Japan reported no booster by 8 Nov 2021: no line, said so, never a 0.
        #expect(boosters.components(separatedBy: "<g class=\"chart-series ").count - 1 == 1)
        #expect(summary(boosters).contains("S. Korea 538,680 on 8 Nov 2021"))
        #expect(summary(boosters).contains("Not reported in these days: Japan."))
        #expect(boosters.contains("Our World in Data publishes no daily booster figure"))
    }

    @Test func theHistoryViewLinksToTheVaccinationViews() throws {
        let page = try page("/compare?countries=kr,jp")
        #expect(page.contains("href=\"/compare?countries=kr,jp&amp;metric=vaccinated\">Share vaccinated</a>"))
        #expect(page.contains("href=\"/compare?countries=kr,jp&amp;metric=doses\">Doses</a>"))
        #expect(page.contains("href=\"/compare?countries=kr,jp&amp;metric=boosters\">Boosters</a>"))
        #expect(page.contains("href=\"/compare?countries=kr,jp\" aria-current=\"true\">Cases</a>"))
    }

    /// Réunion has no row in OWID's file: named, not drawn, and not a zero line.
    @Test func anEntryOWIDHasNoRowForIsNamedNotDrawn() throws {
        let page = try page("/compare?countries=kr,re&metric=vaccinated")
        #expect(page.contains("Our World in Data has no row for Réunion, so it has no line."), "\(page)")
        #expect(page.components(separatedBy: "<g class=\"chart-series ").count - 1 == 1)
    }

    @Test func anUnknownMetricIsA400ListingTheHistorysAndTheVaccinationsValues() throws {
        let response = try app.client.get("/compare?countries=kr,jp&metric=vaccinatd")
        #expect(response.status == .badRequest)
        // Cases is the default view: its link leaves the metric out.
        #expect(response.text.contains("href=\"/compare?countries=kr,jp\""))
        for value in ["deaths", "recovered"] {
            #expect(response.text.contains("href=\"/compare?countries=kr,jp&amp;metric=\(value)\""), "\(value)")
        }
        for value in ["vaccinated", "doses", "boosters"] {
            #expect(response.text.contains("href=\"/compare?countries=kr,jp&amp;metric=\(value)\""), "\(value)")
        }
    }

    @Test func theDateFormKeepsTheVaccinationMetric() throws {
        let page = try page("/compare?countries=kr,jp&metric=doses")
        #expect(page.contains("<input type=\"hidden\" name=\"metric\" value=\"doses\">"))
        #expect(page.contains("max=\"2021-11-08\""), "the form spans OWID's days")
        let response = try app.client.get("/compare?countries=kr,jp&metric=doses&from=2021-06-01&to=")
        #expect(response.status == .found)
        #expect(response.fields["location"] == "/compare?countries=kr,jp&metric=doses&time=2021-06-01..latest")
        let shown = try self.page("/compare?countries=kr,jp&metric=doses&time=2021-06-01..latest")
        #expect(summary(shown).hasPrefix("One line per country from 1 Jun 2021 to 8 Nov 2021"))
    }
}
