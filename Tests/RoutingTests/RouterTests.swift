import Foundation
import HTTPCore
import Routing
import Testing

func makeRouter() -> Router {
    var router = Router()
    router.get("/") { _, _ in Response(contentType: "text/plain", text: "home") }
    router.get("/countries/:id") { _, parameters in
        Response(contentType: "text/plain", text: "country \(parameters["id"])")
    }
    router.post("/countries/:id/favorite") { _, parameters in
        Response(contentType: "text/plain", text: "starred \(parameters["id"])")
    }
    router.get("/files/*") { _, parameters in
        Response(contentType: "text/plain", text: parameters.rest.joined(separator: "|"))
    }
    router.get("/teapot") { _, _ in throw HTTPError(StatusCode(418, reasonPhrase: "I'm a teapot"), "Short and stout.") }
    router.get("/boom") { _, _ in
        struct Boom: Error {}
        throw Boom()
    }
    return router
}

struct RouterTests {
    let client = TestClient(makeRouter())

    @Test func parametersAreCapturedDecoded() throws {
        #expect(try client.get("/countries/R%C3%A9union").text == "country Réunion")
    }

    @Test func restCapturesEverySegment() throws {
        #expect(try client.get("/files/a/b/c.css").text == "a|b|c.css")
    }

    /// Routes are looked up by their first segment, but the earlier of two that match still wins, whether
    /// its pattern starts with a literal or a capture, and a capture first matches any first segment.
    @Test(arguments: [
        ("/a/b", "literal a/b"), ("/a/c", "capture then c"), ("/x/c", "capture then c"), ("/x/b", "rest x|b"),
        ("/a", "rest a"), ("/", "root"),
    ])
    func theEarlierOfTwoMatchingRoutesWins(_ target: String, _ expected: String) throws {
        var router = Router()
        router.get("/a/b") { _, _ in Response(contentType: "text/plain", text: "literal a/b") }
        router.get("/:first/c") { _, _ in Response(contentType: "text/plain", text: "capture then c") }
        router.get("/a/c") { _, _ in Response(contentType: "text/plain", text: "literal a/c") }
        router.get("/") { _, _ in Response(contentType: "text/plain", text: "root") }
        router.get("/*") { _, parameters in
            Response(contentType: "text/plain", text: "rest " + parameters.rest.joined(separator: "|"))
        }
        router.get("/a/b") { _, _ in Response(contentType: "text/plain", text: "second a/b") }
        #expect(try TestClient(router).get(target).text == expected)
    }

    /// The slash is dropped only toward an address that answers the method: `GET /countries/kr/favorite/`
    /// is a 404, not a redirect to a POST-only address that would answer 405.
    @Test func aTrailingSlashRedirectsOnlyToAnAddressThatAnswersTheMethod() throws {
        #expect(try client.get("/countries/kr/favorite/").status == .notFound)
        #expect(try client.execute(.head, "/countries/kr/").status == .movedPermanently)
        #expect(try client.get("/countries/kr/").fields[.location] == "/countries/kr")
        // A form keeps its method and body only through a 308.
        let post = try client.execute(.post, "/countries/kr/favorite/?x=1")
        #expect(post.status == .permanentRedirect)
        #expect(post.fields[.location] == "/countries/kr/favorite?x=1")
    }

    @Test func unknownPathsAre404() throws {
        #expect(try client.get("/nowhere").status == .notFound)
        #expect(try client.get("/countries/kr/extra").status == .notFound)
    }

    @Test func headUsesTheGetHandlerWithoutABody() throws {
        let response = try client.execute(.head, "/")
        #expect(response.status == .ok)
        #expect(response.body.isEmpty)
    }

    @Test func wrongMethodIs405WithAllow() throws {
        let response = try client.execute(.post, "/")
        #expect(response.status == .methodNotAllowed)
        #expect(response.fields[.allow] == "GET, HEAD")
        let star = try client.execute(.get, "/countries/kr/favorite")
        #expect(star.status == .methodNotAllowed)
        #expect(star.fields[.allow] == "POST")
    }

    @Test(arguments: ["FOO", "get", "PROPFIND"])
    func unknownMethodsAre501(_ method: String) throws {
        let response = try client.execute(Method(rawValue: method), "/")
        #expect(response.status == .notImplemented)
    }

    @Test func optionsAsteriskNamesEveryRoutedMethod() throws {
        let response = try client.execute(.options, "*")
        #expect(response.status == .noContent)
        #expect(response.fields[.allow] == "GET, POST, HEAD")
    }

    @Test func anAbsoluteFormTargetRoutesLikeItsPath() throws {
        #expect(try client.get("http://example.com/countries/kr?x=1").text == "country kr")
    }

