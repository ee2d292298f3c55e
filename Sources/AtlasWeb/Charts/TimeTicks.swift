import AtlasCore

/// The ticks of a time axis: days, weeks or the first days of months, as many as fit, labelled so a
/// person can read them: `Jan 2021`, `Apr`, `Jul` for months (the year where it starts and on the
/// first tick), `3 Nov`, `10 Nov` for days.
struct TimeTicks: Equatable {
    /// One tick: its day (days since the epoch) and label; `startsYear` for January's tick, drawn
    /// stronger.
    struct Tick: Equatable {
        let day: Int
        let label: String
        let startsYear: Bool
    }

    let ticks: [Tick]

    /// Ticks for the days `days`, at most `maximum` of them.
    init(days: ClosedRange<Int>, maximum: Int) {
        let limit = max(2, maximum)
        for step in [1, 2, 7, 14] where days.count <= step * limit {
            ticks = stride(from: days.lowerBound, through: days.upperBound, by: step).enumerated().map { index, day in
                let date = CalendarDate(daysSinceEpoch: day)
                let label = "\(date.day) \(date.monthAbbreviation)" + (index == 0 ? " \(date.year)" : "")
                return Tick(day: day, label: label, startsYear: date.month == 1 && date.day == 1)
            }
            return
        }
        let first = CalendarDate(daysSinceEpoch: days.lowerBound)
        let last = CalendarDate(daysSinceEpoch: days.upperBound)
        let months = (last.year - first.year) * 12 + last.month - first.month + 1
        let step = [1, 2, 3, 6, 12, 24].first { months <= $0 * limit } ?? 24
        var result: [Tick] = []
        var year = first.year
        var month = first.month
        while true {
            guard let start = CalendarDate(year: year, month: month, day: 1) else { break }
            let day = start.daysSinceEpoch
            if day > days.upperBound { break }
            if day >= days.lowerBound, (month - 1) % min(step, 12) == 0, step < 24 || year % 2 == 0 {
                let showsYear = month == 1 || result.isEmpty
                result.append(
                    Tick(
                        day: day, label: start.monthAbbreviation + (showsYear ? " \(year)" : ""),
                        startsYear: month == 1))
            }
            month += 1
            if month > 12 {
                month = 1
                year += 1
            }
        }
        ticks = result
    }
}
