import HTTPCore
import Routing
import Testing

@testable import AtlasWeb

/// A new visitor's profile and editor come from the page cache (today's defaults are the same for
/// everyone), yet each visitor gets their own cookie and, in the editor, the token that cookie signs.
struct NewVisitorProfilePagesTests {
    @Test func twoNewVisitorsShareThePageButNotTheCookieOrToken() throws {
        let app = try AppFixture()
        let first = WebVisitor(app.client)
        let second = WebVisitor(app.client)
        let firstProfile = try first.get("/profile")
        let secondProfile = try second.get("/profile")
        #expect(firstProfile.status == .ok)
        #expect(firstProfile.body == secondProfile.body, "one rendering of the defaults")
        #expect(firstProfile.fields[.eTag] == secondProfile.fields[.eTag])
        #expect(firstProfile.fields[.cacheControl]?.contains("private") == true, "it sets a cookie")
        #expect(first.cookie != nil && first.cookie != second.cookie)

        // Two more first visits, this time straight to the editor.
        let third = WebVisitor(app.client)
        let fourth = WebVisitor(app.client)
        let firstEditor = try third.get("/profile/edit")
        let secondEditor = try fourth.get("/profile/edit")
        let firstToken = try #require(firstEditor.hiddenValue("csrf_token"))
        let secondToken = try #require(secondEditor.hiddenValue("csrf_token"))
        #expect(firstToken.count == 32 && secondToken.count == 32)
        #expect(firstToken != secondToken)
        #expect(firstEditor.fields[.eTag] != secondEditor.fields[.eTag])
        #expect(firstEditor.fields[.cacheControl]?.contains("private") == true)
        // Each token is the one its cookie signs: a Done with it is accepted.
        let done = try third.submitTab(firstEditor, token: firstToken, username: "Hana", action: "done")
        #expect(done.status == .seeOther)
        #expect(try third.get("/profile").text.contains("Hana"))
        #expect(!(try fourth.get("/profile").text.contains("Hana")))
    }
}
