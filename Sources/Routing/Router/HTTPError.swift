import HTTPCore

/// An error a visitor may see: a status and a message safe to show (no internals). Anything else a
/// handler throws becomes a generic `500` page and a log line (docs/architecture.md, "Errors users see").
public struct HTTPError: Error, Sendable, Equatable {
    /// The status code sent.
    public var status: StatusCode
    /// A sentence for the visitor, e.g. "Unknown continent “mars”."; shown escaped.
    public var message: String
    /// Extra fields for the response, e.g. `Allow` on a `405`.
    public var fields: Fields
    /// A value of the app's own type for its error page (what the visitor asked for); `nil` for none. The
    /// router only passes it on.
    public var context: (any Sendable)?

    /// An error; `message` defaults to the reason phrase and `context` goes to the error page.
    public init(
        _ status: StatusCode, _ message: String? = nil, fields: Fields = Fields(), context: (any Sendable)? = nil
    ) {
        self.status = status
        self.message = message ?? status.reasonPhrase
        self.fields = fields
        self.context = context
    }

    /// Equal when the status and the message are (the context is the app's to compare).
    public static func == (lhs: HTTPError, rhs: HTTPError) -> Bool {
        lhs.status == rhs.status && lhs.message == rhs.message
    }
}
