import Mustache

/// One cell of a stat grid: a label, a figure, and optionally today's change and a note.
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

    /// A count cell; `n/a` when the count is unknown.
    static func count(_ label: String, _ value: Int64?, today: Int64?? = nil, kind: String, note: String? = nil)
        -> StatCell
    {
        var cell = StatCell(label: label, value: Formatting.grouped(value), kind: kind)
        if let today { cell.change = Formatting.change(today) }
        cell.note = note
        return cell
    }

    /// A per-million (or other ratio) cell.
    static func ratio(_ label: String, _ value: Double?, kind: String) -> StatCell {
        StatCell(label: label, value: Formatting.decimal(value), kind: kind)
    }
}
