/// A response status code with its reason phrase (RFC 9110 §15).
public struct StatusCode: Hashable, Sendable, CustomStringConvertible {
    /// The three-digit code, 100...599.
    public let code: Int
    /// The reason phrase written on the status line; informational only (RFC 9112 §4).
    public let reasonPhrase: String

    /// Creates a status code; `reasonPhrase` defaults to the RFC 9110 phrase, or "Status" when unknown.
    public init(_ code: Int, reasonPhrase: String? = nil) {
        self.code = code
        self.reasonPhrase = reasonPhrase ?? StatusCode.standardPhrases[code] ?? "Status"
    }

    public var description: String { "\(code) \(reasonPhrase)" }

    public static func == (lhs: StatusCode, rhs: StatusCode) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// Whether a response with this status may carry content (RFC 9110 §6.4.1: not 1xx, 204, 304).
    public var allowsContent: Bool { !(100..<200).contains(code) && code != 204 && code != 304 }

    public static let `continue` = StatusCode(100)
    public static let ok = StatusCode(200)
    public static let created = StatusCode(201)
    public static let noContent = StatusCode(204)
    public static let movedPermanently = StatusCode(301)
    public static let found = StatusCode(302)
    public static let seeOther = StatusCode(303)
    public static let notModified = StatusCode(304)
    public static let temporaryRedirect = StatusCode(307)
    public static let permanentRedirect = StatusCode(308)
    public static let badRequest = StatusCode(400)
    public static let forbidden = StatusCode(403)
    public static let notFound = StatusCode(404)
    public static let methodNotAllowed = StatusCode(405)
    public static let requestTimeout = StatusCode(408)
    public static let conflict = StatusCode(409)
    public static let lengthRequired = StatusCode(411)
    public static let contentTooLarge = StatusCode(413)
    public static let uriTooLong = StatusCode(414)
    public static let unsupportedMediaType = StatusCode(415)
    public static let expectationFailed = StatusCode(417)
    public static let unprocessableContent = StatusCode(422)
    public static let tooManyRequests = StatusCode(429)
    public static let requestHeaderFieldsTooLarge = StatusCode(431)
    public static let internalServerError = StatusCode(500)
    public static let notImplemented = StatusCode(501)
    public static let badGateway = StatusCode(502)
    public static let serviceUnavailable = StatusCode(503)
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
