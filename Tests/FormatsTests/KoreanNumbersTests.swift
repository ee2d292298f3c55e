import Formats
import Testing

/// Numbers as Korean readers write them: shares, grouped digits and the 만/억 units of chart axes.
struct KoreanNumbersTests {
    @Test(arguments: [(77.0, "77%"), (76.98, "76.98%"), (0.5, "0.5%"), (100.0, "100%"), (0.0, "0%")])
    func aShareHasItsSignAgainstTheFigure(_ value: Double, _ text: String) {
        #expect(KoreanNumbers.percent(value) == text)
    }

    @Test func aShareThatCannotBeWrittenIsNil() {
        #expect(KoreanNumbers.percent(.nan) == nil)
    }

    /// Korean groups whole figures by threes, as English does: the same function writes both.
    @Test(arguments: [(Int64(47_138_921), "47,138,921"), (5000, "5,000"), (-1234, "-1,234")])
    func wholeFiguresAreGroupedByThrees(_ value: Int64, _ text: String) {
        #expect(NumberText.grouped(value) == text)
    }

    @Test(arguments: [
        (0.0, "0"), (0.25, "0.25"), (1.5, "1.5"), (5.0, "5"), (500.0, "500"), (5000.0, "5,000"), (9999.0, "1만"),
        (9994.0, "9,990"), (10_000.0, "1만"), (25_000.0, "2.5만"), (100_000.0, "10만"), (123_456.0, "12.3만"),
        (1_000_000.0, "100만"), (12_345_678.0, "1230만"), (99_960_000.0, "1억"), (100_000_000.0, "1억"),
        (250_000_000.0, "2.5억"), (1_234_567_890.0, "12.3억"), (7_900_000_000.0, "79억"), (1e12, "1조"),
        (-200_000.0, "\u{2212}20만"), (-0.5, "\u{2212}0.5"),
    ])
    func anAxisFigureCountsInMyriads(_ value: Double, _ text: String) {
        #expect(KoreanNumbers.abbreviated(value) == text)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func anAxisFigureThatIsNotFiniteIsADash(_ value: Double) {
        #expect(KoreanNumbers.abbreviated(value) == "–")
    }
}
