/// A PostgreSQL statement parameter, in text format except bytes, sent binary so they need no escaping
/// (https://www.postgresql.org/docs/15/libpq-exec.html, `PQexecParams`).
enum PostgreSQLValue: Sendable {
    case null
    case text(String)
    case integer(Int64)
    case double(Double)
    case bytes([UInt8])
    case boolean(Bool)

    /// `nil` becomes `NULL`.
    static func text(_ value: String?) -> PostgreSQLValue { value.map { .text($0) } ?? .null }
    static func integer(_ value: Int64?) -> PostgreSQLValue { value.map { .integer($0) } ?? .null }
    static func integer(_ value: Int?) -> PostgreSQLValue { value.map { .integer(Int64($0)) } ?? .null }
    static func double(_ value: Double?) -> PostgreSQLValue { value.map { .double($0) } ?? .null }

    /// The bytes libpq sends, and whether they are binary (format 1).
    var wireBytes: (bytes: [UInt8], isBinary: Bool)? {
        switch self {
        case .null: return nil
        case .text(let value): return (Array(value.utf8), false)
        case .integer(let value): return (Array(String(value).utf8), false)
        // The shortest text that reads back as the same Double, exactly, in float8 input too.
        case .double(let value): return (Array(value.description.utf8), false)
        case .bytes(let value): return (value, true)
        case .boolean(let value): return (Array((value ? "t" : "f").utf8), false)
        }
    }
}

/// The rows of one result, copied out of libpq's `PGresult` in text format: `nil` is `NULL`.
struct PostgreSQLRows: Sendable {
    let rows: [[String?]]
    /// Rows `INSERT`, `UPDATE` or `DELETE` touched (`PQcmdTuples`).
    let affected: Int

    var count: Int { rows.count }

    func string(_ row: Int, _ column: Int) -> String? { rows[row][column] }
    func int64(_ row: Int, _ column: Int) -> Int64? { rows[row][column].flatMap { Int64($0) } }
    func int(_ row: Int, _ column: Int) -> Int? { rows[row][column].flatMap { Int($0) } }
    func double(_ row: Int, _ column: Int) -> Double? { rows[row][column].flatMap { Double($0) } }
    func bool(_ row: Int, _ column: Int) -> Bool? { rows[row][column].map { $0 == "t" } }

    /// A `bytea` column, sent in text format as `\x` and hex digits.
    func bytes(_ row: Int, _ column: Int) -> [UInt8]? {
        guard let text = rows[row][column], text.hasPrefix("\\x") else { return nil }
        let digits = Array(text.utf8.dropFirst(2))
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = Self.hexValue(digits[index]), let low = Self.hexValue(digits[index + 1]) else {
                return nil
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
