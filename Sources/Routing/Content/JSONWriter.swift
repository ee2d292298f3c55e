import Formats

/// Writes JSON by hand, so keys keep the order they are written in (an API's documented order) and
/// unknown values are `null`, which `JSONEncoder` does not promise. Strings are escaped by `JSONText`.
public struct JSONWriter: Sendable {
    /// An empty document.
    public init() {}

    public private(set) var output = ""
    private var needsComma = [false]

    /// Opens an object (`{`), as a value of the enclosing array or key.
    public mutating func beginObject() { separator(); output += "{"; needsComma.append(false) }
    /// Closes the innermost object.
    public mutating func endObject() { output += "}"; needsComma.removeLast() }
    /// Opens an array (`[`).
    public mutating func beginArray() { separator(); output += "["; needsComma.append(false) }
    /// Closes the innermost array.
    public mutating func endArray() { output += "]"; needsComma.removeLast() }

    /// Writes an object key; the next value is its value.
    public mutating func key(_ name: String) {
        separator()
        string(name)
        output += ":"
        needsComma[needsComma.count - 1] = false
    }

    /// A string, or `null`.
    public mutating func value(_ text: String?) { separator(); if let text { string(text) } else { output += "null" } }
    /// An integer, or `null`.
    public mutating func value(_ number: Int64?) { separator(); output += number.map(String.init) ?? "null" }
    /// `true` or `false`.
    public mutating func value(_ flag: Bool) { separator(); output += flag ? "true" : "false" }
    /// A number, or `null` when unknown or not finite; integral values without `.0`, as disease.sh sends them.
    public mutating func value(_ number: Double?) {
        separator()
        guard let number, number.isFinite else { output += "null"; return }
        if number == number.rounded(), abs(number) < 9.0e15 {
            output += String(Int64(number))
        } else {
            output += String(number)
        }
    }

    public mutating func field(_ name: String, _ text: String?) { key(name); value(text) }
    public mutating func field(_ name: String, _ number: Int64?) { key(name); value(number) }
    public mutating func field(_ name: String, _ number: Double?) { key(name); value(number) }
    public mutating func field(_ name: String, _ flag: Bool) { key(name); value(flag) }

    private mutating func separator() {
        if needsComma[needsComma.count - 1] { output += "," }
        needsComma[needsComma.count - 1] = true
    }

    private mutating func string(_ text: String) {
        output += JSONText.quoted(text)
    }
}
