extension TemplateValue {
    /// Whether `{{#name}}` renders (and `{{^name}}` does not). Falsey: `null`, `false`, the empty string
    /// and the empty list; numbers are truthy, so `{{#count}}` shows a zero count.
    var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let value): return value
        case .int, .double: return true
        case .string(let text): return !text.isEmpty
        case .array(let elements): return !elements.isEmpty
        case .object: return true
        }
    }

    /// Appends what `{{name}}` (`escaping: true`) or `{{{name}}}` (`escaping: false`) shows for this value.
    func append(to output: inout String, escaping: Bool) {
        switch self {
        case .null, .array, .object:
            return
        case .bool(let value):
            output += value ? "true" : "false"
        case .int(let value):
            output += String(value)
        case .double(let value):
            output += Self.format(value)
        case .string(let text):
            if escaping {
                HTMLEscaping.append(text, to: &output)
            } else {
                output += text
            }
        }
    }

    /// A double as the spec's JSON data writes it: `1.21` → "1.21", `1.0` → "1".
    static func format(_ value: Double) -> String {
        // Below 2^53 an integral double converts to Int exactly.
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            return String(Int(value))
        }
        return String(value)
    }
}
