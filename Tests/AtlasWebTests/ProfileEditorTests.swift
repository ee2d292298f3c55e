import AtlasCore
import AtlasStore
import AtlasWeb
import Foundation
import HTTPCore
import Routing
import Testing

/// 2026-05-01 12:00 UTC, in ms since the epoch: the day new profiles are created in these tests.
let profileDay: Int64 = 1_777_636_800_000

/// The committed profiles as stored: every column of each visitor's `profiles` row, for byte-for-byte
/// checks, written alike on both stores (the hash and the name's UTF-8 in upper-case hex, notifications
/// 1 or 0, the date as `YYYY-MM-DD`), in the order of the hashes.
func storedProfileRow(_ fixture: AppFixture) throws -> [[String]] {
    try fixture.rows(
        sqlite: """
            SELECT hex(session_hash), hex(username), notifications, season, goal_date, created_at
            FROM profiles ORDER BY session_hash
            """,
        postgreSQL: """
            SELECT upper(encode(session_hash, 'hex')), upper(encode(convert_to(username, 'UTF8'), 'hex')),
                CASE WHEN notifications THEN 1 ELSE 0 END, season, to_char(goal_date, 'YYYY-MM-DD'), created_at
            FROM profiles ORDER BY session_hash
            """)
}

struct ProfileEditorTests {
    @Test(arguments: StoreKind.available)
    func aNewVisitorGetsTheDefaultsOnTheProfilePage(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let page = try WebVisitor(fixture.client).get("/profile")
        #expect(page.status == .ok)
        #expect(page.text.contains("<h1 id=\"profile-name\" dir=\"auto\">guest</h1>"))
        #expect(page.text.contains("<dd id=\"profile-notifications\">On</dd>"))
        #expect(page.text.contains("☃️ Winter"))
        #expect(page.text.contains("<time datetime=\"2026-05-01\">1 May 2026</time>"))
        #expect(page.text.contains("href=\"/profile/edit\""))
        #expect(page.text.contains("<a href=\"/profile\" aria-current=\"page\">Profile</a>"))
    }

