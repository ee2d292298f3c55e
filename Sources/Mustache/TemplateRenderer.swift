/// Renders tokens over a context stack into one output buffer.
struct TemplateRenderer {
    private(set) var output: String
    private var stack: [TemplateValue]
    private let partials: [String: Template]
    /// Whitespace prefixed to each line while inside standalone partials (outer first); empty elsewhere.
    private var indentation = ""
    /// Whether the next output starts a line and so must be preceded by `indentation`.
    private var atLineStart = false
    private var partialDepth = 0
    private var partialCount = 0

    init(context: TemplateValue, partials: [String: Template], capacity: Int) {
        self.output = ""
        self.output.reserveCapacity(capacity)
        self.stack = [context]
        self.stack.reserveCapacity(16)
        self.partials = partials
    }

    mutating func render(_ tokens: [Token]) {
        for token in tokens {
            switch token {
            case .text(let text):
                if indentation.isEmpty {
                    output.append(text)
                } else {
                    appendIndented(text)
                }

            case .variable(let name, let escaping):
                if atLineStart { appendIndentation() }
                lookUp(name)?.append(to: &output, escaping: escaping)

            case .section(let name, let children):
                guard let value = lookUp(name), value.isTruthy else { continue }
                if case .array(let elements) = value {
                    for element in elements {
                        stack.append(element)
                        render(children)
                        stack.removeLast()
                    }
                } else {
                    stack.append(value)
                    render(children)
                    stack.removeLast()
                }

            case .invertedSection(let name, let children):
                if lookUp(name)?.isTruthy != true {
                    render(children)
                }

            case .partial(let name, let ownIndentation, let standalone, _):
                guard let partial = partials[name], partialDepth < Template.maximumPartialDepth,
                    partialCount < Template.maximumPartialCount
                else { continue }
                partialCount += 1
                let outerIndentation = indentation
                if standalone {
                    // The tag's line was removed, so the partial starts a line, indented by every enclosing
                    // standalone partial's indentation plus this tag's.
                    indentation = outerIndentation + ownIndentation
                    atLineStart = true
                } else {
                    if atLineStart { appendIndentation() }
                    indentation = ""
                }
                partialDepth += 1
                render(partial.tokens)
                partialDepth -= 1
                indentation = outerIndentation
                atLineStart = standalone && !indentation.isEmpty
            }
        }
    }

    private mutating func appendIndentation() {
        output.append(indentation)
        atLineStart = false
    }

    private mutating func appendIndented(_ text: String) {
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        var index = lineStart
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "\n") {
                let next = utf8.index(after: index)
                if atLineStart { appendIndentation() }
                output.append(contentsOf: text[lineStart..<next])
                atLineStart = true
                lineStart = next
                index = next
            } else {
                index = utf8.index(after: index)
            }
        }
        if lineStart != utf8.endIndex {
            if atLineStart { appendIndentation() }
            output.append(contentsOf: text[lineStart...])
        }
    }

    /// Resolves a name over the context stack (spec `interpolation.yml`, "Dotted Names"): the first part
    /// from the top of the stack down, the rest only inside what the first found.
    private func lookUp(_ name: TagName) -> TemplateValue? {
        guard let first = name.parts.first else { return stack.last }
        var found: TemplateValue?
        for context in stack.reversed() {
            if case .object(let members) = context, let value = members[first] {
                found = value
                break
            }
        }
        guard var value = found else { return nil }
        for part in name.parts.dropFirst() {
            guard case .object(let members) = value, let member = members[part] else { return nil }
            value = member
        }
        return value
    }
}
