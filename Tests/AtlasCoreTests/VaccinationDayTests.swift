import AtlasCore
import Testing

/// A day keeps its cells packed in one string: each cell reads back as published, an empty one as
/// "not reported", whichever figure it is (the first, the last, or between two empty ones).
struct VaccinationDayTests {
    static let rows: [[String?]] = [
        ["1", "2", "3", "4", "5", "6", "7.5", "8", "9", "10", "11"],
        [nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil],
        ["7000000000", nil, nil, nil, nil, nil, "89.07", nil, nil, nil, "0.5"],
        [nil, "12", nil, "0", nil, nil, nil, nil, nil, nil, nil],
        ["0.10", nil, nil, nil, nil, nil, nil, nil, nil, nil, "1e3"],
    ]

    @Test(arguments: rows)
    func everyCellReadsBackAsPublished(_ cells: [String?]) {
        let day = VaccinationDay(day: 18_939, cells: cells)
        #expect(day.cells == cells)
        for figure in VaccinationFigure.allCases {
            let published = cells[figure.index]
            #expect(day[text: figure] == published, "\(figure)")
            #expect(day[figure] == published.flatMap { Double($0) }, "\(figure)")
        }
        #expect(day.date.iso == "2021-11-08")
    }

    @Test func daysWithTheSameCellsAreEqualAndOthersAreNot() {
        let cells: [String?] = ["1", nil, "3", nil, nil, nil, nil, nil, nil, nil, nil]
        #expect(VaccinationDay(day: 1, cells: cells) == VaccinationDay(day: 1, cells: cells))
        var other = cells
        other[1] = "1"
        #expect(VaccinationDay(day: 1, cells: cells) != VaccinationDay(day: 1, cells: other))
    }
}
