import AtlasCharts
import Formats
import Foundation
import Testing

/// A Korean axis label (`KoreanNumbers.abbreviated`: 만, 억) names the same number as the English one
/// (`ChartNumbers.abbreviated`: K, M, B): both round to three significant digits, only the units differ.
struct KoreanAxisNumbersTests {
    /// The number a label names: its digits times its unit; `nil` for a unit it does not know.
    static func number(_ label: String) -> Double? {
        let units: [Character: Double] = ["K": 1e3, "M": 1e6, "B": 1e9, "만": 1e4, "억": 1e8, "조": 1e12]
        var text = label.replacingOccurrences(of: "\u{2212}", with: "-").replacingOccurrences(of: ",", with: "")
        var factor = 1.0
        if let last = text.last, let unit = units[last] {
            factor = unit
            text.removeLast()
        }
        return Double(text).map { $0 * factor }
    }

    /// Mantissas that round up, down and across a unit's boundary, at every size an axis meets.
    static let values: [Double] = [1, 1.5, 2.5, 4.994, 4.996, 9.994, 9.996, 9.9996, 1.234_5, 7.777].flatMap { m in
        (-2...11).map { m * pow10($0) }
    }

    static func pow10(_ exponent: Int) -> Double {
        (0..<abs(exponent)).reduce(1.0) { product, _ in exponent < 0 ? product / 10 : product * 10 }
    }

    @Test(arguments: values)
    func bothLanguagesLabelTheSameNumber(_ value: Double) throws {
        for signed in [value, -value] {
            let english = try #require(Self.number(ChartNumbers.abbreviated(signed)))
            let korean = try #require(Self.number(KoreanNumbers.abbreviated(signed)))
            #expect(
                abs(english - korean) <= abs(english) * 1e-12,
                "\(signed): \(ChartNumbers.abbreviated(signed)) but \(KoreanNumbers.abbreviated(signed))")
        }
    }

    /// A marker's figure in Korean keeps every digit under 만, where a rounded figure looks exact
    /// (`2,660` for 2,663); from 만 on it is the axis' (`12.3만` is plainly rounded). English keeps the
    /// axis' abbreviation, whose `K` says it is rounded.
    @Test(arguments: [
        (2_662.857, "2,663", "2.66K"), (2_218.0, "2,218", "2.22K"), (987.0, "987", "987"), (12.34, "12.3", "12.3"),
        (123_456.0, "12.3만", "123K"), (-1_234.0, "\u{2212}1,234", "\u{2212}1.23K"),
    ])
    func aMarkersFigureIsExactInKoreanUnderAMyriad(_ value: Double, _ korean: String, _ english: String) throws {
        #expect(try ChartWordsFixture.korean().markerFigure(value) == korean)
        #expect(try ChartWordsFixture.english().markerFigure(value) == english)
        #expect(try ChartWordsFixture.korean().peakLabel(value) == "최고 " + korean)
    }
}
