import Mustache
import Testing

struct EscapingTests {
    static let hostile: TemplateValue = ["name": #"<script>alert("x")&'"#]

    @Test("a variable in element content is escaped")
    func escapedInText() throws {
        let html = try Template("<p>{{name}}</p>").render(Self.hostile)
        #expect(html == "<p>&lt;script&gt;alert(&quot;x&quot;)&amp;&#39;</p>")
    }

    @Test("a variable in a quoted attribute cannot close the quote", arguments: ["\"", "'"])
    func escapedInAttribute(quote: String) throws {
        let html = try Template("<input value=\(quote){{name}}\(quote)>").render(Self.hostile)
        #expect(html == "<input value=\(quote)&lt;script&gt;alert(&quot;x&quot;)&amp;&#39;\(quote)>")
    }

    @Test("triple mustache and ampersand render raw", arguments: ["{{{name}}}", "{{& name}}", "{{&name}}"])
    func unescaped(template: String) throws {
        #expect(try Template(template).render(Self.hostile) == #"<script>alert("x")&'"#)
    }

    @Test("a variable inside a partial and a section is escaped too")
    func escapedInPartialAndSection() throws {
        let partial = try Template("<b>{{name}}</b>")
        let page = try Template("{{#user}}{{> badge}}{{/user}}")
        let html = page.render(["user": Self.hostile], partials: ["badge": partial])
        #expect(html == "<b>&lt;script&gt;alert(&quot;x&quot;)&amp;&#39;</b>")
    }

    @Test(
        "non-ASCII text passes through, only the five special characters change",
        arguments: [
            ("Côte d'Ivoire", "Côte d&#39;Ivoire"),
            ("São Tomé & Príncipe 🇸🇹", "São Tomé &amp; Príncipe 🇸🇹"),
            ("Curaçao 👩🏽‍⚕️ <ok>", "Curaçao 👩🏽‍⚕️ &lt;ok&gt;"),
            ("日本", "日本"),
            ("", ""),
            ("&&", "&amp;&amp;"),
            (
                "plain text with no specials at all, long enough to leave the small-string form",
                "plain text with no specials at all, long enough to leave the small-string form"
            ),
        ])
    func nonASCII(input: String, expected: String) throws {
        #expect(HTMLEscaping.escape(input) == expected)
        #expect(try Template("{{text}}").render(["text": .string(input)]) == expected)
    }

    @Test("appending escapes after what the buffer already holds")
    func appendKeepsPrefix() {
        var output = "<p>"
        HTMLEscaping.append("a<b", to: &output)
        #expect(output == "<p>a&lt;b")
    }
}
