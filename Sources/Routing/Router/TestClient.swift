import HTTPCore

/// Runs requests through a `Responder` in-process, as the server would: the event-loop part
/// (`answer(_:)`), then the worker part if any; HEAD answers carry no body.
public struct TestClient: Sendable {
    private let responder: any Responder

    /// Wraps the responder to test, usually the app's `Router`.
    public init(_ responder: any Responder) { self.responder = responder }

    /// Sends one request.
    /// - Parameters:
    ///   - target: origin-form (`/countries?q=kor`), absolute-form (`http://host/path`) or `*`.
    ///   - fields: header fields; `Host` is added when missing.
    ///   - remoteAddress: the peer as the server reports it (`HOST:PORT`, IPv6 in brackets).
    /// - Throws: `ParseError` when `target` is not a valid request target.
    public func execute(
        _ method: Method, _ target: String, fields: Fields = Fields(), body: [UInt8] = [],
        remoteAddress: String = "127.0.0.1:0"
    ) throws -> Response {
        var fields = fields
        if !fields.contains(.host) { fields[.host] = "test.local" }
        let request = Request(
            method: method, target: try RequestTarget(parsing: target), fields: fields, body: body,
            remoteAddress: remoteAddress)
        var response = responder.respond(to: request)
        if method == .head { response.body = [] }
        return response
    }

    /// `GET target`.
    public func get(_ target: String, fields: Fields = Fields(), remoteAddress: String = "127.0.0.1:0") throws
        -> Response
    {
        try execute(.get, target, fields: fields, remoteAddress: remoteAddress)
    }
}

extension Response {
    /// The body as UTF-8 text (invalid bytes replaced), for assertions.
    public var text: String { String(decoding: body, as: UTF8.self) }
}
