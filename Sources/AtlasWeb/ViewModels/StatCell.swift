import Formats
import Mustache

/// One cell of a stat grid: a label, a figure, and optionally the day's change (with its day, `DataDay`)
/// and a note.
struct StatCell: Sendable {
    var label: String
    var value: String
    var change: String? = nil
    var note: String? = nil
    /// A CSS modifier, e.g. `cases`, `deaths`, `recovered`, for the cell's accent colour.
    var kind: String

    var templateValue: TemplateValue {
        var cell: [String: TemplateValue] = [
            "label": .string(label), "value": .string(value), "kind": .string(kind),
        ]
        if let change { cell["change"] = .string(change) }
        if let note { cell["note"] = .string(note) }
        return .object(cell)
    }

    /// A count cell labelled `words(label)`; `stat.notAvailable` (`n/a`, `자료 없음`) when unknown.
    static func count(_ label: String, _ value: Int64?, kind: String, note: String? = nil, words: PageWords)
        -> StatCell
    {
        StatCell(label: words(label), value: words.grouped(value), note: note, kind: kind)
    }

    /// A count cell with the day's change line (`DataDay.change`).
    static func count(
        _ label: String, _ value: Int64?, daily: Int64?, unreported: Bool, day: DataDay, kind: String,
        note: String? = nil, words: PageWords
    ) -> StatCell {
        StatCell(
            label: words(label), value: words.grouped(value), change: day.change(daily, unreported: unreported),
            note: note, kind: kind)
    }

    /// A per-million (or other ratio) cell labelled `words(label)`.
    static func ratio(_ label: String, _ value: Double?, kind: String, words: PageWords) -> StatCell {
        StatCell(label: words(label), value: value.flatMap(NumberText.figure) ?? words("stat.notAvailable"), kind: kind)
    }
}
