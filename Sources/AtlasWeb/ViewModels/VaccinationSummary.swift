import AtlasCore
import Mustache

/// The Vaccination section's latest figures for one place (an entry or the world): each figure's own
/// last report and its day, or "not reported" (docs/field-cases.md B42), from Our World in Data.
struct VaccinationSummary {
    /// How a figure is written.
    enum Unit {
        /// A whole number, grouped: `86,425,839`.
        case count
        /// A share of the population as OWID publishes it: `76.98 %`.
        case percent
        /// Per 100 people as OWID publishes it: `7.2`.
        case perHundred
    }

    /// The figures the section shows, in order: label, figure, unit.
    static let shown: [(label: String, figure: VaccinationFigure, unit: Unit)] = [
        ("Doses given", .totalVaccinations, .count),
        ("At least one dose", .peopleVaccinatedPerHundred, .percent),
        ("Fully vaccinated", .peopleFullyVaccinatedPerHundred, .percent),
        ("Boosters per hundred people", .totalBoostersPerHundred, .perHundred),
    ]

    /// What the place is called on the page (`S. Korea`, `the world`).
    let place: String
    /// OWID's series for the place; `nil` when OWID has no row for it.
    let series: VaccinationSeries?
    /// Why the place is deliberately given no OWID location (`VaccinationMapping.reasonNotJoined`).
    var reasonNotJoined: String? = nil
    /// The address of the place's `vaccinations.csv`.
    var csvPath: String? = nil

    /// One figure's cell: its value and the day it was last reported, or "not reported".
    static func cell(_ label: String, _ figure: VaccinationFigure, _ unit: Unit, in series: VaccinationSeries?)
        -> TemplateValue
    {
        guard let latest = series?.latest(figure) else {
            return ["label": .string(label), "value": "not reported", "reported": false]
        }
        let value: String
        switch unit {
        case .count: value = Formatting.grouped(Int64(latest.value.rounded()))
        case .percent: value = latest.text + " %"
        case .perHundred: value = latest.text
        }
        return [
            "label": .string(label), "value": .string(value), "reported": true,
            "date": .string(latest.date.short), "iso": .string(latest.date.iso),
        ]
    }

    var templateValue: TemplateValue {
        var value: [String: TemplateValue] = ["place": .string(place)]
        if series == nil {
            // No grid of "not reported" cells: there is no row to have reported anything.
            value["absent"] = .string(
                reasonNotJoined
                    ?? "Our World in Data has no row for \(place) in its vaccination data, so there is no "
                    + "figure or chart to show.")
        } else {
            value["figures"] = .array(Self.shown.map { Self.cell($0.label, $0.figure, $0.unit, in: series) })
        }
        if series != nil, let csvPath {
            value["csv"] = ["href": .string(csvPath), "label": "Download OWID’s rows as CSV"]
        }
        return .object(value)
    }
}
