/// One row of OWID's `vaccinations.csv`: a location's figures on one day, each exactly as published
/// (the cell's text), `nil` where the cell is empty, which means "not reported that day", never 0.
public struct VaccinationDay: Sendable, Equatable {
    /// The day, days since 1970-01-01.
    public var day: Int
    /// The cells of `VaccinationFigure.allCases`, in that order: the published text, `nil` when empty.
    public var cells: [String?]

    /// A day from its cells, in the order of `VaccinationFigure.allCases`.
    public init(day: Int, cells: [String?]) {
        precondition(cells.count == VaccinationFigure.allCases.count, "one cell per figure")
        self.day = day
        self.cells = cells
    }

    /// The published text of `figure`, `nil` when not reported that day.
    public subscript(text figure: VaccinationFigure) -> String? { cells[figure.index] }

    /// The value of `figure`, `nil` when not reported that day.
    public subscript(figure: VaccinationFigure) -> Double? { cells[figure.index].flatMap { Double($0) } }

    /// The calendar date of the day.
    public var date: CalendarDate { CalendarDate(daysSinceEpoch: day) }
}
