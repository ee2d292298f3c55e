/// Turns template source into ``Token``s once, applying standalone-line rules and set delimiter tags.
/// Compares UTF-8 bytes: no multi-byte character contains an ASCII byte.
struct TemplateParser {
    private let bytes: [UInt8]
    private var openDelimiter: [UInt8] = Array("{{".utf8)
    private var closeDelimiter: [UInt8] = Array("}}".utf8)

    private struct OpenSection {
        let name: TagName
        let inverted: Bool
        let tagStart: Int
        var tokens: [Token] = []
    }

    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    init(_ source: String) {
        self.bytes = Array(source.utf8)
    }

    /// Parses the whole source.
    /// - Throws: ``TemplateError`` located at the tag at fault, with `source` set to `sourceName`.
    mutating func parse(sourceName: String) throws -> [Token] {
        var root: [Token] = []
        var open: [OpenSection] = []
        var position = 0
        var textStart = 0

        func append(_ token: Token) {
            if open.isEmpty {
                Self.append(token, to: &root)
            } else {
                Self.append(token, to: &open[open.count - 1].tokens)
            }
        }
        func error(_ kind: TemplateError.Kind, at offset: Int) -> TemplateError {
            let location = self.location(of: offset)
            return TemplateError(
                kind, source: sourceName, line: location.line, column: location.column, lineText: location.lineText)
        }

        while let tagStart = find(openDelimiter, from: position) {
            var contentStart = tagStart + openDelimiter.count
            var sigil: UInt8 = 0
            if contentStart < bytes.count {
                switch bytes[contentStart] {
                case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "/"), UInt8(ascii: "!"),
                    UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "{"), UInt8(ascii: "="):
                    sigil = bytes[contentStart]
                    contentStart += 1
                default:
                    break
                }
            }
            let closer: [UInt8]
            switch sigil {
            case UInt8(ascii: "{"): closer = [UInt8(ascii: "}")] + closeDelimiter
            case UInt8(ascii: "="): closer = [UInt8(ascii: "=")] + closeDelimiter
            default: closer = closeDelimiter
            }
            guard let contentEnd = find(closer, from: contentStart) else {
                throw error(.unclosedTag, at: tagStart)
            }
            let tagEnd = contentEnd + closer.count
            let name = trimmed(contentStart, contentEnd)
            let content = string(name.start, name.end)

