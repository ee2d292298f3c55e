/// Turns a request into a response. The HTTP server calls it once per request on one of its event
/// loop threads, in the order requests arrived on each connection (RFC 9112 §9.3.2).
///
/// It must not block for long: every connection on the same event loop waits meanwhile.
/// Failures are responses (a 4xx or 5xx page), so the method does not throw.
public protocol Responder: Sendable {
    /// Answers one request.
    /// - Parameter request: the complete request, body included.
    /// - Returns: the response to send; the server adds framing fields (`Content-Length`, `Date`, `Connection`).
    func respond(to request: Request) -> Response

    /// The response for bytes the parser refused (a malformed request line, a request target with a
    /// broken percent-escape or invalid UTF-8, fields over the limits): usually an error page. The
    /// server keeps `error.status`, sends `Connection: close` and closes after it.
    /// - Returns: the response, or `nil` for the server's one-line plain-text page (the default).
    func respond(toUnparsable error: ParseError) -> Response?
}

extension Responder {
    public func respond(toUnparsable error: ParseError) -> Response? { nil }
}
