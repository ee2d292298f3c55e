import Mustache
import Testing

struct TemplateErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let source: String
        let kind: TemplateError.Kind
        let line: Int
        let column: Int
        let lineText: String
    }

    static let cases: [Case] = [
        Case(
            testDescription: "an unclosed section points at its opening tag", source: "<h1>\n  {{#stats}}\n  x\n",
            kind: .unclosedSection("stats"), line: 2, column: 3, lineText: "  {{#stats}}"),
        Case(
            testDescription: "the innermost unclosed section is reported", source: "{{#a}}\n{{#b}}{{/b}}\n {{^c}}",
            kind: .unclosedSection("c"), line: 3, column: 2, lineText: " {{^c}}"),
        Case(
            testDescription: "a closing tag for an outer section is mismatched",
            source: "{{#a}}\n{{#b}}\n{{/a}}\n{{/b}}",
            kind: .mismatchedClosingTag(expected: "b", found: "a"), line: 3, column: 1, lineText: "{{/a}}"),
        Case(
            testDescription: "a closing tag with nothing open is unexpected", source: "x {{/a}} y",
            kind: .unexpectedClosingTag("a"), line: 1, column: 3, lineText: "x {{/a}} y"),
        Case(
            testDescription: "a tag without closing delimiter is unclosed", source: "ok\r\nHello {{name\nmore",
            kind: .unclosedTag, line: 2, column: 7, lineText: "Hello {{name"),
        Case(
            testDescription: "a triple mustache needs three closing braces", source: "{{{name}}",
            kind: .unclosedTag, line: 1, column: 1, lineText: "{{{name}}"),
        Case(
            testDescription: "a tag after changed delimiters needs the new closing delimiter",
            source: "{{=<% %>=}}\n<% name }}", kind: .unclosedTag, line: 2, column: 1, lineText: "<% name }}"),
        Case(
            testDescription: "a set delimiter tag needs two delimiters", source: "a\n{{=<% =}}",
            kind: .invalidDelimiters("<%"), line: 2, column: 1, lineText: "{{=<% =}}"),
        Case(
            testDescription: "an empty variable name is an error", source: "Hi {{ }}!",
            kind: .emptyTagName, line: 1, column: 4, lineText: "Hi {{ }}!"),
        Case(
            testDescription: "a name with whitespace is an error", source: "{{first name}}",
            kind: .invalidTagName("first name"), line: 1, column: 1, lineText: "{{first name}}"),
        Case(
            testDescription: "a tag missing its closing delimiter does not swallow the next tag",
            source: "<p>{{name\n<b>{{other}}</b>", kind: .invalidTagName("name\n<b>{{other"), line: 1, column: 4,
            lineText: "<p>{{name"),
        Case(
            testDescription: "columns count characters, not bytes", source: "Côte d'Ivoire 🇨🇮 {{/x}}",
            kind: .unexpectedClosingTag("x"), line: 1, column: 17, lineText: "Côte d'Ivoire 🇨🇮 {{/x}}"),
    ]

    @Test("parse errors carry line, column and line text", arguments: cases)
    func parseErrorLocation(_ example: Case) {
        #expect(
            throws: TemplateError(
                example.kind, source: "page", line: example.line, column: example.column, lineText: example.lineText)
        ) {
            try Template(example.source, name: "page")
        }
    }

    @Test("the description reads like a compiler diagnostic with the line below")
    func descriptionFormat() {
        let error = #expect(throws: TemplateError.self) {
            try Template("<main>\n    {{#stats}}\n</main>\n", name: "Views/countries/show.mustache")
        }
        #expect(error?.description == "Views/countries/show.mustache:2:5: unclosed section 'stats'\n        {{#stats}}")
    }

    @Test("a template without a name is called (inline)")
    func inlineName() {
        let error = #expect(throws: TemplateError.self) { try Template("{{#a}}") }
        #expect(error?.source == "(inline)")
        #expect(error?.description.hasPrefix("(inline):1:1: unclosed section 'a'") == true)
    }

    @Test("a library refuses a partial it does not hold, naming the template and the tag's line")
    func missingPartialInLibrary() {
        #expect(
            throws: TemplateError(
                .missingPartial("partials/header"), source: "page", line: 2, column: 3,
                lineText: "  {{> partials/header}}")
        ) {
            try TemplateLibrary(templates: [
                "page": "<body>\n  {{> partials/header}}\n</body>\n",
                "partials/footer": "<footer></footer>",
            ])
        }
    }

    @Test("a missing template has no location")
    func missingTemplateDescription() {
        #expect(
            TemplateError.missingTemplate("countries/show").description
                == "countries/show: missing template 'countries/show'")
    }
}
