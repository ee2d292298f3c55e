import Mustache
import Testing

struct TemplateRenderingTests {
    @Test(
        "doubles render in their shortest form, integral ones without a fraction",
        arguments: [
            (1.21, "1.21"), (1.0, "1"), (100.0, "100"), (-0.5, "-0.5"), (0.1 + 0.2, "0.30000000000000004"),
            (1e21, "1e+21"), (-3.0, "-3"),
        ])
    func doubleFormatting(value: Double, expected: String) throws {
        #expect(try Template("{{x}}").render(["x": .double(value)]) == expected)
    }

    @Test(
        "sections render for truthy values and inverted sections for falsey ones",
        arguments: [
            (TemplateValue.null, false), (.bool(false), false), (.bool(true), true), (.string(""), false),
            (.string("x"), true), (.int(0), true), (.double(0), true), (.array([]), false), (.array([1]), true),
            (.object([:]), true),
        ])
    func truthiness(value: TemplateValue, truthy: Bool) throws {
        let template = try Template("{{#v}}yes{{/v}}{{^v}}no{{/v}}")
        #expect(template.render(["v": value]) == (truthy ? "yes" : "no"))
    }

    @Test("literals build the same values as the cases")
    func literals() {
        let value: TemplateValue = ["a": 1, "b": [true, "x"], "c": 2.5, "d": nil]
        #expect(
            value == .object(["a": .int(1), "b": .array([.bool(true), .string("x")]), "c": .double(2.5), "d": .null]))
    }

    @Test("lists and objects render nothing as variables")
    func containersAsVariables() throws {
        #expect(try Template("[{{list}}][{{object}}]").render(["list": [1, 2], "object": ["a": 1]]) == "[][]")
    }

    @Test("nested standalone partials add up their indentation")
    func nestedIndentation() throws {
        let page = try Template("<ul>\n  {{> list}}\n</ul>\n")
        let partials = [
            "list": try Template("<li>\n  {{> item}}\n</li>\n"),
            "item": try Template("{{#names}}\n{{.}}\n{{/names}}\n"),
        ]
        #expect(
            page.render(["names": ["a", "b"]], partials: partials) == "<ul>\n  <li>\n    a\n    b\n  </li>\n</ul>\n")
    }

    @Test("a partial that includes itself forever stops at the depth limit")
    func endlessRecursionStops() throws {
        let partials = ["self": try Template("x{{> self}}")]
        let output = try Template("{{> self}}").render([:], partials: partials)
        #expect(output == String(repeating: "x", count: Template.maximumPartialDepth))
    }

    @Test("a recursion that branches through the context stack stops at the partial count limit")
    func branchingRecursionStops() throws {
        // Leaves without "nodes" find their parent's list again, so each level includes the partial twice.
        let partials = ["node": try Template("{{#nodes}}.{{> node}}{{/nodes}}")]
        let output = try Template("{{> node}}").render(["nodes": [["name": "a"], ["name": "b"]]], partials: partials)
        #expect(output.count <= 2 * Template.maximumPartialCount)
        #expect(output.count > Template.maximumPartialCount / 2)
    }

    @Test("one template renders concurrently with different contexts")
    func concurrentRendering() async throws {
        let template = try Template("{{#items}}{{.}},{{/items}}")
        let outputs = await withTaskGroup(of: (Int, String).self) { group in
            for count in 0..<8 {
                group.addTask {
                    (count, template.render(["items": .array((0..<count).map { .int($0) })]))
                }
            }
            var outputs: [Int: String] = [:]
            for await (count, output) in group { outputs[count] = output }
            return outputs
        }
        for count in 0..<8 {
            #expect(outputs[count] == (0..<count).map { "\($0)," }.joined())
        }
    }
}
