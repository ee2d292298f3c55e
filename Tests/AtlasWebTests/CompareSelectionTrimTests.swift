import Foundation
import Testing

@testable import AtlasWeb

/// `CompareSelection.trimmingSpaces` gives what Foundation's `trimmingCharacters(in: .whitespaces)`
/// gives, which the compare page used before: a typed name keeps its inner spaces and loses the ones
/// around it, Unicode's included.
struct CompareSelectionTrimTests {
    static let cases: [(String, String)] = [
        ("kr", "kr"),
        (" kr", "kr"),
        ("kr ", "kr"),
        ("  south korea\t", "south korea"),
        ("\t\t", ""),
        ("", ""),
        (" ", ""),
        ("\u{00A0}japan\u{3000}", "japan"),  // no-break space, ideographic space
        ("\u{2003}대한민국\u{2009}", "대한민국"),  // em space, thin space
        ("new\u{00A0}zealand", "new\u{00A0}zealand"),
        ("\nkr\n", "\nkr\n"),  // newlines are not spaces here (.whitespaces, not .whitespacesAndNewlines)
        ("e\u{0301} ", "e\u{0301}"),
        (" \u{0301}e", "\u{0301}e"),
    ]

    @Test(arguments: cases)
    func trimsWhatFoundationTrims(text: String, expected: String) {
        #expect(CompareSelection.trimmingSpaces(text) == expected)
        #expect(text.trimmingCharacters(in: .whitespaces) == expected)
    }
}
