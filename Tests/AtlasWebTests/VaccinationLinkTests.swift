import Testing

/// A history view's `metric` and a vaccination one share the parameter: a link to a vaccination view
/// from a history view replaces the history's metric and keeps the rest, never sends both.
struct VaccinationLinkTests {
    @Test(arguments: [
        ("/countries/kr?metric=deaths&scale=log", "/countries/kr?metric=doses&amp;scale=log"),
        ("/?metric=deaths&scale=log", "/?metric=doses&amp;scale=log"),
        ("/compare?countries=kr,jp&metric=deaths&scale=log", "/compare?countries=kr,jp&amp;metric=doses&amp;scale=log"),
    ])
    func aVaccinationLinkReplacesTheHistorysMetric(_ page: String, _ expected: String) throws {
        let app = try AppFixture()
        let text = try app.client.get(page).text
        #expect(text.contains("href=\"\(expected)\""), "\(page)")
        #expect(!text.contains("metric=doses&amp;metric="), "\(page)")
        #expect(!text.contains("metric=vaccinated&amp;metric="), "\(page)")
    }
}
