/// A parsed JSON value (RFC 8259) as the decoder sees it; numbers keep their source text so that
/// integers convert to `Int64` exactly, whatever their size.
enum JSONValue: Equatable {
    case null
    case bool(Bool)
    /// The number exactly as written, e.g. `1636866663168`, `1000000.0`, `-0.5`, `1e3`.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A short name of the kind of value for messages: "an object", "an array", "a string", …
    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value as a count: integers exactly, integral doubles (`1000000.0`) exactly,
    /// fractional numbers rounded toward zero; `nil` for `null`, strings, booleans and
    /// numbers outside `Int64` (FIELD-CASES B27).
    var count: Int64? {
        guard case .number(let text) = self else { return nil }
        if let exact = Int64(text) { return exact }
        guard let double = Double(text), double.isFinite else { return nil }
        // Int64(exactly:) refuses values outside Int64 instead of trapping.
        return Int64(exactly: double.rounded(.towardZero))
    }

    /// The value as a ratio (`Double`); `nil` for anything but a finite number.
    var ratio: Double? {
        guard case .number(let text) = self, let double = Double(text), double.isFinite else { return nil }
        return double
    }

    /// The string, or `nil` for any other kind of value.
    var string: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    /// The members, or `nil` for any other kind of value.
    var object: [String: JSONValue]? {
        guard case .object(let members) = self else { return nil }
        return members
    }
}