    /// A crawler follows the Profile and Edit links without keeping cookies: it is shown the defaults
    /// and given a cookie, and nothing is stored until a form comes back with that cookie.
    @Test(arguments: StoreKind.available)
    func pagesForANewVisitorWriteNothingUntilTheFormIsSent(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        for target in ["/profile", "/profile/edit", "/profile", "/profile/edit"] {
            let page = try fixture.client.get(target)
            #expect(page.status == .ok)
            #expect(page.fields[.setCookie] != nil)
            #expect(page.text.contains("guest"))
        }
        #expect(try storedProfileRow(fixture).isEmpty)

        // The editor a new visitor was shown (before anything was stored) still saves and commits.
        for action in ["save", "done"] {
            let visitor = WebVisitor(fixture.client)
            let editor = try visitor.get("/profile/edit")
            let sent = try visitor.post(
                "/profile/edit",
                [
                    ("csrf_token", editor.hiddenValue("csrf_token") ?? ""),
                    ("version", editor.hiddenValue("version") ?? ""), ("action", action), ("username", "Ada"),
                    ("season", "spring"), ("goal_date", "2026-06-01"),
                ])
            #expect(sent.status == .seeOther)
            let shown = action == "save" ? try visitor.get("/profile/edit").inputValue("username") : nil
            let profile = try visitor.get("/profile").text
            #expect(
                action == "save" ? shown == "Ada" : profile.contains("<h1 id=\"profile-name\" dir=\"auto\">Ada</h1>"))
        }
        #expect(try storedProfileRow(fixture).count == 2)
    }

    @Test(arguments: StoreKind.available)
    func saveDraftKeepsTheProfileAndIsResumedByTheEditor(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        let saved = try visitor.submitEditor("save", editorValues(username: "Ada", goal: "2026-06-01"))
        #expect(saved.status == .seeOther)
        #expect(saved.fields[.location] == "/profile/edit")
        let profile = try visitor.get("/profile")
        #expect(profile.text.contains("<h1 id=\"profile-name\" dir=\"auto\">guest</h1>"))
        #expect(profile.text.contains("unfinished draft"))
        let editor = try visitor.get("/profile/edit")
        #expect(editor.inputValue("username") == "Ada")
        #expect(editor.inputValue("goal_date") == "2026-06-01")
        #expect(editor.text.contains("value=\"summer\" checked"))
    }

    @Test(arguments: StoreKind.available)
    func doneCommitsTheDraftAndDeletesIt_B18(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        let done = try visitor.submitEditor(
            "done", editorValues(username: "Ada", notifications: false, goal: "2026-07-04"))
        #expect(done.status == .seeOther)
        #expect(done.fields[.location] == "/profile")
        let profile = try visitor.get("/profile")
        #expect(profile.text.contains("<h1 id=\"profile-name\" dir=\"auto\">Ada</h1>"))
        #expect(profile.text.contains("<dd id=\"profile-notifications\">Off</dd>"))
        #expect(profile.text.contains("🌞 Summer"))
        #expect(profile.text.contains("<time datetime=\"2026-07-04\">4 July 2026</time>"))
        #expect(!profile.text.contains("unfinished draft"))
    }

    @Test(arguments: StoreKind.available)
    func repeatingTheSameDonePostIsHarmless_B18(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        let editor = try visitor.get("/profile/edit")
        let pairs = [
            ("csrf_token", editor.hiddenValue("csrf_token") ?? ""), ("version", editor.hiddenValue("version") ?? ""),
            ("action", "done"), ("username", "Ada"), ("notifications", "on"), ("season", "autumn"),
            ("goal_date", "2026-08-01"),
        ]
        #expect(try visitor.post("/profile/edit", pairs).status == .seeOther)
        let rowAfterFirst = try storedProfileRow(fixture)
        let again = try visitor.post("/profile/edit", pairs)
        #expect(again.status == .seeOther)
        #expect(again.fields[.location] == "/profile")
        #expect(try storedProfileRow(fixture) == rowAfterFirst)
        #expect(try storedProfileRow(fixture).count == 1)
    }

    @Test(arguments: StoreKind.available)
    func cancelLeavesTheProfileByteForByteAndForgetsTheDraft(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        try visitor.submitEditor("done", editorValues(username: "Zoë Ångström 🚀", goal: "2026-05-10"))
        let before = try storedProfileRow(fixture)
        try visitor.submitEditor("save", editorValues(username: "Someone else", season: "spring", goal: "2026-09-09"))
        let cancel = try visitor.submitEditor(
            "cancel", editorValues(username: "Typed but cancelled", goal: "2026-09-10"))
        #expect(cancel.status == .seeOther)
        #expect(cancel.fields[.location] == "/profile")
        #expect(try storedProfileRow(fixture) == before)
        let profile = try visitor.get("/profile")
        #expect(!profile.text.contains("unfinished draft"))
        #expect(try visitor.get("/profile/edit").inputValue("username") == "Zoë Ångström 🚀")
    }

    @Test(arguments: StoreKind.available)
    func cancelThenBackThenDoneDoesNotResurrectTheDraft_B18(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        let editor = try visitor.get("/profile/edit")
        let token = editor.hiddenValue("csrf_token") ?? ""
        #expect(try visitor.post("/profile/edit", [("csrf_token", token), ("action", "cancel")]).status == .seeOther)
        let before = try storedProfileRow(fixture)
        // The page the Back button shows still names the cancelled draft's version.
        let done = try visitor.post(
            "/profile/edit",
            [
                ("csrf_token", token), ("version", editor.hiddenValue("version") ?? ""), ("action", "done"),
                ("username", "Cancelled"), ("season", "spring"), ("goal_date", "2026-05-02"),
            ])
        #expect(done.status == .conflict)
        #expect(done.inputValue("username") == "Cancelled")
        #expect(try storedProfileRow(fixture) == before)
    }

    @Test(arguments: StoreKind.available)
    func anAbsentCheckboxMeansNotificationsOff(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        try visitor.submitEditor("done", editorValues(notifications: false, goal: "2026-05-01"))
        #expect(try visitor.get("/profile").text.contains("<dd id=\"profile-notifications\">Off</dd>"))
        #expect(
            !(try visitor.get("/profile/edit").text.contains(
                "name=\"notifications\" type=\"checkbox\" value=\"on\" checked")))
    }

    @Test(arguments: StoreKind.available)
    func aStaleVersionIs409WithTheNewerDraftAndTheVisitorsInputKept(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        try visitor.get("/profile")  // A visitor who already has a cookie opens the editor in two tabs.
        let firstTab = try visitor.get("/profile/edit")
        let secondTab = try visitor.get("/profile/edit")
        let token = firstTab.hiddenValue("csrf_token") ?? ""
        func submit(_ tab: Response, _ username: String, _ action: String) throws -> Response {
            try visitor.submitTab(tab, token: token, username: username, action: action)
        }
        #expect(try submit(firstTab, "From tab one", "save").status == .seeOther)
        let stale = try submit(secondTab, "From tab two", "done")
        #expect(stale.status == .conflict)
        #expect(stale.text.contains("changed in another tab"))
        #expect(stale.text.contains("<dd dir=\"auto\">From tab one</dd>"))
        #expect(stale.inputValue("username") == "From tab two")
        #expect(try visitor.get("/profile").text.contains("<h1 id=\"profile-name\" dir=\"auto\">guest</h1>"))
        // The 409 page names the newer version, so sending it again is a deliberate overwrite.
        let resent = try visitor.post(
            "/profile/edit",
            [
                ("csrf_token", token), ("version", stale.hiddenValue("version") ?? ""), ("action", "done"),
                ("username", "From tab two"), ("season", "summer"), ("goal_date", "2026-06-01"),
            ])
        #expect(resent.status == .seeOther)
        #expect(try visitor.get("/profile").text.contains("<h1 id=\"profile-name\" dir=\"auto\">From tab two</h1>"))
    }

    @Test(arguments: StoreKind.available)
    func aStaleTabsCancelIs409AndKeepsTheDraftAnotherTabSaved(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        try visitor.get("/profile")
        let firstTab = try visitor.get("/profile/edit")
        let secondTab = try visitor.get("/profile/edit")
        let token = firstTab.hiddenValue("csrf_token") ?? ""
        func submit(_ tab: Response, _ username: String, _ action: String) throws -> Response {
            try visitor.submitTab(tab, token: token, username: username, action: action)
        }
        #expect(try submit(firstTab, "Saved in tab one", "save").status == .seeOther)
        let stale = try submit(secondTab, "guest", "cancel")
        #expect(stale.status == .conflict)
        #expect(stale.text.contains("changed in another tab"))
        #expect(stale.text.contains("<dd dir=\"auto\">Saved in tab one</dd>"))
        #expect(try visitor.get("/profile/edit").inputValue("username") == "Saved in tab one")
        // Cancel from the 409 page, which names the newer version, is deliberate: the draft goes.
        #expect(try submit(stale, "guest", "cancel").status == .seeOther)
        #expect(try visitor.get("/profile/edit").inputValue("username") == "guest")
    }

    @Test(arguments: StoreKind.available)
    func aSaveThatChangesNothingKeepsTheVersionSoAnotherTabStaysCurrent(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        try visitor.get("/profile")
        let firstTab = try visitor.get("/profile/edit")
        let token = firstTab.hiddenValue("csrf_token") ?? ""
        func submit(_ tab: Response, _ username: String, _ action: String) throws -> Response {
            try visitor.submitTab(tab, token: token, username: username, action: action)
        }
        #expect(try submit(firstTab, "Same", "save").status == .seeOther)
        let secondTab = try visitor.get("/profile/edit")
        // The first tab's autosave on blur sends the same values again: the version stays.
        #expect(try submit(secondTab, "Same", "save").status == .seeOther)
        #expect(try visitor.get("/profile/edit").hiddenValue("version") == secondTab.hiddenValue("version"))
        #expect(try submit(secondTab, "Edited in tab two", "done").status == .seeOther)
        #expect(
            try visitor.get("/profile").text.contains("<h1 id=\"profile-name\" dir=\"auto\">Edited in tab two</h1>"))
    }

    /// With no draft stored (the editor only opened), a Save or Done of the committed values in one
    /// tab stores nothing, so a second tab's Done of real edits still commits.
    @Test(arguments: StoreKind.available)
    func unchangedValuesSentFromOneTabLeaveTheOtherTabCurrent(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        try visitor.get("/profile")
        let token = try visitor.csrfToken()
        let opened = try visitor.get("/profile/edit")
        #expect(try visitor.submitTab(opened, token: token, username: "Kept", action: "done").status == .seeOther)
        let firstTab = try visitor.get("/profile/edit")
        let secondTab = try visitor.get("/profile/edit")
        for action in ["save", "done"] {
            #expect(try visitor.submitTab(firstTab, token: token, username: "Kept", action: action).status == .seeOther)
        }
        #expect(try visitor.submitTab(secondTab, token: token, username: "Edited", action: "done").status == .seeOther)
        #expect(try visitor.get("/profile").text.contains("<h1 id=\"profile-name\" dir=\"auto\">Edited</h1>"))
    }

    /// A name may hold an invisible character (a soft hyphen); the editor's input gives it back as it
    /// is, so a Done that touched nothing keeps the name.
    @Test(arguments: StoreKind.available)
    func aNameWithASoftHyphenComesBackFromTheEditorUnchanged(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        try visitor.get("/profile")
        try visitor.submitEditor("done", editorValues(username: "Ro\u{00AD}bert", goal: "2026-05-02"))
        let editor = try visitor.get("/profile/edit")
        #expect(editor.inputValue("username") == "Ro\u{00AD}bert")
        // Their own profile shows it as they wrote it, title included.
        let profile = try visitor.get("/profile").text
        #expect(profile.contains("<h1 id=\"profile-name\" dir=\"auto\">Ro\u{00AD}bert</h1>"))
        #expect(profile.contains("<title>Ro\u{00AD}bert — Profile"))
    }

    @Test(arguments: StoreKind.available)
    func theAutosaveAnswersTheNewVersionSoTheNextSubmitIsNotStale(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        let editor = try visitor.get("/profile/edit")
        let token = editor.hiddenValue("csrf_token") ?? ""
        let fields = ["username": "Ada", "season": "winter", "goal_date": "2026-05-03"]
        func pairs(_ version: String, _ action: String) -> [(String, String)] {
            [("csrf_token", token), ("version", version), ("action", action)]
                + fields.sorted { $0.key < $1.key }
                .map { ($0.key, $0.value) }
        }
        let autosave = try visitor.post(
            "/profile/edit", pairs(editor.hiddenValue("version") ?? "", "save"), fields: ["Accept": "application/json"])
        #expect(autosave.status == .ok)
        let version = try #require(autosave.text.split(separator: ":").last?.dropLast())
        #expect(autosave.text == "{\"version\":\(version)}")
        #expect(String(version) != editor.hiddenValue("version"))
        let done = try visitor.post("/profile/edit", pairs(String(version), "done"))
        #expect(done.status == .seeOther)
        #expect(try visitor.get("/profile").text.contains("<h1 id=\"profile-name\" dir=\"auto\">Ada</h1>"))
    }

    @Test(arguments: StoreKind.available)
    func twoVisitorsNeverSeeEachOthersProfileOrDraft(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let alice = WebVisitor(fixture.client)
        let bob = WebVisitor(fixture.client)
        try alice.submitEditor("done", editorValues(username: "Alice", goal: "2026-05-05"))
        try alice.submitEditor("save", editorValues(username: "Alice draft", goal: "2026-05-06"))
        try bob.submitEditor("save", editorValues(username: "Bob draft", goal: "2026-05-07"))
        #expect(alice.cookie != bob.cookie)
        let bobProfile = try bob.get("/profile").text
        #expect(bobProfile.contains("<h1 id=\"profile-name\" dir=\"auto\">guest</h1>"))
        #expect(!bobProfile.contains("Alice"))
        #expect(try bob.get("/profile/edit").inputValue("username") == "Bob draft")
        #expect(try alice.get("/profile/edit").inputValue("username") == "Alice draft")
        #expect(try alice.get("/profile").text.contains("<h1 id=\"profile-name\" dir=\"auto\">Alice</h1>"))
    }
}
