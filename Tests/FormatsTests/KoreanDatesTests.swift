import Formats
import Testing

/// Dates, axis ticks and ages as Korean readers write them.
struct KoreanDatesTests {
    @Test(arguments: [
        (2021, 11, 14, "2021년 11월 14일"), (2020, 1, 22, "2020년 1월 22일"), (2026, 5, 10, "2026년 5월 10일"),
        (999, 12, 31, "999년 12월 31일"),
    ])
    func aDateIsYearMonthDay(_ year: Int, _ month: Int, _ day: Int, _ text: String) {
        #expect(KoreanDates.date(year: year, month: month, day: day) == text)
    }

    @Test(arguments: [
        (Int64(1_636_866_662_000), "2021년 11월 14일", "2021년 11월 14일 05:11 UTC"),
        (0, "1970년 1월 1일", "1970년 1월 1일 00:00 UTC"),
        (1_609_459_199_999, "2020년 12월 31일", "2020년 12월 31일 23:59 UTC"),
    ])
    func aTimeIsItsUTCDay(_ ms: Int64, _ day: String, _ minute: String) {
        let time = UTCTime(millisecondsSinceEpoch: ms)
        #expect(KoreanDates.date(time) == day)
        #expect(KoreanDates.dateTime(time) == minute)
    }

    @Test(
        arguments: [(1, nil, "1월"), (12, nil, "12월"), (1, 2021, "2021년 1월"), (4, 2020, "2020년 4월")]
            as [(Int, Int?, String)])
    func aMonthTickIsTheMonthWithTheYearWhereEnglishShowsIt(_ month: Int, _ year: Int?, _ text: String) {
        #expect(KoreanDates.monthTick(month: month, year: year) == text)
    }

    @Test(arguments: [(11, 3, nil, "11월 3일"), (1, 22, 2020, "2020년 1월 22일")] as [(Int, Int, Int?, String)])
    func aDayTickIsMonthAndDay(_ month: Int, _ day: Int, _ year: Int?, _ text: String) {
        #expect(KoreanDates.dayTick(month: month, day: day, year: year) == text)
    }

    @Test func aYearTickIsTheYear() {
        #expect(KoreanDates.yearTick(2021) == "2021년")
    }

    /// The same thresholds as the English line (`ElapsedTime`), so both say the same age.
    @Test(
        arguments: [
            (0, "0초", "0초 전"), (59, "59초", "59초 전"), (180, "3분", "3분 전"), (3 * 3600 + 59, "3시간", "3시간 전"),
            (86_400 * 3, "3일", "3일 전"), (86_400 * 59, "59일", "59일 전"), (86_400 * 120, "4개월", "4개월 전"),
            (86_400 * 365 * 5, "5년", "5년 전"),
        ] as [(Int64, String, String)])
    func anAgeIsACountAndItsUnit(_ seconds: Int64, _ age: String, _ ago: String) {
        #expect(KoreanDates.age(ElapsedTime(seconds: seconds)) == age)
        #expect(KoreanDates.ago(ElapsedTime(seconds: seconds)) == ago)
    }
}
