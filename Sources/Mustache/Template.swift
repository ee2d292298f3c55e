/// A Mustache template, parsed once into tokens and rendered any number of times, from any thread.
///
/// Supports the Mustache spec's variables (HTML-escaped by default), `{{{name}}}` and `{{& name}}`,
/// sections, inverted sections, comments, partials with standalone indentation, dotted names, the
/// implicit iterator `{{.}}`, set delimiter tags and the standalone-line whitespace rules
/// (mustache/spec v1.x: `interpolation`, `sections`, `inverted`, `comments`, `partials`, `delimiters`).
/// Lambdas are not supported.
public struct Template: Sendable {
    let tokens: [Token]
    /// Rough size of the rendered output in bytes, used to reserve the output buffer once.
    let sizeHint: Int

    /// Parses `source` once into tokens.
    /// - Parameters:
    ///   - source: the template text.
    ///   - name: how errors name this template, e.g. its file path.
    /// - Throws: ``TemplateError`` naming `name`, with the line, column and line text of the offending tag:
    ///   `.unclosedTag` (no closing delimiter), `.unclosedSection` (no `{{/name}}` before the end),
    ///   `.unexpectedClosingTag` / `.mismatchedClosingTag`, `.invalidDelimiters` (bad `{{=… …=}}`),
    ///   `.emptyTagName`.
    public init(_ source: String, name: String = "(inline)") throws {
        var parser = TemplateParser(source)
        self.tokens = try parser.parse(sourceName: name)
        self.sizeHint = source.utf8.count
    }

    /// Renders the template with `context` at the bottom of the context stack.
    ///
    /// A name that resolves nowhere renders as the empty string; a partial missing from `partials` renders
    /// as the empty string too (spec `partials.yml`, "Failed Lookup"). Partials render lazily, so a partial
    /// may include itself ("Recursion"). So that a template that recurses without end still returns,
    /// partials nested more than ``maximumPartialDepth`` deep, and partials beyond the
    /// ``maximumPartialCount``th of one render, render as the empty string.
    /// - Parameters:
    ///   - context: the data; its keys are the names the template uses.
    ///   - partials: templates that `{{> name}}` tags refer to, by name.
    /// - Returns: the rendered text.
    public func render(_ context: TemplateValue, partials: [String: Template] = [:]) -> String {
        var renderer = TemplateRenderer(context: context, partials: partials, capacity: sizeHint + sizeHint / 2)
        renderer.render(tokens)
        return renderer.output
    }

    /// How many partials deep rendering may nest (a partial inside a partial counts two).
    public static let maximumPartialDepth = 100

    /// How many partials one call of ``render(_:partials:)`` may include in total; bounds a recursion that
    /// branches (a partial including itself once per list element) and so never reaches the depth limit.
    public static let maximumPartialCount = 100_000

    /// The names of every partial this template's `{{> name}}` tags refer to, with where each tag is.
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
