import Testing

@testable import Formats

/// Zero-padded decimals, as access log lines, ISO dates and times write them.
struct DigitsTests {
    @Test(
        arguments: [
            (0, 1, "0"), (0, 2, "00"), (7, 2, "07"), (10, 2, "10"), (99, 2, "99"), (100, 2, "100"),
            (2026, 4, "2026"), (1, 4, "0001"), (9, 1, "9"), (123_456_789, 3, "123456789"), (-5, 2, "-05"),
            (-120, 1, "-120"), (Int.max, 1, "9223372036854775807"), (Int.min, 1, "-9223372036854775808"),
        ])
    func padsToTheWidthAndNeverCuts(value: Int, width: Int, text: String) {
        #expect(Digits.padded(value, width: width) == text)
        var bytes = Array("x".utf8)
        Digits.append(value, width: width, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "x" + text)
    }
}
