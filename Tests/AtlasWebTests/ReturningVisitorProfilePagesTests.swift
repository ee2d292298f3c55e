import AtlasSource
import HTTPCore
import Routing
import Testing

@testable import AtlasWeb

/// A returning visitor's profile and editor come from a cache of pages per visitor state, yet every
/// change they make shows on the next request and on the next revalidation, and each visitor gets
/// their own cookie and token.
struct ReturningVisitorProfilePagesTests {
    /// A visitor with a profile row (they opened the editor once), as `pages.py --returning-visitor`.
    private func returningVisitor(_ fixture: AppFixture) throws -> WebVisitor {
        let visitor = WebVisitor(fixture.client)
        try visitor.get("/countries/kr")
        try visitor.get("/profile/edit")
        return visitor
    }

    /// `path` again with `eTag` as `If-None-Match`: the visitor's browser revalidating its copy.
    private func revalidate(_ visitor: WebVisitor, _ path: String, _ eTag: String?) throws -> Response {
        try visitor.get(path, fields: [.ifNoneMatch: eTag ?? ""])
    }

    @Test(arguments: StoreKind.available)
    func aDoneADraftAndAStarShowAtOnceAndOnRevalidation(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = try returningVisitor(fixture)
        let first = try visitor.get("/profile")
        #expect(first.text.contains(">guest</h1>"))
        #expect(try revalidate(visitor, "/profile", first.fields[.eTag]).status == .notModified)

        // Done: the new name, at once and on revalidation of the old copy.
        let done = try visitor.submitEditor("done", editorValues(username: "Hana", goal: "2026-06-01"))
        #expect(done.status == .seeOther)
        let named = try revalidate(visitor, "/profile", first.fields[.eTag])
        #expect(named.status == .ok)
        #expect(named.text.contains(">Hana</h1>"))
        #expect(!named.text.contains("unfinished draft"))
        #expect(named.fields[.eTag] != first.fields[.eTag])
        #expect(try revalidate(visitor, "/profile", named.fields[.eTag]).status == .notModified)

        // A saved draft: the profile says so, the editor shows it under its new version.
        let editorBefore = try visitor.get("/profile/edit")
        #expect(editorBefore.inputValue("username") == "Hana")
        let saved = try visitor.submitEditor("save", editorValues(username: "Bo", goal: "2026-06-01"))
        #expect(saved.status == .seeOther)
        let withDraft = try revalidate(visitor, "/profile", named.fields[.eTag])
        #expect(withDraft.status == .ok)
        #expect(withDraft.text.contains("You have an unfinished draft"))
        #expect(withDraft.text.contains(">Hana</h1>"))
        let editorAfter = try revalidate(visitor, "/profile/edit", editorBefore.fields[.eTag])
        #expect(editorAfter.status == .ok)
        #expect(editorAfter.inputValue("username") == "Bo")
        #expect(editorAfter.hiddenValue("version") != editorBefore.hiddenValue("version"))

        // A star, then no star: the list follows each press.
        let detail = try visitor.get("/countries/kr")
        let token = try #require(detail.hiddenValue("csrf_token"))
        #expect(
            try visitor.post("/countries/kr/favorite", [("csrf_token", token), ("star", "on")]).status == .seeOther)
        let starred = try revalidate(visitor, "/profile", withDraft.fields[.eTag])
        #expect(starred.status == .ok)
        #expect(starred.text.contains("<a href=\"/countries/kr\">"))
        #expect(
            try visitor.post("/countries/kr/favorite", [("csrf_token", token), ("star", "off")]).status == .seeOther)
        let unstarred = try revalidate(visitor, "/profile", starred.fields[.eTag])
        #expect(unstarred.status == .ok)
        #expect(!unstarred.text.contains("<a href=\"/countries/kr\">"))
        #expect(unstarred.text.contains("No starred countries yet."))
    }

    @Test(arguments: StoreKind.available)
    func twoVisitorsInOneStateShareThePageButNotTheCookieOrToken(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let first = try returningVisitor(fixture)
        let second = try returningVisitor(fixture)
        let firstEditor = try first.get("/profile/edit")
        let secondEditor = try second.get("/profile/edit")
        let firstToken = try #require(firstEditor.hiddenValue("csrf_token"))
        let secondToken = try #require(secondEditor.hiddenValue("csrf_token"))
        #expect(firstToken.count == 32 && firstToken != secondToken)
        #expect(
            firstEditor.text.replacingOccurrences(of: firstToken, with: "T")
                == secondEditor.text.replacingOccurrences(of: secondToken, with: "T"))
        #expect(firstEditor.fields[.eTag] != secondEditor.fields[.eTag])
        for page in [firstEditor, try first.get("/profile")] {
            #expect(page.fields[.cacheControl]?.contains("private") == true)
            #expect(page.fields[.setCookie]?.hasPrefix(try #require(first.cookie)) == true)
            // Its date says nothing of the visitor's rows, so there is none to revalidate against.
            #expect(page.fields[.lastModified] == nil)
        }
        let future = "Fri, 01 Jan 2100 00:00:00 GMT"
        #expect(try first.get("/profile", fields: [.ifModifiedSince: future]).status == .ok)
        #expect(try first.get("/profile/edit", fields: [.ifModifiedSince: future]).status == .ok)
        // Each token is the one its own cookie signs: the first visitor's Done with it is accepted.
        #expect(
            try first.submitTab(firstEditor, token: firstToken, username: "Hana", action: "done").status == .seeOther)
        #expect(try first.get("/profile").text.contains(">Hana</h1>"))
        #expect(try second.get("/profile").text.contains(">guest</h1>"))
        #expect(
            try second.submitTab(secondEditor, token: firstToken, username: "Eve", action: "done").status == .forbidden)
    }

    @Test(arguments: StoreKind.available)
    func aGoneStarsFormCarriesEachVisitorsOwnToken(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitors = [try returningVisitor(fixture), try returningVisitor(fixture)]
        for visitor in visitors {
            let token = try visitor.csrfToken()
            #expect(
                try visitor.post("/countries/kr/favorite", [("csrf_token", token), ("star", "on")]).status
                    == .seeOther)
        }
        let shipped = try SnapshotDecoder.loadSnapshot(directory: packageRoot + "/data/disease-sh")
        try storeSnapshot(shipped.countries.filter { $0.countryInfo.iso2 != "KR" }, at: fixture.location)
        fixture.app.checkSharedState()

        for visitor in visitors {
            let profile = try visitor.get("/profile")
            #expect(profile.text.contains("<span class=\"starred-gone\">S. Korea</span>"))
            let formToken = try #require(profile.hiddenValue("csrf_token"))
            #expect(formToken == (try visitor.csrfToken()))
            let removed = try visitor.post("/countries/kr/favorite", [("csrf_token", formToken), ("star", "off")])
            #expect(removed.status == .seeOther)
            #expect(!(try visitor.get("/profile").text.contains("S. Korea")))
        }
    }
}
