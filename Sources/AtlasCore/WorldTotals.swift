/// disease.sh `GET /v3/covid-19/all`: worldwide totals, in the API's field names (`Figure`, all of
/// them). Figures are `nil` when absent or `null` upstream.
public struct WorldTotals: Sendable, Equatable {
    /// Milliseconds since the Unix epoch (UTC).
    public var updated: Int64?
    /// Every `Figure`.
    public var figures: Figures

    /// Creates a record; every figure not given is unknown (`nil`).
    public init(updated: Int64? = nil, figures: Figures = Figures()) {
        self.updated = updated
        self.figures = figures
    }

    /// A count figure (`cases`, `affectedCountries`, …); `nil` when unknown.
    public subscript(_ figure: Figure) -> Int64? {
        get { figures[figure] }
        set { figures[figure] = newValue }
    }

    /// A ratio figure (`casesPerOneMillion`, …); `nil` when unknown.
    public subscript(ratio figure: Figure) -> Double? {
        get { figures[ratio: figure] }
        set { figures[ratio: figure] = newValue }
    }
}

extension WorldTotals {
    /// Totals summed from country entries, for an import that has no `/all` response: counts are
    /// added where known (a sum is `nil` only when no entry has the figure; one that would overflow
    /// stops growing), `updated` is the median of the entries' times (so one wrong time cannot move
    /// it), `affectedCountries` the number of entries; ratios are left unknown.
    public init(summing countries: [Country]) {
        var figures = Figures()
        for figure in Figure.counts where figure != .affectedCountries {
            let known = countries.compactMap { $0[figure] }
            guard !known.isEmpty else { continue }
            figures[figure] = known.reduce(0) { $0.addingReportingOverflow($1).overflow ? $0 : $0 + $1 }
        }
        figures[.affectedCountries] = Int64(countries.count)
        self.init(updated: WorldTotals.median(countries.compactMap(\.updated)), figures: figures)
    }

    private static func median(_ values: [Int64]) -> Int64? {
        guard !values.isEmpty else { return nil }
        return values.sorted()[values.count / 2]
    }
}
