/// Why a template could not be parsed, loaded or found, and where. `description` reads like a
/// compiler diagnostic, the line's text below:
///
/// ```
/// Views/countries/show.mustache:12:5: unclosed section 'stats'
///     {{#stats}}
/// ```
public struct TemplateError: Error, Sendable, CustomStringConvertible, Equatable {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// `{{#name}}` or `{{^name}}` without `{{/name}}` before the end; located at the opening tag.
        case unclosedSection(String)
        /// A closing tag `{{/name}}` appears where no section is open.
        case unexpectedClosingTag(String)
        /// A closing tag `{{/found}}` appears while the innermost open section is `expected`.
        case mismatchedClosingTag(expected: String, found: String)
        /// A tag's closing delimiter never follows.
        case unclosedTag
        /// `{{=open close=}}` does not hold exactly two delimiters without whitespace and `=`; the value is
        /// the tag's content.
        case invalidDelimiters(String)
        /// A variable, section or partial tag has no name, e.g. `{{ }}` or `{{#}}`.
        case emptyTagName
        /// A tag's name holds whitespace or an opening delimiter, e.g. `{{first name}}`: most often a tag
        /// missing its closing delimiter ran into the next one. The value is the name.
        case invalidTagName(String)
        /// A partial tag `{{> name}}` names a template that is not in the ``TemplateLibrary``.
        case missingPartial(String)
        /// ``TemplateLibrary/render(_:_:)`` was asked for a template name the library does not hold.
        case missingTemplate(String)
        /// The templates directory is missing, not a directory, or cannot be listed; the value says which.
        case unreadableDirectory(String)
        /// A template file cannot be read as UTF-8 text.
        case unreadableFile
        /// The templates directory holds no `*.mustache` file.
        case noTemplates
    }

    /// What went wrong.
    public var kind: Kind
    /// The template's file path, its name, or the directory for directory-level errors.
    public var source: String
    /// The 1-based line of the tag at fault, when the error has a place in a template.
    public var line: Int?
    /// The 1-based column, in characters, where the tag at fault starts, when the error has a place.
    public var column: Int?
    /// The text of ``line`` without its line ending, when the error has a place.
    public var lineText: String?

    /// Creates an error of `kind` in `source`, optionally at a line and column.
    public init(_ kind: Kind, source: String, line: Int? = nil, column: Int? = nil, lineText: String? = nil) {
        self.kind = kind
        self.source = source
        self.line = line
        self.column = column
        self.lineText = lineText
    }

    /// The error ``TemplateLibrary/render(_:_:)`` throws when it holds no template called `name`.
    public static func missingTemplate(_ name: String) -> TemplateError {
        TemplateError(.missingTemplate(name), source: name)
    }

    /// A human-readable message without location, e.g. `unclosed section 'stats'`.
    public var message: String {
        switch kind {
        case .unclosedSection(let name): return "unclosed section '\(name)'"
        case .unexpectedClosingTag(let name): return "unexpected closing tag '\(name)': no section is open"
        case .mismatchedClosingTag(let expected, let found):
            return "mismatched closing tag '\(found)': expected '\(expected)'"
        case .unclosedTag: return "unclosed tag: no closing delimiter"
        case .invalidDelimiters(let content): return "invalid delimiters '\(content)'"
        case .emptyTagName: return "empty tag name"
        case .invalidTagName(let name):
            let shown = name.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\\n")
            return "invalid tag name '\(shown)': names hold no whitespace; is a closing delimiter missing?"
        case .missingPartial(let name): return "missing partial '\(name)'"
        case .missingTemplate(let name): return "missing template '\(name)'"
        case .unreadableDirectory(let reason): return "unreadable template directory: \(reason)"
        case .unreadableFile: return "unreadable template file"
        case .noTemplates: return "no *.mustache templates found"
        }
    }

    /// `source:line:column: message`, then the line's text indented by four spaces when known.
    public var description: String {
        var text = source
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        text += ": " + message
        if let lineText { text += "\n    " + lineText }
        return text
    }
}
