/// Why a request could not be parsed, with the status the client is sent before the connection closes
/// (RFC 9112 §2.2, §3, §6; RFC 9110 §15.5).
public enum ParseError: Error, Sendable, Equatable, CaseIterable {
    /// The request line is not `method SP request-target SP HTTP-version`. → 400
    case invalidRequestLine
    /// The method is not a token. → 400
    case invalidMethod
    /// The target is not origin-, absolute- (`http`/`https`, with a valid authority) or asterisk-form
    /// (`*` with `OPTIONS` only) (RFC 9112 §3.2). → 400
    case invalidTarget
    /// The target holds a byte outside the URI character set (RFC 3986 §2): a space, a quote, a byte of
    /// raw UTF-8. → 400
    case invalidTargetCharacter
    /// The target holds a `%` not followed by two hex digits, or escapes that decode to bytes that are
    /// not UTF-8 (RFC 3986 §2.1). → 400
    case invalidPercentEncoding
    /// The version is not `HTTP/x.y`. → 400
    case invalidVersion
    /// Well-formed but not HTTP/1 (`HTTP/2.0`); a later HTTP/1 minor version is read as HTTP/1.1 (RFC
    /// 9110 §2.5). → 505
    case unsupportedVersion
    /// A field line is malformed (no colon, whitespace before the colon, obs-fold, bad bytes). → 400
    case invalidFieldLine
    /// HTTP/1.1 without exactly one `Host` field (RFC 9112 §3.2). → 400
    case missingHost
    /// The `Host` field value is not `uri-host [ ":" port ]` (RFC 9110 §7.2, RFC 3986 §3.2.2). → 400
    case invalidHost
    /// `Content-Length` is not digits, or several differ. → 400
    case invalidContentLength
    /// Both `Content-Length` and `Transfer-Encoding` (a request smuggling vector, RFC 9112 §6.3). → 400
    case conflictingFraming
    /// `Transfer-Encoding` in an HTTP/1.0 request: faulty framing (RFC 9112 §6.1). → 400
    case transferEncodingInHTTP10
    /// A transfer coding other than `chunked`. → 501
    case unsupportedTransferCoding
    /// Chunked framing is malformed. → 400
    case invalidChunk
    /// The request line is longer than `ParserLimits.maxRequestLineBytes`. → 414
    case requestLineTooLong
    /// The header section is over `ParserLimits.maxHeaderBytes` or `maxFieldLines`. → 431
    case headerSectionTooLarge
    /// The body is over `ParserLimits.maxBodyBytes`, or a chunked body with its framing over
    /// `maxChunkedBodyBytes`. → 413
    case bodyTooLarge

    /// The status code sent for this error.
    public var status: StatusCode {
        switch self {
        case .unsupportedVersion: return .httpVersionNotSupported
        case .unsupportedTransferCoding: return .notImplemented
        case .requestLineTooLong: return .uriTooLong
        case .headerSectionTooLarge: return .requestHeaderFieldsTooLarge
        case .bodyTooLarge: return .contentTooLarge
        default: return .badRequest
        }
    }

    /// A short, fixed explanation for the plain-text error body; never echoes client input.
    public var reason: String {
        switch self {
        case .invalidRequestLine: return "The request line is malformed."
        case .invalidMethod: return "The request method is not a valid token."
        case .invalidTarget:
            return "The address is malformed: it must be a path (/…), an http or https URL, or * with OPTIONS."
        case .invalidTargetCharacter:
            return "The address holds a character that must be escaped (a space, a quote, a letter outside ASCII)."
        case .invalidPercentEncoding:
            return "The address is malformed: a % not followed by two hex digits, or escapes that are not UTF-8."
        case .invalidVersion: return "The HTTP version is malformed."
        case .unsupportedVersion:
            return "The request was sent in an HTTP version this server does not speak: it speaks HTTP/1.0 and "
                + "HTTP/1.1 (and reads a later HTTP/1 minor version as HTTP/1.1)."
        case .invalidFieldLine: return "A header field line is malformed."
        case .missingHost: return "HTTP/1.1 requests need exactly one Host field."
        case .invalidHost: return "The Host field is not a valid host and port."
        case .invalidContentLength: return "Content-Length is invalid."
        case .conflictingFraming: return "Content-Length and Transfer-Encoding cannot both be sent."
        case .transferEncodingInHTTP10: return "HTTP/1.0 requests cannot use Transfer-Encoding."
        case .unsupportedTransferCoding:
            return "The request body was sent in a transfer coding this server does not decode: it decodes only "
                + "chunked."
        case .invalidChunk: return "The chunked message body is malformed."
        case .requestLineTooLong: return "The request line is too long."
        case .headerSectionTooLarge: return "The header section is too large."
        case .bodyTooLarge: return "The message body is too large."
        }
    }
}
