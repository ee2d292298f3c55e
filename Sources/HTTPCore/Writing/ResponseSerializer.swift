import Formats

/// Turns a `Response` into one HTTP/1.1 response message (RFC 9112 §4, §6). It owns the framing: it
/// writes `Date`, `Content-Length` and `Connection` and drops those and `Transfer-Encoding` from the
/// response's fields, so a responder cannot desynchronise a persistent connection.
public enum ResponseSerializer {
    /// `HTTP/1.1 100 Continue` and the empty line, for `Expect: 100-continue` (RFC 9110 §10.1.1).
    public static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Serializes a response.
    /// - Parameters:
    ///   - response: the status, fields and content.
    ///   - requestMethod: for `HEAD` the content's length is sent, not the content (RFC 9110 §9.3.2);
    ///     an empty `HEAD` response keeps the responder's `Content-Length`.
    ///   - keepAlive: `false` adds `Connection: close` (RFC 9112 §9.6).
    ///   - date: the `Date` value, an IMF-fixdate (`HTTPDate`), usually cached per second.
    ///   - requestVersion: an HTTP/1.0 client kept connected gets `Connection: keep-alive` (RFC 9112
    ///     Appendix C.2.2).
    /// - Returns: status line, field lines and content in one array. 1xx, 204 and 304 (RFC 9110 §6.4.1)
    ///   get neither `Content-Length` nor content.
    public static func serialize(
        _ response: Response, requestMethod: Method, keepAlive: Bool, date: String,
        requestVersion: Version = .http1_1
    ) -> [UInt8] {
        var (bytes, sendsBody) = serializeHead(
            response, requestMethod: requestMethod, keepAlive: keepAlive, date: date, requestVersion: requestVersion,
            reservingBody: true)
        if sendsBody { response.appendBody(to: &bytes) }
        return bytes
    }

    /// Serializes the status line and header section only, for a writer that sends the content from
    /// `response`'s own arrays (one `sendmsg`, no copy). Parameters as in `serialize`; `reservingBody`
    /// makes room for the content.
    /// - Returns: the head, ending with the empty line, and whether the content must follow.
    public static func serializeHead(
        _ response: Response, requestMethod: Method, keepAlive: Bool, date: String,
        requestVersion: Version = .http1_1, reservingBody: Bool = false
    ) -> (head: [UInt8], sendsBody: Bool) {
        let allowsContent = response.status.allowsContent
        let isHead = requestMethod == .head
        let sendsBody = allowsContent && !isHead
        let bodyCount = response.bodyCount
        var contentLength = bodyCount
        if isHead, contentLength == 0, let declared = response.fields[.contentLength],
            let value = Int(declared), value >= 0
        {
            contentLength = value
        }
        let prepared = response.prepared

        var bytes: [UInt8] = []
        bytes.reserveCapacity(
            160 + (prepared?.lines.count ?? response.fields.count * 48) + response.extraFields.reservedLength
                + (sendsBody && reservingBody ? bodyCount : 0))
        bytes.append(contentsOf: statusLinePrefix)
        Digits.append(response.status.code, width: 1, to: &bytes)
        bytes.append(.space)
        appendSanitized(response.status.reasonPhrase.utf8, to: &bytes)
        bytes.append(contentsOf: crlf)

        if let prepared {
            bytes.append(contentsOf: prepared.lines)
            appendFieldLines(response.extraFields, to: &bytes)
        } else {
            appendFieldLines(response.fields, to: &bytes)
        }

        bytes.append(contentsOf: dateName)
        bytes.append(contentsOf: date.utf8)
        bytes.append(contentsOf: crlf)
        if allowsContent {
            bytes.append(contentsOf: contentLengthName)
            Digits.append(contentLength, width: 1, to: &bytes)
            bytes.append(contentsOf: crlf)
        }
        if !keepAlive {
            bytes.append(contentsOf: connectionClose)
        } else if requestVersion == .http1_0 {
            bytes.append(contentsOf: connectionKeepAlive)
        }
        bytes.append(contentsOf: crlf)
        return (bytes, sendsBody && bodyCount > 0)
    }

    /// The field lines of `fields` as the serializer writes them, framing fields dropped and values
    /// sanitized, for `PreparedFields`.
    public static func fieldLines(_ fields: Fields) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(fields.reservedLength)
        appendFieldLines(fields, to: &bytes)
        return bytes
    }

    /// Appends the field lines of `fields` exactly as `fieldLines(_:)` makes them.
    public static func appendFieldLines(_ fields: Fields, to bytes: inout [UInt8]) {
        for field in fields {
            switch field.name {
            case .date, .contentLength, .connection, .transferEncoding:
                continue
            default:
                break
            }
            // A name that is not a token would corrupt the header section: dropped.
            guard !field.name.rawName.isEmpty, field.name.rawName.utf8.allSatisfy(ByteClass.isTokenByte) else {
                continue
            }
            bytes.append(contentsOf: field.name.rawName.utf8)
            bytes.append(contentsOf: colonSpace)
            appendSanitized(field.value.utf8, to: &bytes)
            bytes.append(contentsOf: crlf)
        }
    }

    private static let statusLinePrefix: [UInt8] = Array("HTTP/1.1 ".utf8)
    private static let crlf: [UInt8] = [.cr, .lf]
    private static let colonSpace: [UInt8] = [.colon, .space]
    private static let dateName: [UInt8] = Array("Date: ".utf8)
    private static let contentLengthName: [UInt8] = Array("Content-Length: ".utf8)
    private static let connectionClose: [UInt8] = Array("Connection: close\r\n".utf8)
    private static let connectionKeepAlive: [UInt8] = Array("Connection: keep-alive\r\n".utf8)

    /// Copies a field value with CR, LF and NUL as spaces (as Go's net/http), so user input cannot start
    /// a field line or end the header section.
    private static func appendSanitized(_ value: String.UTF8View, to bytes: inout [UInt8]) {
        // Over contiguous storage (a native string's): scanned and copied several times faster than
        // through the view's indices.
        let appended: Void? = value.withContiguousStorageIfAvailable { storage in
            appendSanitized(storage, to: &bytes)
        }
        if appended == nil { Array(value).withUnsafeBufferPointer { appendSanitized($0, to: &bytes) } }
    }

    private static func appendSanitized(_ value: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        guard hasByteBelow14(value), value.contains(where: { $0 == .cr || $0 == .lf || $0 == 0 }) else {
            bytes.append(contentsOf: value)
            return
        }
        for byte in value {
            bytes.append(byte == .cr || byte == .lf || byte == 0 ? .space : byte)
        }
    }
}

extension ResponseSerializer {
    /// Whether `bytes` holds a byte below 14 (NUL, LF and CR are 0, 10 and 13), eight at a time: a
    /// word has one when `(word - 0x0E…0E) & ~word & 0x80…80` is not zero ("hasless", Sean Anderson's
    /// Bit Twiddling Hacks; exact for the word as a whole). Field values almost never do, so the exact
    /// scan runs only then.
    static func hasByteBelow14(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word & 0x8080_8080_8080_8080 != 0 { return true }
            offset += 8
        }
        while offset < bytes.count {
            if bytes[offset] < 14 { return true }
            offset += 1
        }
        return false
    }
}

extension Fields {
    /// The bytes `ResponseSerializer.appendFieldLines` writes for these fields at most (before sanitizing,
    /// which keeps the length), for reserving a buffer once.
    var reservedLength: Int {
        reduce(0) { $0 + $1.name.rawName.utf8.count + $1.value.utf8.count + 4 }
    }
}
