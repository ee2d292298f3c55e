import Formats

/// The final response of one `GET` (after redirects), as `CurlEasy.get` returns it.
public struct FetchResponse: Sendable, Equatable {
    /// The status code of the final response, e.g. `200`, `304`, `429`.
    public var status: Int
    /// The final response's fields, names lower-cased, the last value of a repeated name.
    public var fields: [String: String]
    /// The body without content coding (gzip, deflate); empty for `304`.
    public var body: [UInt8]

    /// A response from its parts.
    public init(status: Int, fields: [String: String], body: [UInt8]) {
        self.status = status
        self.fields = fields
        self.body = body
    }

    /// The `Content-Type` media type, lower-cased, without parameters; `""` when absent.
    public var mediaType: String {
        let value = fields["content-type"] ?? ""
        let type = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The validators to send on the next request for the same URL (RFC 9110 §8.8).
    public var validators: ConditionalValidators {
        ConditionalValidators(entityTag: fields["etag"], lastModified: fields["last-modified"])
    }

    /// `Retry-After` (RFC 9110 §10.2.3) in seconds: delay-seconds as given, or an HTTP-date less `now` (ms
    /// since the epoch), at least 0; `nil` when absent or unreadable.
    public func retryAfterSeconds(now: Int64) -> Int64? {
        guard let value = fields["retry-after"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return nil
        }
        if value.allSatisfy(\.isASCII) && value.allSatisfy(\.isNumber) {
            return Int64(value) ?? Int64.max
        }
        guard let date = HTTPDate.parse(value) else { return nil }
        return max(0, (Int64(date) * 1000 - now) / 1000)
    }
}

/// A response's validators, sent back as `If-None-Match` / `If-Modified-Since` so an unchanged
/// resource costs a bodiless `304` (RFC 9110 §13.1.2, §13.1.3).
public struct ConditionalValidators: Sendable, Equatable {
    /// The `ETag` value as received, e.g. `W/"2a-xyz"`.
    public var entityTag: String?
    /// The `Last-Modified` value as received (an HTTP-date).
    public var lastModified: String?

    /// Validators from field values.
    public init(entityTag: String? = nil, lastModified: String? = nil) {
        self.entityTag = entityTag
        self.lastModified = lastModified
    }

    /// Whether there is nothing to send.
    public var isEmpty: Bool { entityTag == nil && lastModified == nil }

    var requestFieldLines: [String] {
        var lines: [String] = []
        if let entityTag { lines.append("If-None-Match: \(entityTag)") }
        if let lastModified { lines.append("If-Modified-Since: \(lastModified)") }
        return lines
    }
}
