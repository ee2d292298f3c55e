import AtlasCore
import AtlasSource
import AtlasStore
import AtlasWeb
import Foundation
import HTTPCore
import Routing
import Testing

@testable import AtlasStore

struct FavoriteTests {
    /// Presses the star on `/countries/{id}` as the page's form would.
    @discardableResult
    func pressStar(_ visitor: WebVisitor, _ id: String) throws -> Response {
        let page = try visitor.get("/countries/\(id)")
        return try visitor.post("/countries/\(id)/favorite", [("csrf_token", page.hiddenValue("csrf_token") ?? "")])
    }

    @Test(arguments: StoreKind.available)
    func theStarTogglesAndShowsOnTheDetailPageTheListAndTheProfile(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        #expect(try visitor.get("/countries/kr").text.contains("aria-pressed=\"false\""))
        let starred = try pressStar(visitor, "kr")
        #expect(starred.status == .seeOther)
        #expect(starred.fields[.location] == "/countries/kr")
        #expect(try visitor.get("/countries/kr").text.contains("aria-pressed=\"true\""))
        #expect(try visitor.get("/countries/fr").text.contains("aria-pressed=\"false\""))
        let list = try visitor.get("/countries")
        #expect(list.text.contains("Your starred countries:"))
        #expect(list.text.contains("<a href=\"/countries/kr\">"))
        #expect(list.fields["Vary"] == "Cookie, Accept-Encoding")
        let profile = try visitor.get("/profile").text
        #expect(profile.contains("<a href=\"/countries/kr\">"))
        #expect(profile.contains("S. Korea"))

        try pressStar(visitor, "kr")
        #expect(try visitor.get("/countries/kr").text.contains("aria-pressed=\"false\""))
        #expect(!(try visitor.get("/countries").text.contains("Your starred countries:")))
        #expect(!(try visitor.get("/profile").text.contains("<a href=\"/countries/kr\">")))
    }

    @Test(arguments: StoreKind.available)
    func pressingTheStarChangesTheDetailPagesETagSoARevalidationShowsIt(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        let before = try #require(try visitor.get("/countries/kr").fields[.eTag])
        #expect(try visitor.get("/countries/kr", fields: [.ifNoneMatch: before]).status == .notModified)
        try pressStar(visitor, "kr")
        let revalidated = try visitor.get("/countries/kr", fields: [.ifNoneMatch: before])
        #expect(revalidated.status == .ok)
        #expect(revalidated.text.contains("aria-pressed=\"true\""))
        let starred = try #require(revalidated.fields[.eTag])
        #expect(starred != before)
        #expect(try visitor.get("/countries/kr", fields: [.ifNoneMatch: starred]).status == .notModified)
        try pressStar(visitor, "kr")
        let unstarred = try visitor.get("/countries/kr", fields: [.ifNoneMatch: starred])
        #expect(unstarred.status == .ok)
        #expect(unstarred.text.contains("aria-pressed=\"false\""))
        #expect(unstarred.fields[.eTag] == before)
    }

    @Test(arguments: StoreKind.available)
    func anotherSpellingStarsTheCanonicalCountryAndAnUnknownOneIs404(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        let token = try visitor.get("/countries/kr").hiddenValue("csrf_token") ?? ""
        let response = try visitor.post("/countries/KOR/favorite", [("csrf_token", token)])
        #expect(response.fields[.location] == "/countries/kr")
        #expect(try visitor.get("/countries/kr").text.contains("aria-pressed=\"true\""))
        #expect(try visitor.post("/countries/atlantis/favorite", [("csrf_token", token)]).status == .notFound)
    }

    /// The star's form asks for a state, not a flip: a double click (two identical POSTs) or a press
    /// in an older tab that still shows "Star" leaves the country starred.
    @Test(arguments: StoreKind.available)
    func pressingTheSameStarTwiceLeavesItStarred(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        let page = try visitor.get("/countries/kr")
        let form = [("csrf_token", page.hiddenValue("csrf_token") ?? ""), ("star", page.hiddenValue("star") ?? "")]
        #expect(page.hiddenValue("star") == "on")
        #expect(try visitor.post("/countries/kr/favorite", form).status == .seeOther)
        #expect(try visitor.post("/countries/kr/favorite", form).status == .seeOther)
        let starred = try visitor.get("/countries/kr")
        #expect(starred.text.contains("aria-pressed=\"true\""))
        #expect(starred.hiddenValue("star") == "off")
        let unstar = [("csrf_token", form[0].1), ("star", "off")]
        #expect(try visitor.post("/countries/kr/favorite", unstar).status == .seeOther)
        #expect(try visitor.post("/countries/kr/favorite", unstar).status == .seeOther)
        #expect(try visitor.get("/countries/kr").text.contains("aria-pressed=\"false\""))
        #expect(
            try visitor.post("/countries/kr/favorite", [("csrf_token", form[0].1), ("star", "maybe")]).status
                == .badRequest)
    }

    @Test(arguments: StoreKind.available)
    func starsAreEachVisitorsOwn(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let alice = WebVisitor(fixture.client)
        let bob = WebVisitor(fixture.client)
        try pressStar(alice, "jp")
        #expect(try bob.get("/countries/jp").text.contains("aria-pressed=\"false\""))
        #expect(!(try bob.get("/profile").text.contains("/countries/jp")))
        #expect(try alice.get("/profile").text.contains("/countries/jp"))
    }
}

