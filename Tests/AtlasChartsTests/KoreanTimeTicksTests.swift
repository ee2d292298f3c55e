import AtlasCharts
import AtlasCore
import Testing

/// The time axis in Korean (`TimeTicks.Labels.korean`): the labels Korean readers write (`2021년 1월`,
/// `4월`, `2021년`, `11월 3일`), measured at Hangul's width (docs/field-cases.md B44), so they are as
/// many as fit and never overlap.
struct KoreanTimeTicksTests {
    static func ticks(_ first: String, _ last: String, fontSize: Double, labels: TimeTicks.Labels) -> TimeTicks {
        TimeAxisFixture.ticks(first, last, fontSize: fontSize, labels: labels)
    }

    @Test(arguments: [
        // step, the first labels in English, the same ticks in Korean
        (TimeTicks.Step.days2, ["1 Nov 2021", "3 Nov"], ["2021년 11월 1일", "11월 3일"]),
        (.months1, ["Nov 2020", "Dec", "Jan 2021"], ["2020년 11월", "12월", "2021년 1월"]),
        (.months12, ["2021"], ["2021년"]),
    ])
    func theKoreanLabelsNameTheSameDays(_ step: TimeTicks.Step, _ english: [String], _ korean: [String]) {
        let first = step == .days2 ? "2021-11-01" : step == .months12 ? "2020-12-01" : "2020-11-01"
        let range = TimeAxisFixture.days(first, "2021-11-13")
        let inEnglish = TimeTicks.ticks(range, step)
        let inKorean = TimeTicks.ticks(range, step, labels: .korean)
        #expect(Array(inEnglish.map(\.label).prefix(english.count)) == english)
        #expect(Array(inKorean.map(\.label).prefix(korean.count)) == korean)
        #expect(inEnglish.map(\.day) == inKorean.map(\.day))
        #expect(inEnglish.map(\.startsYear) == inKorean.map(\.startsYear))
    }

    @Test(arguments: [
        // text, at 10 units → width: a syllable a full em, digits and spaces as DejaVu Sans'
        ("1월", 10.0, 16.36),  // 0.636 + 1
        ("2021년", 10.0, 35.44),  // 4 × 0.636 + 1
        ("11월 3일", 10.0, 42.26),  // 3 × 0.636 + 0.318 + 2
    ])
    func hangulIsMeasuredAtAFullEm(_ text: String, _ fontSize: Double, _ width: Double) {
        #expect(abs(LabelWidth.of(text, fontSize: fontSize) - width) < 0.005, "\(text)")
    }

    @Test(arguments: [
        ("2021-11-01", "2021-11-13"), ("2021-05-15", "2021-05-25"), ("2021-08-16", "2021-11-13"),
        ("2020-10-10", "2021-11-13"), ("2020-01-22", "2021-11-13"), ("2020-01-01", "2024-12-31"),
    ])
    func koreanLabelsNeitherOverlapNorLeaveTheChart(first: String, last: String) {
        for fontSize in [LabelWidth.wideFontSize, LabelWidth.narrowFontSize] {
            let ticks = Self.ticks(first, last, fontSize: fontSize, labels: .korean)
            TimeAxisFixture.expectLabelsFit(ticks, from: first, to: last, measuredAt: fontSize)
        }
    }

    /// Wider labels give sparser ticks: on a phone, eleven days in May are ticked every second day in
    /// English but not in Korean, whose day labels are longer.
    @Test func koreanDayLabelsAreTickedNoDenserThanEnglish() {
        let english = Self.ticks("2021-05-15", "2021-05-25", fontSize: LabelWidth.wideFontSize, labels: .english)
        let korean = Self.ticks("2021-05-15", "2021-05-25", fontSize: LabelWidth.wideFontSize, labels: .korean)
        #expect(korean.ticks.count <= english.ticks.count)
        #expect(korean.ticks.first?.label == "2021년 5월 15일")
    }
}
