import Formats
import Testing

/// The one rounding rule for figures in words, by size: whole from 100, one decimal from 10, two below.
struct NumberTextFigureTests {
    @Test(arguments: [
        (489_291.86, "489,292"), (613.02, "613"), (7_704.0, "7,704"), (100.0, "100"), (99.96, "100"),
        (99.94, "99.9"), (33.343, "33.3"), (12.0, "12"), (10.0, "10"), (9.996, "10"), (9.994, "9.99"),
        (2.456, "2.46"), (0.7, "0.7"), (0.004, "0"), (0.005, "0.01"), (0.0, "0"), (-349_116.0, "-349,116"),
        (-2.5, "-2.5"), (-0.001, "0"), (1_000_000.4, "1,000,000"),
    ])
    func aFigureIsRoundedAsItsSizeCallsFor(_ value: Double, _ text: String) {
        #expect(NumberText.figure(value) == text)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e19])
    func whatCannotBeWrittenIsNil(_ value: Double) {
        #expect(NumberText.figure(value) == nil)
    }
}
