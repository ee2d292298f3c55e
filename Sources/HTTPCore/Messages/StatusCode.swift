/// A response status code with its reason phrase (RFC 9110 §15).
public struct StatusCode: Hashable, Sendable, CustomStringConvertible {
    /// The three-digit code, 100...599.
    public let code: Int
    /// The reason phrase written on the status line; informational only (RFC 9112 §4).
    public let reasonPhrase: String

    /// Creates a status code; `reasonPhrase` defaults to RFC 9110's, or "Status" when unknown.
    public init(_ code: Int, reasonPhrase: String? = nil) {
        self.code = code
        self.reasonPhrase = reasonPhrase ?? StatusCode.standardPhrases[code] ?? "Status"
    }

    public var description: String { "\(code) \(reasonPhrase)" }

    public static func == (lhs: StatusCode, rhs: StatusCode) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// Whether a response with this status may carry content (RFC 9110 §6.4.1: not 1xx, 204, 304).
    public var allowsContent: Bool { !(100..<200).contains(code) && code != 204 && code != 304 }

    /// `100 Continue` (RFC 9110 §15.2.1).
    public static let `continue` = StatusCode(100)
    /// `200 OK` (RFC 9110 §15.3.1).
    public static let ok = StatusCode(200)
    /// `201 Created` (RFC 9110 §15.3.2).
    public static let created = StatusCode(201)
    /// `204 No Content` (RFC 9110 §15.3.5).
    public static let noContent = StatusCode(204)
    /// `301 Moved Permanently` (RFC 9110 §15.4.2).
    public static let movedPermanently = StatusCode(301)
    /// `302 Found` (RFC 9110 §15.4.3).
    public static let found = StatusCode(302)
    /// `303 See Other` (RFC 9110 §15.4.4).
    public static let seeOther = StatusCode(303)
    /// `304 Not Modified` (RFC 9110 §15.4.5).
    public static let notModified = StatusCode(304)
    /// `307 Temporary Redirect` (RFC 9110 §15.4.8).
    public static let temporaryRedirect = StatusCode(307)
    /// `308 Permanent Redirect` (RFC 9110 §15.4.9).
    public static let permanentRedirect = StatusCode(308)
    /// `400 Bad Request` (RFC 9110 §15.5.1).
    public static let badRequest = StatusCode(400)
    /// `403 Forbidden` (RFC 9110 §15.5.4).
    public static let forbidden = StatusCode(403)
    /// `404 Not Found` (RFC 9110 §15.5.5).
    public static let notFound = StatusCode(404)
    /// `405 Method Not Allowed` (RFC 9110 §15.5.6).
    public static let methodNotAllowed = StatusCode(405)
    /// `408 Request Timeout` (RFC 9110 §15.5.9).
    public static let requestTimeout = StatusCode(408)
    /// `409 Conflict` (RFC 9110 §15.5.10).
    public static let conflict = StatusCode(409)
    /// `411 Length Required` (RFC 9110 §15.5.12).
    public static let lengthRequired = StatusCode(411)
    /// `413 Content Too Large` (RFC 9110 §15.5.14).
    public static let contentTooLarge = StatusCode(413)
    /// `414 URI Too Long` (RFC 9110 §15.5.15).
    public static let uriTooLong = StatusCode(414)
    /// `415 Unsupported Media Type` (RFC 9110 §15.5.16).
    public static let unsupportedMediaType = StatusCode(415)
    /// `417 Expectation Failed` (RFC 9110 §15.5.18).
    public static let expectationFailed = StatusCode(417)
    /// `422 Unprocessable Content` (RFC 9110 §15.5.21).
    public static let unprocessableContent = StatusCode(422)
    /// `429 Too Many Requests` (RFC 6585 §4).
    public static let tooManyRequests = StatusCode(429)
    /// `431 Request Header Fields Too Large` (RFC 6585 §5).
    public static let requestHeaderFieldsTooLarge = StatusCode(431)
    /// `500 Internal Server Error` (RFC 9110 §15.6.1).
    public static let internalServerError = StatusCode(500)
    /// `501 Not Implemented` (RFC 9110 §15.6.2).
    public static let notImplemented = StatusCode(501)
    /// `502 Bad Gateway` (RFC 9110 §15.6.3).
    public static let badGateway = StatusCode(502)
    /// `503 Service Unavailable` (RFC 9110 §15.6.4).
    public static let serviceUnavailable = StatusCode(503)
    /// `505 HTTP Version Not Supported` (RFC 9110 §15.6.6).
    public static let httpVersionNotSupported = StatusCode(505)

    static let standardPhrases: [Int: String] = [
        100: "Continue", 101: "Switching Protocols",
        200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 206: "Partial Content",
        301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout", 409: "Conflict",
        410: "Gone", 411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large",
        414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable",
        417: "Expectation Failed", 422: "Unprocessable Content", 426: "Upgrade Required",
        428: "Precondition Required", 429: "Too Many Requests", 431: "Request Header Fields Too Large",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
        503: "Service Unavailable", 504: "Gateway Timeout", 505: "HTTP Version Not Supported",
    ]
}
