import HTTPCore
import Routing
import Testing

/// `501 Not Implemented` and `505 HTTP Version Not Supported` are about what the client sent, not a
/// failure of the server: their pages say what the server does not do, and neither claims an error
/// was logged nor asks the visitor to try again (which would get the same answer).
struct NotSupportedPageTests {
    let app: AppFixture

    init() throws { app = try AppFixture() }

    static func expectNoApology(_ page: Response, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!page.text.contains("logged"), sourceLocation: sourceLocation)
        #expect(!page.text.contains("try again"), sourceLocation: sourceLocation)
        #expect(!page.text.contains("Something went wrong"), sourceLocation: sourceLocation)
        #expect(
            page.text.contains("sending the same request again gets the same answer"), sourceLocation: sourceLocation)
    }

    @Test func anUnknownMethodNamesItAndTheMethodsTheServerAnswers() throws {
        let page = try app.client.execute(Method(rawValue: "BREW"), "/countries")
        #expect(page.status == .notImplemented)
        #expect(page.text.contains("<h1>Not Implemented</h1>"))
        #expect(
            page.text.contains("the method BREW, which this server does not implement: it answers GET, POST, HEAD."))
        Self.expectNoApology(page)
    }

    @Test(arguments: [
        (ParseError.unsupportedVersion, 505, "it speaks HTTP/1.0 and HTTP/1.1"),
        (ParseError.unsupportedTransferCoding, 501, "it decodes only chunked"),
    ])
    func aRequestTheParserCannotServeSaysWhatItDoesNotDo(_ error: ParseError, _ status: Int, _ words: String) throws {
        let page = try #require(app.app.responder.respond(toUnparsable: error))
        #expect(page.status.code == status)
        #expect(page.text.contains(words))
        Self.expectNoApology(page)
    }
}