    @Test func aTrailingSlashRedirectsToThePathWithoutIt() throws {
        let response = try client.get("/countries/kr/?x=1")
        #expect(response.status == .movedPermanently)
        #expect(response.fields[.location] == "/countries/kr?x=1")
    }

    /// A pattern ending in `/` (`/ko/`) is another address than the one without it.
    @Test(arguments: [("/ko/", "with"), ("/ko", "without"), ("/ko/?q=1", "with")])
    func aPatternEndingInASlashMatchesOnlyWithIt(_ target: String, _ expected: String) throws {
        var router = Router()
        router.get("/ko") { _, _ in Response(contentType: "text/plain", text: "without") }
        router.get("/ko/") { _, _ in Response(contentType: "text/plain", text: "with") }
        #expect(try TestClient(router).get(target).text == expected)
    }

    @Test func httpErrorsKeepTheirStatusAndMessage() throws {
        let response = try client.get("/teapot")
        #expect(response.status.code == 418)
        #expect(response.text.contains("Short and stout."))
    }

    @Test func unexpectedErrorsAreAGeneric500() throws {
        let response = try client.get("/boom")
        #expect(response.status == .internalServerError)
        #expect(!response.text.contains("Boom"))
    }

    @Test func dotSegmentsAreRemovedBeforeRouting() throws {
        #expect(try client.get("/files/../countries/kr").text == "country kr")
    }
}

/// Where a handler runs is declared: a `.worker` route's handler never runs on the event loop; a
/// `replying` handler runs on the loop and its `.onWorker` rest runs once, off the loop; nothing runs twice.
struct WhereWorkRunsTests {
    final class Runs: @unchecked Sendable {
        private let lock = NSLock()
        private var places: [String] = []
        func add(_ place: String) { lock.withLock { places.append(place) } }
        var all: [String] { lock.withLock { places } }
    }

    static func place() -> String { EventLoopThread.isCurrent ? "loop" : "worker" }

    @Test func aWorkerRouteNeverRunsOnTheLoop() throws {
        let runs = Runs()
        var router = Router()
        router.post("/form", runsOn: .worker) { _, _ in
            runs.add(Self.place())
            return Response(contentType: "text/plain", text: "stored")
        }
        guard case .onWorker(let work) = router.answer(try Self.request(.post, "/form")) else {
            Issue.record("a .worker route answered on the loop")
            return
        }
        #expect(runs.all.isEmpty, "the handler ran before the worker took it")
        #expect(work().text == "stored")
        #expect(runs.all == ["worker"])
    }

    @Test func aReplyingHandlerHandsItsRestToAWorkerOnce() throws {
        let runs = Runs()
        var router = Router()
        router.get(
            "/page",
            replying: { request, _ in
                runs.add("decide on the " + Self.place())
                guard request.target.query == "slow" else {
                    return .response(Response(contentType: "text/plain", text: "fast"))
                }
                return .onWorker {
                    runs.add("render on the " + Self.place())
                    return Response(contentType: "text/plain", text: "slow")
                }
            })
        guard case .response(let fast) = router.answer(try Self.request(.get, "/page")) else {
            Issue.record("a page that needs no worker went to one")
            return
        }
        #expect(fast.text == "fast")
        guard case .onWorker(let work) = router.answer(try Self.request(.get, "/page?slow")) else {
            Issue.record("the handler's .onWorker rest ran on the loop")
            return
        }
        #expect(work().text == "slow")
        #expect(runs.all == ["decide on the loop", "decide on the loop", "render on the worker"])
    }

    /// A handler that leaves the loop (`EventLoopThread.leave()`) runs again, whole, on a worker, where
    /// it goes on; its answer is the worker's.
    @Test func aHandlerThatLeavesTheLoopRunsAgainOnAWorker() throws {
        let runs = Runs()
        var router = Router()
        router.get(
            "/build",
            replying: { _, _ in
                runs.add("start on the " + Self.place())
                try EventLoopThread.leave()
                runs.add("build on the " + Self.place())
                return .response(Response(contentType: "text/plain", text: "built"))
            })
        guard case .onWorker(let work) = router.answer(try Self.request(.get, "/build")) else {
            Issue.record("the build ran on the loop")
            return
        }
        #expect(runs.all == ["start on the loop"])
        #expect(work().text == "built")
        #expect(runs.all == ["start on the loop", "start on the worker", "build on the worker"])
    }

    @Test func anErrorThrownOnTheWorkerIsTheErrorPage() throws {
        var router = Router()
        router.get("/gone", replying: { _, _ in .onWorker { throw HTTPError(.notFound, "Gone.") } })
        let response = try TestClient(router).get("/gone")
        #expect(response.status == .notFound)
        #expect(response.text.contains("Gone."))
    }

    static func request(_ method: Method, _ target: String) throws -> Request {
        Request(method: method, target: try RequestTarget(parsing: target), fields: [.host: "test.local"], body: [])
    }
}
