import Foundation
import Mustache
import Testing

/// One test of the Mustache spec fixtures (mustache/spec `specs/*.json`).
struct SpecCase: Sendable, CustomTestStringConvertible {
    let file: String
    let name: String
    let desc: String
    let data: TemplateValue
    let template: String
    let partials: [String: String]
    let expected: String

    var testDescription: String { "\(file): \(name)" }

    /// Every case of every `Fixtures/mustache-spec/*.json` file, in file order.
    static func all() throws -> [SpecCase] {
        let directory = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures/mustache-spec")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
        return try files.flatMap { file -> [SpecCase] in
            let data = try Data(contentsOf: directory.appendingPathComponent(file))
            let spec = try JSONDecoder().decode(SpecFile.self, from: data)
            return spec.tests.map {
                SpecCase(
                    file: file, name: $0.name, desc: $0.desc, data: $0.data.value, template: $0.template,
                    partials: $0.partials ?? [:], expected: $0.expected)
            }
        }
    }

    private struct SpecFile: Decodable {
        struct Test: Decodable {
            let name: String
            let desc: String
            let data: JSONValue
            let template: String
            let partials: [String: String]?
            let expected: String
        }
        let tests: [Test]
    }
}

/// Decodes any JSON into a ``TemplateValue``, keeping booleans, integers and decimals apart.
struct JSONValue: Decodable {
    let value: TemplateValue

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let bool = try? container.decode(Bool.self) {
            value = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            value = .int(int)
        } else if let double = try? container.decode(Double.self) {
            value = .double(double)
        } else if let string = try? container.decode(String.self) {
            value = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            value = .array(array.map(\.value))
        } else {
            value = .object(try container.decode([String: JSONValue].self).mapValues(\.value))
        }
    }
}

/// Writes a ``TemplateValue`` as JSON-like text (keys sorted) for failure messages.
func describe(_ value: TemplateValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let bool): return String(bool)
    case .int(let int): return String(int)
    case .double(let double): return String(double)
    case .string(let string): return String(reflecting: string)
    case .array(let elements): return "[" + elements.map(describe).joined(separator: ", ") + "]"
    case .object(let members):
        return "{"
            + members.keys.sorted().map { "\(String(reflecting: $0)): \(describe(members[$0]!))" }
            .joined(separator: ", ") + "}"
    }
}

struct MustacheSpecTests {
    @Test("the spec fixtures hold every expected file and case")
    func fixturesLoad() throws {
        let cases = try SpecCase.all()
        let files = Set(cases.map(\.file))
        #expect(
            files == [
                "comments.json", "delimiters.json", "interpolation.json", "inverted.json", "partials.json",
                "sections.json",
            ])
        #expect(cases.count == 136)
    }

    @Test("renders like the Mustache spec says", arguments: try SpecCase.all())
    func rendersLikeTheSpec(_ spec: SpecCase) throws {
        let partials = try spec.partials.mapValues { try Template($0, name: "partial") }
        let actual = try Template(spec.template, name: spec.name).render(spec.data, partials: partials)
        #expect(
            actual == spec.expected,
            """
            \(spec.file): \(spec.name)
            desc:     \(spec.desc)
            template: \(String(reflecting: spec.template))
            data:     \(describe(spec.data))
            partials: \(spec.partials.keys.sorted().map { "\($0): \(String(reflecting: spec.partials[$0]!))" })
            expected: \(String(reflecting: spec.expected))
            actual:   \(String(reflecting: actual))
            """)
    }
}
