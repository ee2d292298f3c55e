/// One row of disease.sh `GET /v3/covid-19/historical?lastdays=all` (JHU CSSE's global series) as
/// published: cumulative counts for consecutive days from `firstDay`, zeros and corrections included.
public struct HistoricalRow: Sendable, Equatable {
    /// JHU's `Country/Region` with disease.sh's aliases: `USA`, `UK`, `S. Korea`.
    public var country: String
    /// JHU's `Province/State` in lower case (`reunion`); `nil` for a country's own row.
    public var province: String?
    /// The first day, days since 1970-01-01.
    public var firstDay: Int
    /// Cumulative confirmed cases, one per day.
    public var cases: [Int64]
    /// Cumulative deaths, one per day.
    public var deaths: [Int64]
    /// Cumulative recoveries as published (0 where JHU stopped), one per day.
    public var recovered: [Int64]

    /// A row from its parts; the arrays must have the same length.
    public init(country: String, province: String?, firstDay: Int, cases: [Int64], deaths: [Int64], recovered: [Int64])
    {
        self.country = country
        self.province = province
        self.firstDay = firstDay
        self.cases = cases
        self.deaths = deaths
        self.recovered = recovered
    }

    /// The name as disease.sh writes it in messages: `France` or `France/reunion`.
    public var name: String { province.map { country + "/" + $0 } ?? country }

    /// The last day, days since 1970-01-01.
    public var lastDay: Int { firstDay + cases.count - 1 }
}
