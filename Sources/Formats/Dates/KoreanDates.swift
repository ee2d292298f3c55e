/// Dates and ages as Korean readers write them, from CLDR's Korean patterns (`y년 M월 d일`,
/// `{0}년 전`), with no locale from the environment: the year is always the Gregorian one and the
/// numbers ASCII digits (docs/field-cases.md B28, docs/i18n.md).
public enum KoreanDates {
    /// `2021년 11월 14일` (CLDR `ko` long date, `y년 M월 d일`: no zero padding).
    public static func date(year: Int, month: Int, day: Int) -> String { "\(year)년 \(month)월 \(day)일" }

    /// `date(year:month:day:)` of the UTC day of `time`.
    public static func date(_ time: UTCTime) -> String { date(year: time.year, month: time.month, day: time.day) }

    /// `2021년 11월 14일 05:11 UTC`: the English `UTCTime.readable` in Korean order, 24-hour time.
    public static func dateTime(_ time: UTCTime) -> String {
        date(time) + " \(Digits.padded(time.hour, width: 2)):\(Digits.padded(time.minute, width: 2)) UTC"
    }

    /// A time axis' month tick: `1월`; with the year (the first tick and January's, as the English
    /// `Jan 2021`) `2021년 1월`.
    public static func monthTick(month: Int, year: Int? = nil) -> String {
        (year.map { "\($0)년 " } ?? "") + "\(month)월"
    }

    /// A time axis' year tick: `2021년`.
    public static func yearTick(_ year: Int) -> String { "\(year)년" }

    /// A time axis' day tick: `11월 3일`; with the year (the English `3 Nov 2021`) `2021년 11월 3일`.
    public static func dayTick(month: Int, day: Int, year: Int? = nil) -> String {
        (year.map { "\($0)년 " } ?? "") + "\(month)월 \(day)일"
    }

    /// An age as a count of its unit (`ElapsedTime`), the Korean of the English `3 minutes`: `0초`,
    /// `3분`, `5시간`, `2일`, `4개월`, `5년`. Korean counts need no plural.
    public static func age(_ age: ElapsedTime) -> String {
        let unit: String
        switch age.unit {
        case .second: unit = "초"
        case .minute: unit = "분"
        case .hour: unit = "시간"
        case .day: unit = "일"
        case .month: unit = "개월"
        case .year: unit = "년"
        }
        return "\(age.count)\(unit)"
    }

    /// How long ago, as one phrase (CLDR's past relative time, `{0}년 전`): `3일 전`, `5년 전`.
    public static func ago(_ age: ElapsedTime) -> String { self.age(age) + " 전" }
}
