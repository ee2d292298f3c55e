import AtlasCore
import Foundation
import Testing

/// `trimmingWhitespace` trims what Foundation's `.whitespacesAndNewlines` trims, and nothing inside.
struct TrimmingWhitespaceTests {
    @Test(arguments: [
        "  Ada  ", "\tAda\n", "\u{3000}全角\u{3000}", "\u{00A0}\u{2009}thin\u{202F}", "\u{2028}line\u{2029}",
        "\u{0085}nel\u{000B}", "in side", "", "   ", "\u{200B}zero width\u{200B}", " \u{0301}combining",
        "👩🏽‍💻 ",
    ])
    func trimsAsFoundationDoes(_ text: String) {
        #expect(text.trimmingWhitespace == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func trimsExactlyTheCodePointsFoundationTrims() {
        let differing = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter { scalar in
            String(scalar).trimmingWhitespace.isEmpty != CharacterSet.whitespacesAndNewlines.contains(scalar)
        }
        #expect(differing.map { String($0.value, radix: 16) } == [])
    }
}
