/// A figure of Our World in Data's `vaccinations.csv`, named by its column header. The figures are
/// declared once here: the decoder, the store, the CSV twin and the pages all read this list, in this
/// order (OWID's own).
public enum VaccinationFigure: String, CaseIterable, Sendable {
    /// Doses given, cumulative.
    case totalVaccinations = "total_vaccinations"
    /// People with at least one dose, cumulative.
    case peopleVaccinated = "people_vaccinated"
    /// People with every dose of the initial protocol, cumulative.
    case peopleFullyVaccinated = "people_fully_vaccinated"
    /// Booster doses, cumulative.
    case totalBoosters = "total_boosters"
    /// The day's doses: the difference of two consecutive reported `total_vaccinations`.
    case dailyVaccinationsRaw = "daily_vaccinations_raw"
    /// Doses per day, smoothed over 7 days and interpolated across days without a report.
    case dailyVaccinations = "daily_vaccinations"
    /// `total_vaccinations` per 100 people of OWID's population.
    case totalVaccinationsPerHundred = "total_vaccinations_per_hundred"
    /// `people_vaccinated` per 100 people: the share (%) with at least one dose.
    case peopleVaccinatedPerHundred = "people_vaccinated_per_hundred"
    /// `people_fully_vaccinated` per 100 people: the share (%) fully vaccinated.
    case peopleFullyVaccinatedPerHundred = "people_fully_vaccinated_per_hundred"
    /// `total_boosters` per 100 people.
    case totalBoostersPerHundred = "total_boosters_per_hundred"
    /// `daily_vaccinations` per million people.
    case dailyVaccinationsPerMillion = "daily_vaccinations_per_million"

    /// The header of the columns before the figures, as OWID writes them.
    public static let keyColumns = ["location", "iso_code", "date"]

    /// The figure's position in `allCases` (the column order of the store and the CSV twin).
    public var index: Int { Self.allCases.firstIndex(of: self)! }

    /// Whether the figure counts people or doses (a whole number) rather than a rate.
    public var isCount: Bool {
        switch self {
        case .totalVaccinations, .peopleVaccinated, .peopleFullyVaccinated, .totalBoosters, .dailyVaccinationsRaw,
            .dailyVaccinations:
            return true
        default:
            return false
        }
    }

    /// Whether the figure is a running total, which OWID's sources revise so that it may fall
    /// (docs/field-cases.md B41).
    public var isCumulative: Bool {
        switch self {
        case .totalVaccinations, .peopleVaccinated, .peopleFullyVaccinated, .totalBoosters:
            return true
        default:
            return false
        }
    }
}
