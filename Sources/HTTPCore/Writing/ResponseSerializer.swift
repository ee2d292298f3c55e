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
        let fieldsLength =
            (prepared.map { $0.lines.count + response.extraFields.reservedLength } ?? response.fields.reservedLength)
        // An upper bound of the head's length: the status line (a code of at most 20 digits), the field
        // lines, `Date`, `Content-Length` (20 digits at most), `Connection` and the empty line.
        let headCapacity =
            statusLineOverhead + response.status.reasonPhrase.utf8.count + fieldsLength + date.utf8.count
            + framingOverhead
        let bodyReserve = sendsBody && reservingBody ? bodyCount : 0
        let bytes = [UInt8](unsafeUninitializedCapacity: headCapacity + bodyReserve) { buffer, initialized in
            var head = ByteWriter(buffer)
            head.write("HTTP/1.1 ")
            head.writeDecimal(response.status.code)
            head.write(.space)
            head.writeFieldValue(response.status.reasonPhrase)
            head.write("\r\n")
            if let prepared {
                prepared.lines.withUnsafeBufferPointer { head.write($0) }
                writeFieldLines(response.extraFields, to: &head)
            } else {
                writeFieldLines(response.fields, to: &head)
            }
            head.write("Date: ")
            head.write(date)
            head.write("\r\n")
            if allowsContent {
                head.write("Content-Length: ")
                head.writeDecimal(contentLength)
                head.write("\r\n")
            }
            if !keepAlive {
                head.write("Connection: close\r\n")
            } else if requestVersion == .http1_0 {
                head.write("Connection: keep-alive\r\n")
            }
            head.write("\r\n")
            initialized = head.count
        }
        return (bytes, sendsBody && bodyCount > 0)
    }

    /// "HTTP/1.1 ", 20 digits, a space and CRLF.
    private static let statusLineOverhead = 9 + 20 + 1 + 2
    /// "Date: " and CRLF; "Content-Length: ", 20 digits and CRLF; the longest `Connection` line; the
    /// empty line.
    private static let framingOverhead = (6 + 2) + (16 + 20 + 2) + 24 + 2

    /// The field lines of `fields` as the serializer writes them, framing fields dropped and values
    /// sanitized, for `PreparedFields`.
    public static func fieldLines(_ fields: Fields) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: fields.reservedLength) { buffer, initialized in
            var lines = ByteWriter(buffer)
            writeFieldLines(fields, to: &lines)
            initialized = lines.count
        }
    }

    /// Writes the field lines of `fields`: `name: value` and CRLF each, values sanitized; the framing
    /// fields this serializer owns are left out, and so is a name that is not a token, which would
    /// corrupt the header section. At most `fields.reservedLength` bytes.
    private static func writeFieldLines(_ fields: Fields, to head: inout ByteWriter) {
        for field in fields where !isFraming(field.name) && isToken(field.name.rawName) {
            head.write(field.name.rawName)
            head.write(": ")
            head.writeFieldValue(field.value)
            head.write("\r\n")
        }
    }

    /// Whether `name` is `Date`, `Content-Length`, `Connection` or `Transfer-Encoding`, which the
    /// serializer writes itself. By length first: a name of another length needs no comparison.
    private static func isFraming(_ name: FieldName) -> Bool {
        switch name.canonicalName.utf8.count {
        case 4: name == .date
        case 10: name == .connection
        case 14: name == .contentLength
        case 17: name == .transferEncoding
        default: false
        }
    }

    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(ByteClass.isTokenByte)
    }
}

extension ResponseSerializer {
    /// Whether `bytes` holds a byte below 14 (NUL, LF and CR are 0, 10 and 13), eight at a time: a
    /// word has one when `(word - 0x0E…0E) & ~word & 0x80…80` is not zero ("hasless", Sean Anderson's
    /// Bit Twiddling Hacks; exact for the word as a whole). Field values almost never do, so the exact
    /// check runs only then.
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
    /// The bytes `ResponseSerializer` writes as field lines for these fields at most (before sanitizing,
    /// which keeps the length), for reserving a buffer once.
    var reservedLength: Int {
        reduce(0) { $0 + $1.name.rawName.utf8.count + $1.value.utf8.count + 4 }
    }
}
