/// A value in a rendering context: the data a ``Template`` reads names from.
///
/// Mirrors JSON's shapes. How each case behaves in a template (Mustache spec, `interpolation.yml` and
/// `sections.yml`):
///
/// | case | `{{name}}` renders | `{{#name}}` section |
/// | --- | --- | --- |
/// | `null` | nothing | falsey: skipped |
/// | `bool` | `true` / `false` | rendered once when `true` |
/// | `int` | decimal digits, e.g. `85` | always rendered once, with the number on the context stack |
/// | `double` | shortest form, e.g. `1.21`; integral values without fraction, `1.0` → `1` | always rendered once |
/// | `string` | the text, HTML-escaped unless unescaped | falsey when empty, else rendered once |
/// | `array` | nothing | rendered once per element; falsey when empty |
/// | `object` | nothing | rendered once with the object pushed on the context stack |
public enum TemplateValue: Sendable, Equatable {
    /// No value; renders as the empty string and is falsey.
    case null
    /// A boolean; `true` opens sections, `false` opens inverted sections.
    case bool(Bool)
    /// An integer, rendered in decimal.
    case int(Int)
    /// A floating-point number, rendered in its shortest round-tripping form (`1.21` → `"1.21"`,
    /// `1.0` → `"1"`, `1e21` → `"1e+21"`).
    case double(Double)
    /// Text; HTML-escaped by `{{name}}`, raw in `{{{name}}}` and `{{& name}}`.
    case string(String)
    /// A list; a section over it renders once per element with the element as context.
    case array([TemplateValue])
    /// A hash (the spec's term); a section over it pushes it on the context stack, and dotted names
    /// (`a.b.c`) walk into it.
    case object([String: TemplateValue])
}
