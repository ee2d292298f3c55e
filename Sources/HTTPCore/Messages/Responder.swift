/// Turns a request into a response. The HTTP server calls it once per request, in the order requests
/// arrived on each connection (RFC 9112 §9.3.2).
///
/// The server first asks `respondWithoutBlocking(to:)` on the event loop thread; a responder that
/// needs to block (a database round trip) returns `nil` there, and the server then calls
/// `respond(to:)` on one of its worker threads, so the loop's other connections never wait.
/// Failures are responses (a 4xx or 5xx page), so the methods do not throw.
public protocol Responder: Sendable {
    /// Answers one request; may block (the server calls it on a worker thread, tests anywhere).
    /// - Parameter request: the complete request, body included.
    /// - Returns: the response to send; the server adds framing fields (`Content-Length`, `Date`, `Connection`).
    func respond(to request: Request) -> Response

    /// Answers one request on the event loop if that needs no blocking work.
    /// - Returns: the response, or `nil` when the request needs blocking work and must be answered by
    ///   `respond(to:)` on a worker thread instead. The default answers everything here.
    func respondWithoutBlocking(to request: Request) -> Response?

    /// The response when a request needs a worker and every worker is busy with a full queue behind
    /// it (RFC 9110 §15.6.4, `503` with `Retry-After`). The default is a line of plain text.
    /// - Parameter retryAfterSeconds: the `Retry-After` to send.
    func respondOverloaded(to request: Request, retryAfterSeconds: Int) -> Response

    /// The response for bytes the parser refused (a malformed request line, a request target with a
    /// broken percent-escape or invalid UTF-8, fields over the limits): usually an error page. The
    /// server keeps `error.status`, sends `Connection: close` and closes after it.
    /// - Returns: the response, or `nil` for the server's one-line plain-text page (the default).
    func respond(toUnparsable error: ParseError) -> Response?
}

extension Responder {
    public func respondWithoutBlocking(to request: Request) -> Response? { respond(to: request) }

    public func respondOverloaded(to request: Request, retryAfterSeconds: Int) -> Response {
        var response = Response(
            status: .serviceUnavailable, contentType: "text/plain; charset=utf-8",
            text: "The server is busy; try again in a moment.\n")
        response.fields[.retryAfter] = String(retryAfterSeconds)
        return response
    }

    public func respond(toUnparsable error: ParseError) -> Response? { nil }
}
