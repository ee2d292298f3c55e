import Testing

@testable import HTTPCore

/// `OWS` is spaces and horizontal tabs only (RFC 9110 §5.6.3): nothing else is trimmed.
struct OptionalWhitespaceTests {
    @Test(arguments: [
        ("  gzip\t", "gzip"),
        ("\t q=0.5 ", "q=0.5"),
        ("a b", "a b"),  // inner whitespace stays
        ("", ""),
        (" \t ", ""),
        (" é ", "é"),  // multi-byte UTF-8 next to the trimmed bytes
        ("\u{A0}x\u{A0}", "\u{A0}x\u{A0}"),  // a no-break space is not OWS
        ("\r\nx\r\n", "\r\nx\r\n"),  // nor are CR and LF (a field value cannot hold them)
    ])
    func onlySpacesAndTabsAreTrimmed(text: String, trimmed: String) {
        #expect(text.trimmingOptionalWhitespace() == trimmed)
        #expect(text[...].trimmingOptionalWhitespace() == trimmed)
    }
}