struct ProfileMigrationTests {
    @Test func aVersion1DatabaseWithTheSnapshotIsMigratedAndKeepsItsData_B23() throws {
        let fixture = try AppFixture(now: profileDay, startsEmpty: true) { location in
            let old = try Database(path: try #require(location.sqlitePath))
            try Migrations.migrate(old, migrations: [.snapshotTables])
            try old.transaction { database in
                try SQLiteCountryStore.replaceSnapshot(
                    Snapshot(
                        countries: [Country(country: "Oldland", figures: [.population: 7])],
                        totals: WorldTotals(summing: []),
                        source: "old file"), in: database)
            }
            #expect(try old.userVersion() == 1)
            old.close()
        }
        let database = try Database(path: fixture.databasePath)
        #expect(try database.userVersion() == Migrations.newestVersion)
        database.close()
        #expect(try fixture.client.get("/countries").text.contains("Oldland"))
        let visitor = WebVisitor(fixture.client)
        #expect(try visitor.get("/profile").status == .ok)
        try visitor.submitEditor("done", editorValues(username: "Kept", goal: "2026-05-02"))

        // A second start on the same file runs no step and keeps everything.
        let again = try AtlasApp.build(fixture.configuration)
        defer { again.close() }
        let client = TestClient(again.responder)
        #expect(try client.get("/countries").text.contains("Oldland"))
        #expect(
            try client.get("/profile", fields: [.cookie: visitor.cookie ?? ""]).text.contains(
                "<h1 id=\"profile-name\" dir=\"auto\">Kept</h1>"))
    }
}

/// A starred country that a later snapshot no longer has: shown by the name it had when it was
/// starred, with no link to a 404, words that say it left the data, and a way to remove the star.
struct StarredCountryLeavingTheDataTests {
    @Test(arguments: StoreKind.available)
    func itKeepsItsLastNameSaysItIsGoneAndCanBeUnstarred(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay, reloadCheckInterval: 0)
        let visitor = WebVisitor(fixture.client)
        let page = try visitor.get("/countries/kr")
        let token = page.hiddenValue("csrf_token") ?? ""
        #expect(
            try visitor.post("/countries/kr/favorite", [("csrf_token", token), ("star", "on")]).status == .seeOther)
        #expect(
            try visitor.post("/countries/jp/favorite", [("csrf_token", token), ("star", "on")]).status == .seeOther)

        let shipped = try SnapshotDecoder.loadSnapshot(directory: packageRoot + "/data/disease-sh")
        try storeSnapshot(shipped.countries.filter { $0.countryInfo.iso2 != "KR" }, at: fixture.location)
        fixture.app.checkSharedState()
        #expect(try visitor.get("/countries/kr").status == .notFound)

        let profile = try visitor.get("/profile").text
        #expect(profile.contains("<span class=\"starred-gone\">S. Korea</span> — no longer in the data"))
        #expect(!profile.contains("href=\"/countries/kr\""))
        #expect(profile.contains("<a href=\"/countries/jp\">"))
        let list = try visitor.get("/countries").text
        #expect(list.contains("<span class=\"starred-gone\">S. Korea (no longer in the data)</span>"))
        #expect(!list.contains("href=\"/countries/kr\""))

        // The profile's button removes it; a star on a country the visitor never had stays a 404.
        #expect(
            try visitor.post("/countries/kr/favorite", [("csrf_token", token), ("star", "on")]).status == .notFound)
        #expect(
            try visitor.post("/countries/xx/favorite", [("csrf_token", token), ("star", "off")]).status == .notFound)
        let removed = try visitor.post("/countries/kr/favorite", [("csrf_token", token), ("star", "off")])
        #expect(removed.status == .seeOther)
        #expect(removed.fields[.location] == "/profile")
        let after = try visitor.get("/profile").text
        #expect(!after.contains("S. Korea"))
        #expect(after.contains("<a href=\"/countries/jp\">"))
    }
}
