/// One location of OWID's `vaccinations.csv` (a country, territory or `OWID_*` aggregate): the days it
/// reported anything, in order. Days it did not report are absent, not zeros (docs/field-cases.md B42).
public struct VaccinationSeries: Sendable, Equatable {
    /// OWID's name of the location (`South Korea`, `World`).
    public var location: String
    /// OWID's key: ISO 3166-1 alpha-3 (`KOR`) or `OWID_*` (`OWID_WRL`).
    public var isoCode: String
    /// The reported days, in increasing order, each day at most once.
    public var days: [VaccinationDay]

    /// A series from its parts; `days` must be in increasing order.
    public init(location: String, isoCode: String, days: [VaccinationDay]) {
        self.location = location
        self.isoCode = isoCode
        self.days = days
    }

    /// The last report of one figure: its day and value.
    public struct Latest: Sendable, Equatable {
        /// Days since 1970-01-01.
        public var day: Int
        /// The value.
        public var value: Double
        /// The value as published (`76.98`).
        public var text: String
        /// The calendar date of `day`.
        public var date: CalendarDate { CalendarDate(daysSinceEpoch: day) }
    }

    /// The last day `figure` was reported and its value there, from that figure's own reports (another
    /// figure may have been reported later); `nil` when never reported.
    public func latest(_ figure: VaccinationFigure) -> Latest? {
        for day in days.reversed() {
            if let text = day[text: figure], let value = Double(text) {
                return Latest(day: day.day, value: value, text: text)
            }
        }
        return nil
    }

    /// The days `figure` was reported, with its values, in order: what a line joins.
    public func reports(_ figure: VaccinationFigure) -> [(day: Int, value: Double)] {
        days.compactMap { day in day[figure].map { (day.day, $0) } }
    }

    /// The first and last reported day, days since 1970-01-01; `nil` when there is none.
    public var span: ClosedRange<Int>? {
        guard let first = days.first?.day, let last = days.last?.day else { return nil }
        return first...last
    }
}

/// Every location of one OWID `vaccinations.csv`, keyed by `iso_code`.
public struct Vaccinations: Sendable, Equatable {
    /// Location → its series, by OWID's `iso_code`.
    public var series: [String: VaccinationSeries]

    /// The file's locations.
    public init(series: [String: VaccinationSeries]) {
        self.series = series
    }

    /// How many rows (location and day) the file has.
    public var rowCount: Int { series.values.reduce(0) { $0 + $1.days.count } }

    /// The first and last day any location reported, days since 1970-01-01.
    public var span: ClosedRange<Int>? {
        let spans = series.values.compactMap(\.span)
        guard let first = spans.map(\.lowerBound).min(), let last = spans.map(\.upperBound).max() else { return nil }
        return first...last
    }
}
