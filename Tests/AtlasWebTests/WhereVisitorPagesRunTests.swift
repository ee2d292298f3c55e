import AtlasStore
import HTTPCore
import Routing
import Testing

@testable import AtlasWeb

/// A returning visitor's rows are read where the store answers them cheaply (docs/architecture.md,
/// "Where a request runs"): on the event loop with SQLite, on a worker with PostgreSQL; and anything
/// that writes (the day's first visit, a first profile) always on a worker.
struct WhereVisitorPagesRunTests {
    /// Where `target` ran for a visitor sending `cookie`, and what it answered.
    func answer(_ app: AppFixture, _ target: String, cookie: String) throws -> (onLoop: Bool, response: Response) {
        let request = Request(
            method: .get, target: try RequestTarget(parsing: target),
            fields: [.host: "test.local", .cookie: cookie])
        switch app.app.responder.answer(request) {
        case .response(let response): return (true, response)
        case .onWorker(let work): return (false, work())
        }
    }

    @Test func onSQLiteOnlyTheDaysFirstVisitAndAFirstProfileRunOnAWorker() throws {
        let app = try AppFixture(store: .sqlite)
        // Every series in memory, as the data watcher leaves them: the country page needs none read.
        app.app.checkSharedState()
        let browser = WebVisitor(app.client)
        let token = try browser.get("/countries/kr").hiddenValue("csrf_token") ?? ""
        let cookie = try #require(browser.cookie)
        let first = try answer(app, "/countries/kr", cookie: cookie)
        let firstOnLoop = first.onLoop
        #expect(!firstOnLoop, "the day's first visit is recorded, a write")
        #expect(first.response.status == .ok)
        // No profile yet: opening the editor creates it, on a worker.
        let editor = try answer(app, "/profile/edit", cookie: cookie)
        let editorOnLoop = editor.onLoop
        #expect(!editorOnLoop)
        #expect(editor.response.status == .ok)
        #expect(try app.rows(sqlite: "SELECT count(*) FROM profiles", postgreSQL: "") == [["1"]])
        let starred = try browser.post("/countries/kr/favorite", [("csrf_token", token), ("star", "on")])
        #expect(starred.status == .seeOther)
        for target in ["/profile/edit", "/profile", "/countries", "/countries/kr"] {
            let page = try answer(app, target, cookie: cookie)
            let onLoop = page.onLoop
            #expect(onLoop, "\(target): a read of the visitor's rows is one SQLite lookup")
            #expect(page.response.status == .ok, "\(target)")
            if target != "/profile/edit" { #expect(page.response.text.contains("S. Korea"), "\(target)") }
        }
        #expect(try answer(app, "/countries/kr", cookie: cookie).response.text.contains("★</span> Starred"))
    }

    @Test func onPostgreSQLAReturningVisitorsPagesRunOnAWorker() throws {
        guard StoreKind.available.contains(.postgreSQL) else { return }
        let app = try AppFixture(store: .postgreSQL)
        app.app.checkSharedState()
        let browser = WebVisitor(app.client)
        try browser.get("/countries/kr")
        let cookie = try #require(browser.cookie)
        _ = try answer(app, "/profile/edit", cookie: cookie)
        for target in ["/profile/edit", "/profile", "/countries", "/countries/kr"] {
            let page = try answer(app, target, cookie: cookie)
            let onLoop = page.onLoop
            #expect(!onLoop, "\(target): a read is a round trip")
            #expect(page.response.status == .ok, "\(target)")
        }
        let newVisitor = Request(method: .get, target: try RequestTarget(parsing: "/profile"), fields: [.host: "t"])
        guard case .response = app.app.responder.answer(newVisitor) else {
            Issue.record("a new visitor's profile page has no rows to read and stays on the loop")
            return
        }
    }
}
