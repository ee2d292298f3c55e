import Foundation
import Mustache
import Routing

/// Markers for the holes of a page: `{{{holes.name}}}` in a template renders as a marker made of
/// control characters around the name and a per-process random number, which escaped data and
/// templates never contain; `split` cuts the rendered HTML there.
struct PageHoles {
    private static let nonce = String(UInt64.random(in: 1...UInt64.max), radix: 16)

    let names: [String]

    func marker(_ name: String) -> String { "\u{1}hole:\(name):\(PageHoles.nonce)\u{2}" }

    /// `context` with `holes` set to the markers; a context that is not an object is returned as is.
    func adding(to context: TemplateValue) -> TemplateValue {
        guard !names.isEmpty, case .object(var values) = context else { return context }
        values["holes"] = .object(Dictionary(uniqueKeysWithValues: names.map { ($0, .string(marker($0))) }))
        return .object(values)
    }

    /// The HTML cut at every marker, as chunks and the names of the holes between them.
    func split(_ html: String) -> SplicedContent {
        guard !names.isEmpty else { return SplicedContent(Array(html.utf8)) }
        var chunks: [[UInt8]] = []
        var holes: [String] = []
        var rest = Substring(html)
        while let (range, name) = firstMarker(in: rest) {
            chunks.append(Array(rest[..<range.lowerBound].utf8))
            holes.append(name)
            rest = rest[range.upperBound...]
        }
        chunks.append(Array(rest.utf8))
        return SplicedContent(chunks: chunks, holes: holes)
    }

    private func firstMarker(in text: Substring) -> (Range<Substring.Index>, String)? {
        var best: (Range<Substring.Index>, String)?
        for name in names {
            guard let range = text.range(of: marker(name)) else { continue }
            if best == nil || range.lowerBound < best!.0.lowerBound { best = (range, name) }
        }
        return best
    }
}
