/// A Mustache template, parsed once and rendered any number of times, from any thread.
///
/// Supports mustache/spec v1.x `interpolation`, `sections`, `inverted`, `comments`, `partials` (with
/// standalone indentation) and `delimiters`, dotted names and `{{.}}`. No lambdas.
public struct Template: Sendable {
    let tokens: [Token]
    /// The source's size in bytes, to reserve the output buffer once.
    let sizeHint: Int

    /// Parses `source` once into tokens.
    /// - Parameters:
    ///   - source: the template text.
    ///   - name: how errors name this template, e.g. its file path.
    /// - Throws: ``TemplateError`` naming `name`, with the line, column and text of the tag at fault:
    ///   `.unclosedTag`, `.unclosedSection`, `.unexpectedClosingTag`, `.mismatchedClosingTag`,
    ///   `.invalidDelimiters`, `.emptyTagName`.
    public init(_ source: String, name: String = "(inline)") throws {
        var parser = TemplateParser(source)
        self.tokens = try parser.parse(sourceName: name)
        self.sizeHint = source.utf8.count
    }

    /// Renders the template with `context` at the bottom of the context stack.
    ///
    /// An unresolved name or a partial missing from `partials` renders as the empty string (spec
    /// `partials.yml`, "Failed Lookup"). Partials may recurse; past ``maximumPartialDepth`` or
    /// ``maximumPartialCount`` they render as the empty string, so an endless recursion still returns.
    /// - Parameters:
    ///   - context: the data; its keys are the names the template uses.
    ///   - partials: templates that `{{> name}}` tags refer to, by name.
    public func render(_ context: TemplateValue, partials: [String: Template] = [:]) -> String {
        var renderer = TemplateRenderer(context: context, partials: partials, capacity: sizeHint + sizeHint / 2)
        renderer.render(tokens)
        return renderer.output
    }

    /// How many partials deep rendering may nest (a partial inside a partial counts two).
    public static let maximumPartialDepth = 100

    /// How many partials one ``render(_:partials:)`` may include in all: bounds a recursion that branches
    /// (once per list element) and so never reaches the depth limit.
    public static let maximumPartialCount = 100_000

    /// Every `{{> name}}` tag's partial name and location.
    func partialReferences() -> [(name: String, location: SourceLocation)] {
        var references: [(name: String, location: SourceLocation)] = []
        func collect(_ tokens: [Token]) {
            for token in tokens {
                switch token {
                case .partial(let name, _, _, let location): references.append((name, location))
                case .section(_, let children), .invertedSection(_, let children): collect(children)
                case .text, .variable: break
                }
            }
        }
        collect(tokens)
        return references
    }
}
