/// A response message (RFC 9112 §4) as a responder returns it. The serializer adds `Date`,
/// `Content-Length` and `Connection`.
public struct Response: Sendable {
    /// The status code and reason phrase.
    public var status: StatusCode
    /// The header section, in order, repeats kept. Changing it drops `preparedFieldLines`, so the bytes
    /// sent always say what `fields` say.
    public var fields: Fields {
        get {
            guard let prepared else { return plainFields }
            guard extraFields.count > 0 else { return prepared.fields }
            var fields = prepared.fields
            fields.append(contentsOf: extraFields)
            return fields
        }
        set {
            plainFields = newValue
            prepared = nil
            extraFields = Fields()
        }
    }
    /// The content. A `HEAD` response sends its length, not its bytes. Reading parts given as `bodyParts`
    /// joins them (a copy): writers use `bodyCount`, `appendBody(to:)` or `forEachBodyPart(_:)`.
    public var body: [UInt8] {
        get {
            switch content {
            case .whole(let bytes): bytes
            case .parts(let parts): Array(parts.joined())
            }
        }
        set { content = .whole(newValue) }
    }

    /// The content as arrays sent one after another (a cached page's fixed chunks and the per-request
    /// pieces between them), so they are never joined into one array first.
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
    /// The fields when not prepared (`nil` `prepared`).
    private var plainFields: Fields
    /// The header section serialized ahead of time, shared by every response made from it; `nil` once
    /// `fields` changed or for plain fields.
    private(set) var prepared: PreparedFields?
    /// This response's own fields after `prepared` ones (a `Set-Cookie`): kept apart, so a cached page's
    /// response copies neither its fields nor their lines; the serializer writes them after.
    private(set) var extraFields: Fields

    /// `ResponseSerializer.fieldLines(fields)` made ahead of time (`PreparedFields`), without any
    /// fields added for this response; `nil` once `fields` changed or for plain fields.
    public var preparedFieldLines: [UInt8]? { prepared?.lines }

    /// A response with raw content bytes.
    public init(status: StatusCode = .ok, fields: Fields = Fields(), body: [UInt8] = []) {
        self.status = status
        self.plainFields = fields
        self.extraFields = Fields()
        self.content = .whole(body)
    }

    /// A response whose header section was serialized ahead of time (a cached page or file), plus
    /// `extra` fields for this response only (a `Set-Cookie`), after the prepared ones.
    public init(status: StatusCode = .ok, prepared: PreparedFields, adding extra: Fields = Fields(), body: [UInt8] = [])
    {
        self.status = status
        self.content = .whole(body)
        self.plainFields = Fields()
        self.prepared = prepared
        self.extraFields = extra
    }

    /// A response whose content is `text` in UTF-8, with the given media type.
    public init(status: StatusCode = .ok, contentType: String, text: String, fields: Fields = Fields()) {
        self.status = status
        var fields = fields
        fields[.contentType] = contentType
        self.plainFields = fields
        self.extraFields = Fields()
        self.content = .whole(Array(text.utf8))
    }
}

/// A header section serialized once, for responses sent many times (cached pages, static files): the
/// fields and their lines made together, so they never disagree.
public struct PreparedFields: Sendable {
    /// The fields.
    public let fields: Fields
    /// `ResponseSerializer.fieldLines(fields)`.
    public let lines: [UInt8]

    /// Serializes `fields` once.
    public init(_ fields: Fields) {
        self.fields = fields
        self.lines = ResponseSerializer.fieldLines(fields)
    }
}
