/// One row of OWID's `vaccinations.csv`: a location's figures on one day, each exactly as published
/// (the cell's text), `nil` where the cell is empty, which means "not reported that day", never 0.
public struct VaccinationDay: Sendable, Equatable {
    /// The day, days since 1970-01-01.
    public var day: Int
    /// The cells joined by commas, an empty field where `nil`: one allocation per day rather than an
    /// array of eleven strings, which held OWID's 60,324 days in about 16 MiB (docs/performance.md).
    /// A cell is a number (`VaccinationDecoder` checks), so it never holds a comma.
    private let packed: String

    /// A day from its cells, in the order of `VaccinationFigure.allCases`; an empty cell is `nil`.
    public init(day: Int, cells: [String?]) {
        precondition(cells.count == VaccinationFigure.allCases.count, "one cell per figure")
        precondition(!cells.contains { $0?.utf8.contains(UInt8(ascii: ",")) == true }, "a cell is a number")
        self.day = day
        self.packed = cells.map { $0 ?? "" }.joined(separator: ",")
    }

    /// The cells of `VaccinationFigure.allCases`, in that order: the published text, `nil` when empty.
    public var cells: [String?] {
        packed.split(separator: ",", omittingEmptySubsequences: false).map { $0.isEmpty ? nil : String($0) }
    }

    /// The published text of `figure`, `nil` when not reported that day.
    public subscript(text figure: VaccinationFigure) -> String? { cell(figure.index).map(String.init) }

    /// The value of `figure`, `nil` when not reported that day.
    public subscript(figure: VaccinationFigure) -> Double? { cell(figure.index).flatMap { Double($0) } }

    /// The calendar date of the day.
    public var date: CalendarDate { CalendarDate(daysSinceEpoch: day) }

    /// The text of cell `index`, found by counting commas; `nil` when empty.
    private func cell(_ index: Int) -> Substring? {
        let bytes = packed.utf8
        var start = bytes.startIndex
        var commas = 0
        while commas < index, let comma = bytes[start...].firstIndex(of: UInt8(ascii: ",")) {
            start = bytes.index(after: comma)
            commas += 1
        }
        let end = bytes[start...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.endIndex
        return start == end ? nil : packed[start..<end]
    }
}
