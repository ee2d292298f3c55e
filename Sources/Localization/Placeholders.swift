/// Named placeholders in a catalog text: `{count} countries` has `count`. A name is an ASCII letter then
/// letters and digits; braces appear only around names (a site's words need no literal braces).
enum Placeholders {
    /// The names in `text`, in order of first appearance, each once; `nil` when a brace is unmatched or
    /// encloses no name.
    static func names(in text: String) -> [String]? {
        var names: [String] = []
        var current: String?
        for character in text {
            switch character {
            case "{":
                guard current == nil else { return nil }
                current = ""
            case "}":
                guard let name = current, isName(name) else { return nil }
                if !names.contains(name) { names.append(name) }
                current = nil
            default:
                current?.append(character)
            }
        }
        return current == nil ? names : nil
    }

    /// `text` with each `{name}` replaced by `values[name]`; names without a value are left as written
    /// (callers check the names first).
    static func fill(_ text: String, with values: [String: String]) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var current: String?
        for character in text {
            switch character {
            case "{": current = ""
            case "}":
                if let name = current { result += values[name] ?? "{\(name)}" }
                current = nil
            default:
                if current != nil { current!.append(character) } else { result.append(character) }
            }
        }
        return result
    }

    static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILetter else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) }
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
