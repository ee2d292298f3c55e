/// One parsed piece of a template, in source order; sections hold their own tokens.
enum Token: Sendable {
    /// Literal text, copied as is (standalone lines already removed).
    case text(String)
    /// `{{name}}` (`escaping: true`), `{{{name}}}` or `{{& name}}` (`escaping: false`).
    case variable(TagName, escaping: Bool)
    /// `{{#name}} … {{/name}}`.
    case section(TagName, [Token])
    /// `{{^name}} … {{/name}}`.
    case invertedSection(TagName, [Token])
    /// `{{> name}}`; `indentation`, the whitespace before a standalone tag, prefixes every line the
    /// partial renders (spec `partials.yml`, "Standalone Indentation").
    case partial(String, indentation: String, standalone: Bool, location: SourceLocation)
}

/// A tag's name, split at parse time so rendering never splits strings.
struct TagName: Sendable {
    /// The dotted name's parts: `a.b.c` → `["a", "b", "c"]`; the implicit iterator `.` → `[]`.
    let parts: [String]
    /// The name as written, trimmed: what closing tags must repeat.
    let text: String

    init(_ text: String) {
        self.text = text
        self.parts = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}

/// Where a tag starts in its template, for error messages.
struct SourceLocation: Sendable {
    /// 1-based line.
    let line: Int
    /// 1-based column, in characters.
    let column: Int
    /// The line's text without its line ending.
    let lineText: String
}
