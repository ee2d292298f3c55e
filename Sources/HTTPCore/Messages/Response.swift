/// A response message (RFC 9112 §4) as a responder returns it.
///
/// The serializer adds `Date`, `Content-Length` and `Connection`; a responder sets everything else.
public struct Response: Sendable {
    /// The status code and reason phrase.
    public var status: StatusCode
    /// The header section, in order; repeats (such as `Set-Cookie`) are kept.
    public var fields: Fields
    /// The content in bytes. For a `HEAD` request the serializer sends the length but not the bytes.
    public var body: [UInt8]
    /// `ResponseSerializer.fieldLines(fields)` computed ahead of time, or empty. When not empty the
    /// serializer writes these bytes instead of serializing `fields` again: a cached response
    /// prepares its header section once. Whoever changes `fields` afterwards must clear it.
    public var preparedFieldLines: [UInt8] = []

    /// A response with raw content bytes.
    public init(status: StatusCode = .ok, fields: Fields = Fields(), body: [UInt8] = []) {
        self.status = status
        self.fields = fields
        self.body = body
    }

    /// A response whose content is `text` in UTF-8, with the given media type.
    public init(status: StatusCode = .ok, contentType: String, text: String, fields: Fields = Fields()) {
        self.status = status
        self.fields = fields
        self.fields[.contentType] = contentType
        self.body = Array(text.utf8)
    }
}
