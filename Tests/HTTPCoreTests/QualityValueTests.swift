import Testing

@testable import HTTPCore

/// `qvalue` (RFC 9110 §12.4.2): 0 to 1 with at most three decimals, nothing else.
struct QualityValueTests {
    @Test(
        arguments: [
            ("1", 1.0), ("1.000", 1), ("0", 0), ("0.5", 0.5), ("0.001", 0.001), ("0.", 0), ("1.", 1),
        ] as [(String, Double)])
    func aQvalueIsItsNumber(text: String, value: Double) {
        #expect(QualityValue.parse(text) == value)
    }

    @Test(arguments: ["1.5", "1.001", "0.1234", "2", "-0", ".5", "abc", "", " 0.5"])
    func anythingElseIsNoQvalue(text: String) {
        #expect(QualityValue.parse(text) == nil)
    }

    @Test(
        arguments: [
            ("1", 1000), ("1.000", 1000), ("0", 0), ("0.5", 500), ("0.25", 250), ("0.001", 1), ("0.", 0), ("1.", 1000),
            ("0.999", 999),
        ] as [(String, Int)])
    func aQvalueIsItsThousandths(text: String, thousandths: Int) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { QualityValue.thousandths($0) } == thousandths)
    }

    @Test(arguments: ["1.5", "1.001", "0.1234", "2", "-0", ".5", "abc", "", " 0.5", "0.5 ", "0.a"])
    func anythingElseHasNoThousandths(text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { QualityValue.thousandths($0) } == nil)
    }

    @Test(
        arguments: [
            ([String](), 1.0), (["q=0.5"], 0.5), ([" q = 0.3 "], 0.3), (["Q=0"], 0), (["level=1", "q=0.2"], 0.2),
            (["q=abc"], 0), (["charset=utf-8"], 1),
        ] as [([String], Double)])
    func aListElementWeighsItsQParameterOrOne(parameters: [String], weight: Double) {
        #expect(QualityValue.weight(of: parameters) == weight)
    }
}
