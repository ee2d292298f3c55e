import AtlasCore
import Formats

/// A time axis' ticks: days, weeks or month starts, as many as fit, labelled `Jan 2021`, `Apr` (the
/// year on the first tick and January's), `2021` for years, `3 Nov` for days; in Korean `2021년 1월`,
/// `4월`, `2021년`, `11월 3일` (`KoreanDates`). "Fit" is measured: the densest ticks whose estimated
/// labels (`LabelWidth`) stay in the view box, half an em apart.
public struct TimeTicks: Equatable, Sendable {
    /// The words of the labels: English (`Jan 2021`) or Korean (`2021년 1월`), docs/i18n.md.
    public enum Labels: Sendable {
        case english, korean

        /// A day's label, with its year (`3 Nov 2021`, `2021년 11월 3일`) when `showsYear`.
        func day(_ date: CalendarDate, showsYear: Bool) -> String {
            switch self {
            case .english: return "\(date.day) \(date.monthAbbreviation)" + (showsYear ? " \(date.year)" : "")
            case .korean:
                return KoreanDates.dayTick(month: date.month, day: date.day, year: showsYear ? date.year : nil)
            }
        }

        /// A month's label, with its year (`Jan 2021`, `2021년 1월`) when `showsYear`.
        func month(_ date: CalendarDate, showsYear: Bool) -> String {
            switch self {
            case .english: return date.monthAbbreviation + (showsYear ? " \(date.year)" : "")
            case .korean: return KoreanDates.monthTick(month: date.month, year: showsYear ? date.year : nil)
            }
        }

        /// A year's label: `2021`, `2021년`.
        func year(_ year: Int) -> String {
            switch self {
            case .english: return "\(year)"
            case .korean: return KoreanDates.yearTick(year)
            }
        }
    }

    /// A tick's day (days since 1970-01-01) and label; `startsYear` for January's, drawn stronger;
    /// `anchor` is `middle`, or `start`/`end` where a centred label would leave the view box.
    public struct Tick: Equatable, Sendable {
        public let day: Int
        public let label: String
        public let startsYear: Bool
        public var anchor = "middle"
    }

    /// The spacing of ticks, densest first.
    public enum Step: Equatable, CaseIterable, Sendable {
        case days1, days2, days7, days14, months1, months2, months3, months6, months12, months24
    }

    public let ticks: [Tick]
    /// The spacing chosen.
    public let step: Step

    /// Ticks for the days `days`.
    /// - Parameters:
    ///   - fontSize: the labels' font size in view box units.
    ///   - bounds: where labels may lie (the view box's width).
    ///   - labels: their words.
    ///   - position: where a day's tick is drawn.
    public init(
        days: ClosedRange<Int>, fontSize: Double, bounds: ClosedRange<Double> = 0...ChartGeometry.width,
        labels: Labels = .english, position: (Int) -> Double
    ) {
        var sparsest: [Tick] = []
        for step in Step.allCases {
            let candidate = TimeTicks.ticks(days, step, labels: labels)
            guard !candidate.isEmpty else { continue }
            sparsest = candidate
            if let placed = TimeTicks.place(candidate, fontSize: fontSize, bounds: bounds, position: position) {
                (ticks, self.step) = (placed, step)
                return
            }
        }
        // Not even one tick every two years fits (or none falls in the days): the first label alone.
        let first = sparsest.prefix(1).map { $0 }
        ticks = TimeTicks.place(first, fontSize: fontSize, bounds: bounds, position: position) ?? []
        step = .months24
    }

    /// The ticks with their labels' anchors, or `nil` when two labels come closer than half an em or one
    /// leaves `bounds`.
    public static func place(
        _ ticks: [Tick], fontSize: Double, bounds: ClosedRange<Double>, position: (Int) -> Double
    ) -> [Tick]? {
        var placed: [Tick] = []
        var previousEnd = -Double.infinity
        for var tick in ticks {
            let x = position(tick.day)
            let width = LabelWidth.of(tick.label, fontSize: fontSize)
            var extent = (x - width / 2)...(x + width / 2)
            if extent.lowerBound < bounds.lowerBound {
                (tick.anchor, extent) = ("start", x...(x + width))
            } else if extent.upperBound > bounds.upperBound {
                (tick.anchor, extent) = ("end", (x - width)...x)
            }
            guard bounds.contains(extent.lowerBound), bounds.contains(extent.upperBound),
                extent.lowerBound >= previousEnd + fontSize / 2
            else { return nil }
            previousEnd = extent.upperBound
            placed.append(tick)
        }
        return placed
    }

    /// The ticks of `step` in `days`, labelled in `labels`' words.
    public static func ticks(_ days: ClosedRange<Int>, _ step: Step, labels: Labels = .english) -> [Tick] {
        let dayStep: Int? = [Step.days1: 1, .days2: 2, .days7: 7, .days14: 14][step]
        if let dayStep {
            var previousYear: Int?
            return stride(from: days.lowerBound, through: days.upperBound, by: dayStep).map { day in
                let date = CalendarDate(daysSinceEpoch: day)
                let showsYear = date.year != previousYear
                previousYear = date.year
                return Tick(
                    day: day, label: labels.day(date, showsYear: showsYear),
                    startsYear: date.month == 1 && date.day == 1)
            }
        }
        let months = [Step.months1: 1, .months2: 2, .months3: 3, .months6: 6, .months12: 12, .months24: 24][step] ?? 1
        let first = CalendarDate(daysSinceEpoch: days.lowerBound)
        var result: [Tick] = []
        var year = first.year
        var month = first.month
        while let start = CalendarDate(year: year, month: month, day: 1), start.daysSinceEpoch <= days.upperBound {
            let day = start.daysSinceEpoch
            if day >= days.lowerBound, (month - 1) % min(months, 12) == 0, months < 24 || year % 2 == 0 {
                let showsYear = month == 1 || result.isEmpty
                // A tick a year or less often is only its year.
                let label = months >= 12 ? labels.year(year) : labels.month(start, showsYear: showsYear)
                result.append(Tick(day: day, label: label, startsYear: month == 1))
            }
            month += 1
            if month > 12 {
                month = 1
                year += 1
            }
        }
        return result
    }
}
