/// What a responder answers on the event loop: the response, or the work that makes it, to run once
/// on a worker thread because it may block (a database round trip). Nothing is run twice.
public enum Answer: Sendable {
    /// The response, made without blocking.
    case response(Response)
    /// Work that may block; the server runs it once on a worker and sends what it returns.
    case onWorker(@Sendable () -> Response)
}

/// Turns a request into a response. The HTTP server calls `answer(_:)` once per request on the event
/// loop thread, in the order requests arrived on each connection (RFC 9112 §9.3.2), and runs an
/// `.onWorker` answer on one of its worker threads, so the loop's other connections never wait.
/// Failures are responses (a 4xx or 5xx page), so the methods do not throw.
public protocol Responder: Sendable {
    /// Answers one request on the event loop: must not block. The default answers
    /// `.response(respond(to:))`, for responders that never block.
    func answer(_ request: Request) -> Answer

    /// The whole answer to one request on the calling thread: `answer(_:)`, and its worker part run
    /// here when it has one. For tests and responders that never block.
    /// - Returns: the response to send; the server adds framing fields (`Content-Length`, `Date`, `Connection`).
    func respond(to request: Request) -> Response

    /// The response when a request needs a worker and every worker is busy with a full queue behind
    /// it (RFC 9110 §15.6.4, `503` with `Retry-After`). The default is a line of plain text.
    /// - Parameter retryAfterSeconds: the `Retry-After` to send.
    func respondOverloaded(to request: Request, retryAfterSeconds: Int) -> Response

    /// The response for bytes the parser refused (a malformed request line, a request target with a
    /// broken percent-escape or invalid UTF-8, fields over the limits): usually an error page. The
    /// server keeps `error.status`, sends `Connection: close` and closes after it.
    /// - Returns: the response, or `nil` for the server's one-line plain-text page (the default).
    func respond(toUnparsable error: ParseError) -> Response?

    /// The same for a request whose target began with `targetStart` (`RequestParser.targetStart`, empty
    /// when the parser did not get that far), so the page can be in the language of its address. The
    /// default ignores it.
    func respond(toUnparsable error: ParseError, targetStart: String) -> Response?
}

extension Responder {
    public func answer(_ request: Request) -> Answer { .response(respond(to: request)) }

    public func respondOverloaded(to request: Request, retryAfterSeconds: Int) -> Response {
        var response = Response(
            status: .serviceUnavailable, contentType: "text/plain; charset=utf-8",
            text: "The server is busy; try again in a moment.\n")
        response.fields[.retryAfter] = String(retryAfterSeconds)
        return response
    }

    public func respond(toUnparsable error: ParseError) -> Response? { nil }

    public func respond(toUnparsable error: ParseError, targetStart: String) -> Response? {
        respond(toUnparsable: error)
    }
}
