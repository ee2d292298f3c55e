import Testing

@testable import HTTPCore

/// Field names compare case-insensitively (RFC 9110 §5.1) and are written as given.
struct FieldNameTests {
    @Test(arguments: [
        ("Host", "host"), ("host", "host"), ("X-Forwarded-Proto", "x-forwarded-proto"), ("ETAG", "etag"),
        ("a-very-long-lower-case-field-name", "a-very-long-lower-case-field-name"), ("Ünicode-Ä", "ünicode-ä"),
        ("", ""),
    ])
    func theCanonicalNameIsLowerCase(_ raw: String, _ canonical: String) {
        let name = FieldName(raw)
        #expect(name.rawName == raw)
        #expect(name.canonicalName == canonical)
        #expect(name == FieldName(raw.uppercased()))
        #expect(name.hashValue == FieldName(raw.uppercased()).hashValue)
    }
}
