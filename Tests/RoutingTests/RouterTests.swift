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

/// A route marked `blocks` goes to a worker before its handler runs on the loop; an unmarked one runs
/// on the loop up to its first `BlockingWork.check()` and then again from the start.
struct BlockingRouteTests {
    final class Runs: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var total: Int { lock.withLock { count } }
    }

    @Test func aBlockingRouteRunsOnceOnAWorkerAndAnUnmarkedOneTwice() throws {
        let marked = Runs()
        let unmarked = Runs()
        var router = Router()
        router.post("/marked", blocks: true) { _, _ in
            marked.add()
            try BlockingWork.check()
            return Response(contentType: "text/plain", text: "marked")
        }
        router.post("/unmarked") { _, _ in
            unmarked.add()
            try BlockingWork.check()
            return Response(contentType: "text/plain", text: "unmarked")
        }
        let client = TestClient(router)
        #expect(try client.execute(.post, "/marked").text == "marked")
        #expect(try client.execute(.post, "/unmarked").text == "unmarked")
        #expect(marked.total == 1)
        #expect(unmarked.total == 2)
    }
}