            let canStandAlone: Bool
            switch sigil {
            case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "/"), UInt8(ascii: "!"),
                UInt8(ascii: ">"), UInt8(ascii: "="):
                canStandAlone = true
            default:
                canStandAlone = false
            }
            let standalone = canStandAlone ? standaloneLine(tagStart: tagStart, tagEnd: tagEnd) : nil

            let textEnd = standalone?.lineStart ?? tagStart
            if textStart < textEnd {
                append(.text(string(textStart, textEnd)))
            }
            position = standalone?.nextLineStart ?? tagEnd
            textStart = position

            switch sigil {
            case UInt8(ascii: "!"):
                continue
            case UInt8(ascii: "="):
                let parts = content.split(whereSeparator: \.isWhitespace)
                guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
                    throw error(.invalidDelimiters(content), at: tagStart)
                }
                openDelimiter = Array(parts[0].utf8)
                closeDelimiter = Array(parts[1].utf8)
                continue
            default:
                break
            }

            guard !content.isEmpty else { throw error(.emptyTagName, at: tagStart) }
            guard isValidName(name.start, name.end) else { throw error(.invalidTagName(content), at: tagStart) }
            switch sigil {
            case UInt8(ascii: "#"), UInt8(ascii: "^"):
                open.append(
                    OpenSection(name: TagName(content), inverted: sigil == UInt8(ascii: "^"), tagStart: tagStart))
            case UInt8(ascii: "/"):
                guard let section = open.popLast() else {
                    throw error(.unexpectedClosingTag(content), at: tagStart)
                }
                guard section.name.text == content else {
                    throw error(.mismatchedClosingTag(expected: section.name.text, found: content), at: tagStart)
                }
                append(
                    section.inverted
                        ? .invertedSection(section.name, section.tokens) : .section(section.name, section.tokens))
            case UInt8(ascii: ">"):
                let indentation = standalone.map { string($0.lineStart, tagStart) } ?? ""
                append(
                    .partial(
                        content, indentation: indentation, standalone: standalone != nil,
                        location: location(of: tagStart)))
            case UInt8(ascii: "&"), UInt8(ascii: "{"):
                append(.variable(TagName(content), escaping: false))
            default:
                append(.variable(TagName(content), escaping: true))
            }
        }

        if textStart < bytes.count {
            append(.text(string(textStart, bytes.count)))
        }
        if let section = open.last {
            throw error(.unclosedSection(section.name.text), at: section.tagStart)
        }
        return root
    }

    /// Appends `token`, merging adjacent text so rendering copies one string per run of text.
    private static func append(_ token: Token, to tokens: inout [Token]) {
        if case .text(let next) = token, case .text(let previous)? = tokens.last {
            tokens[tokens.count - 1] = .text(previous + next)
        } else {
            tokens.append(token)
        }
    }

    /// When the tag is alone on its line apart from spaces and tabs (spec: "standalone"): where the line
    /// starts, and the offset after its line ending (or the end of the source).
    private func standaloneLine(tagStart: Int, tagEnd: Int) -> (lineStart: Int, nextLineStart: Int)? {
        var lineStart = tagStart
        while lineStart > 0, bytes[lineStart - 1] == Self.space || bytes[lineStart - 1] == Self.tab {
            lineStart -= 1
        }
        guard lineStart == 0 || bytes[lineStart - 1] == Self.newline else { return nil }
        var end = tagEnd
        while end < bytes.count, bytes[end] == Self.space || bytes[end] == Self.tab {
            end += 1
        }
        if end == bytes.count { return (lineStart, end) }
        if bytes[end] == Self.newline { return (lineStart, end + 1) }
        if bytes[end] == Self.carriageReturn, end + 1 < bytes.count, bytes[end + 1] == Self.newline {
            return (lineStart, end + 2)
        }
        return nil
    }

    /// The first offset from `start` where `needle` lies entirely before `limit` (default: the end).
    private func find(_ needle: [UInt8], from start: Int, before limit: Int? = nil) -> Int? {
        let limit = limit ?? bytes.count
        guard let first = needle.first, needle.count <= limit else { return nil }
        var index = start
        let last = limit - needle.count
        while index <= last {
            if bytes[index] == first {
                var matched = 1
                while matched < needle.count, bytes[index + matched] == needle[matched] {
                    matched += 1
                }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    private func string(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == newline || byte == carriageReturn
    }

    private func trimmed(_ start: Int, _ end: Int) -> (start: Int, end: Int) {
        var start = start
        var end = end
        while start < end, Self.isWhitespace(bytes[start]) { start += 1 }
        while end > start, Self.isWhitespace(bytes[end - 1]) { end -= 1 }
        return (start, end)
    }

    /// Whether a trimmed tag name has no inner whitespace and no opening delimiter.
    private func isValidName(_ start: Int, _ end: Int) -> Bool {
        for index in start..<end where Self.isWhitespace(bytes[index]) {
            return false
        }
        return find(openDelimiter, from: start, before: end) == nil
    }

    private func location(of offset: Int) -> SourceLocation {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == Self.newline {
            line += 1
            lineStart = index + 1
        }
        var lineEnd = offset
        while lineEnd < bytes.count, bytes[lineEnd] != Self.newline { lineEnd += 1 }
        if lineEnd > lineStart, bytes[lineEnd - 1] == Self.carriageReturn { lineEnd -= 1 }
        let column = string(lineStart, offset).count + 1
        return SourceLocation(line: line, column: column, lineText: string(lineStart, max(lineStart, lineEnd)))
    }
}
