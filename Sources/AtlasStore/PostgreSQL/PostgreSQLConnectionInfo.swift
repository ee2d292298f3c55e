import CPostgreSQL
import Foundation

/// A libpq connection URI, checked with `PQconninfoParse`
/// (https://www.postgresql.org/docs/15/libpq-misc.html), and what of it may be shown.
struct PostgreSQLConnectionInfo: Sendable {
    /// The URI as given (it may hold a password: never log it).
    let uri: String
    /// `postgresql://user@host:port/dbname`: only the parts given, never the password or options.
    let redacted: String

    /// - Throws: `StoreError.invalidLocation` with libpq's reason when the URI does not parse, or when
    ///   its password holds a character that must be percent-encoded (libpq would read part of it as the
    ///   host, port or database and quote it in errors).
    init(uri: String) throws(StoreError) {
        self.uri = uri
        if let password = Self.password(in: uri), !Self.isSafelyEncoded(password) {
            throw .invalidLocation(
                "the password in the URI holds @, /, ?, # or a % that starts no escape: percent-encode them "
                    + "(%40, %2F, %3F, %23, %25) or give the password in PGPASSWORD")
        }
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(uri, &message) else {
            let reason = message.map { String(cString: $0) } ?? "libpq cannot parse the URI"
            PQfreemem(message)
            // libpq quotes the whole URI, password and all, in some messages.
            throw .invalidLocation(
                reason.trimmingSuffix("\n").replacingOccurrences(of: "\"\(uri)\"", with: "the --database URI")
                    .replacingOccurrences(of: uri, with: "the --database URI"))
        }
        defer { PQconninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        var shown = "postgresql://"
        if let user = values["user"] { shown += user + "@" }
        shown += values["host"] ?? values["hostaddr"] ?? ""
        if let port = values["port"] { shown += ":" + port }
        if let name = values["dbname"] { shown += "/" + name }
        redacted = shown
    }
}

extension PostgreSQLConnectionInfo {
    /// The password as a person wrote it: after the first `:` before the last `@` before any `?`. libpq
    /// (RFC 3986 §3.2.1) ends the user information at the first `@`.
    static func password(in uri: String) -> Substring? {
        guard let scheme = uri.range(of: "://") else { return nil }
        let beforeQuery = uri[scheme.upperBound...].prefix { $0 != "?" }
        guard let at = beforeQuery.lastIndex(of: "@") else { return nil }
        let userInformation = beforeQuery[..<at]
        guard let colon = userInformation.firstIndex(of: ":") else { return nil }
        return userInformation[userInformation.index(after: colon)...]
    }

    /// Whether libpq reads `password` as one password: none of `@ / ? #` and every `%` an escape.
    static func isSafelyEncoded(_ password: Substring) -> Bool {
        let bytes = Array(password.utf8)
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): return false
            case UInt8(ascii: "%"):
                guard index + 2 < bytes.count, bytes[index + 1].isHexDigit, bytes[index + 2].isHexDigit,
                    !(bytes[index + 1] == UInt8(ascii: "0") && bytes[index + 2] == UInt8(ascii: "0"))
                else { return false }
            default: continue
            }
        }
        return true
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
