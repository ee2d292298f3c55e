/// A response message (RFC 9112 §4) as a responder returns it.
///
/// The serializer adds `Date`, `Content-Length` and `Connection`; a responder sets everything else.
public struct Response: Sendable {
    /// The status code and reason phrase.
    public var status: StatusCode
    /// The header section, in order; repeats (such as `Set-Cookie`) are kept.
    public var fields: Fields
    /// The content in bytes. For a `HEAD` request the serializer sends the length but not the bytes.
    /// Reading a body given as `bodyParts` joins the parts (a copy); writers use `bodyCount` and
    /// `appendBody(to:)` or `forEachBodyPart(_:)` instead.
    public var body: [UInt8] {
        get {
            switch content {
            case .whole(let bytes): bytes
            case .parts(let parts): Array(parts.joined())
            }
        }
        set { content = .whole(newValue) }
    }

    /// The content as consecutive byte arrays sent one after another: a cached page's fixed chunks and
    /// the per-request fragments between them, which the writer copies once behind the head (or sends
    /// as they are) instead of their being joined into one array first.
    public var bodyParts: [[UInt8]] {
        get {
            switch content {
            case .whole(let bytes): [bytes]
            case .parts(let parts): parts
            }
        }
        set { content = .parts(newValue) }
    }

    /// The content's length in bytes.
    public var bodyCount: Int {
        switch content {
        case .whole(let bytes): bytes.count
        case .parts(let parts): parts.reduce(0) { $0 + $1.count }
        }
    }

    /// Appends the content's bytes to `bytes`.
    public func appendBody(to bytes: inout [UInt8]) {
        switch content {
        case .whole(let whole): bytes.append(contentsOf: whole)
        case .parts(let parts): for part in parts { bytes.append(contentsOf: part) }
        }
    }

    /// Calls `body` with each non-empty piece of the content, in order.
    public func forEachBodyPart(_ body: ([UInt8]) -> Void) {
        switch content {
        case .whole(let whole): if !whole.isEmpty { body(whole) }
        case .parts(let parts): for part in parts where !part.isEmpty { body(part) }
        }
    }

    /// One array (the usual case, no extra allocation) or consecutive parts.
    private enum Content: Sendable {
        case whole([UInt8])
        case parts([[UInt8]])
    }

    private var content: Content
    /// `ResponseSerializer.fieldLines(fields)` computed ahead of time, or empty. When not empty the
    /// serializer writes these bytes instead of serializing `fields` again: a cached response
    /// prepares its header section once. Whoever changes `fields` afterwards must clear it.
    public var preparedFieldLines: [UInt8] = []

    /// A response with raw content bytes.
    public init(status: StatusCode = .ok, fields: Fields = Fields(), body: [UInt8] = []) {
        self.status = status
        self.fields = fields
        self.content = .whole(body)
    }

    /// A response whose content is `text` in UTF-8, with the given media type.
    public init(status: StatusCode = .ok, contentType: String, text: String, fields: Fields = Fields()) {
        self.status = status
        self.fields = fields
        self.fields[.contentType] = contentType
        self.content = .whole(Array(text.utf8))
    }
}
