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
}
