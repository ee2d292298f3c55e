/// An entry's latest vaccination shares, for the country list's sorts and the world map: each its own
/// figure's last report in Our World in Data's file (docs/field-cases.md B42), `nil` when never reported.
public struct VaccinationLatest: Sendable, Equatable {
    /// `people_fully_vaccinated_per_hundred`: the share (%) of the population fully vaccinated.
    public var fullyVaccinatedPerHundred: Double?
    /// `total_vaccinations_per_hundred`: doses given per 100 people.
    public var dosesPerHundred: Double?

    /// The latest shares of `series`; `nil` when there is no series.
    public init?(_ series: VaccinationSeries?) {
        guard let series else { return nil }
        fullyVaccinatedPerHundred = series.latest(.peopleFullyVaccinatedPerHundred)?.value
        dosesPerHundred = series.latest(.totalVaccinationsPerHundred)?.value
    }
}
