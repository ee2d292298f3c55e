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

    /// The figures the section shows, in order: the label's catalog key, figure, unit.
    static let shown: [(label: String, figure: VaccinationFigure, unit: Unit)] = [
        ("vaccination.line.dosesGiven", .totalVaccinations, .count),
        ("vaccination.line.atLeastOneDose", .peopleVaccinatedPerHundred, .percent),
        ("vaccination.line.fullyVaccinated", .peopleFullyVaccinatedPerHundred, .percent),
        ("vaccination.boostersPerHundred", .totalBoostersPerHundred, .perHundred),
    ]

    /// The page's words.
    let words: PageWords
    /// What the place is called on the page (`S. Korea`, `the world`).
    let place: String
    /// OWID's series for the place; `nil` when OWID has no row for it.
    let series: VaccinationSeries?
    /// Why the place is deliberately given no OWID location (`VaccinationMapping.reasonNotJoined`).
    var reasonNotJoined: String? = nil
    /// The address of the place's `vaccinations.csv`.
    var csvPath: String? = nil

    /// One figure's cell, labelled by `words(label)`: its value and the day it was last reported
    /// (`on 14 Nov 2021`, `2021년 11월 14일 기준`), or "not reported".
    static func cell(
        _ label: String, _ figure: VaccinationFigure, _ unit: Unit, in series: VaccinationSeries?, words: PageWords
    ) -> TemplateValue {
        guard let latest = series?.latest(figure) else {
            return ["label": .string(words(label)), "value": .string(words("daily.notReported")), "reported": false]
        }
        let value: String
        switch unit {
        case .count: value = Formatting.grouped(Int64(latest.value.rounded()))
        case .percent: value = latest.text + words("vaccination.percentSuffix")
        case .perHundred: value = latest.text
        }
        let reported = words.parts("vaccination.reportedOn", around: "day", [:])
        return [
            "label": .string(words(label)), "value": .string(value), "reported": true,
            "date": .string(words.chart.date(latest.date)), "iso": .string(latest.date.iso),
            "before": .string(reported.before), "after": .string(reported.after),
        ]
    }

    var templateValue: TemplateValue {
        var value: [String: TemplateValue] = ["place": .string(place)]
        if series == nil {
            // No grid of "not reported" cells: there is no row to have reported anything.
            value["absent"] = .string(reasonNotJoined ?? words("vaccination.noRow", ["place": place]))
        } else {
            value["figures"] = .array(
                Self.shown.map { Self.cell($0.label, $0.figure, $0.unit, in: series, words: words) })
        }
        if series != nil, let csvPath {
            value["csv"] = ["href": .string(csvPath), "label": .string(words("vaccination.csv"))]
        }
        return .object(value)
    }
}
