/// A value in a rendering context, in JSON's shapes (Mustache spec `interpolation.yml`, `sections.yml`):
///
/// | case | `{{name}}` renders | `{{#name}}` section |
/// | --- | --- | --- |
/// | `null` | nothing | skipped |
/// | `bool` | `true` / `false` | once when `true` |
/// | `int`, `double` | `85`, `1.21`, `1.0` → `1` | always once, the number on the stack |
/// | `string` | the text, HTML-escaped unless unescaped | skipped when empty, else once |
/// | `array` | nothing | once per element; skipped when empty |
/// | `object` | nothing | once, the object pushed on the stack |
public enum TemplateValue: Sendable, Equatable {
    /// No value; renders as the empty string and is falsey.
    case null
    /// A boolean; `true` opens sections, `false` opens inverted sections.
    case bool(Bool)
    /// An integer, rendered in decimal.
    case int(Int)
    /// A floating-point number, in its shortest round-tripping form (`1.0` → `"1"`, `1e21` → `"1e+21"`).
    case double(Double)
    /// Text; HTML-escaped by `{{name}}`, raw in `{{{name}}}` and `{{& name}}`.
    case string(String)
    /// A list; a section over it renders once per element with the element as context.
    case array([TemplateValue])
    /// A hash (the spec's term): a section pushes it on the context stack; dotted names walk into it.
    case object([String: TemplateValue])
}
