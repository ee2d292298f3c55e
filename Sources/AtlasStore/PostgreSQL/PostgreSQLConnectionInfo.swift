import CPostgreSQL
import Foundation

/// A libpq connection URI, checked with `PQconninfoParse`
/// (https://www.postgresql.org/docs/15/libpq-misc.html), and what of it may be shown.
struct PostgreSQLConnectionInfo: Sendable {
    /// The URI as given (it may hold a password: never log it).
    let uri: String
    /// `postgresql://user@host:port/dbname`: only the parts given, never the password or options.
    let redacted: String

    /// - Throws: `StoreError.invalidLocation` with libpq's reason when the URI does not parse.
    init(uri: String) throws(StoreError) {
        self.uri = uri
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(uri, &message) else {
            let reason = message.map { String(cString: $0) } ?? "libpq cannot parse the URI"
            PQfreemem(message)
            // libpq quotes the whole URI in some messages, password and all: it must not be shown.
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

extension String {
    /// The string without one trailing `suffix`, when it has one.
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
