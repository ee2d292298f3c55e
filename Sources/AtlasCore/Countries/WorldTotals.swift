/// disease.sh `GET /v3/covid-19/all`: worldwide totals, every `Figure`, `nil` when absent or `null`.
public struct WorldTotals: Sendable, Equatable {
    /// Milliseconds since the Unix epoch.
    public var updated: Int64?
    /// Every `Figure`.
    public var figures: Figures

    /// A record; every figure not given is unknown.
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
    /// Totals summed from entries, for an import without `/all`: counts where known (`nil` if no entry
    /// has one; an overflowing sum stops growing), `updated` the median time, `affectedCountries` the
    /// entry count, ratios unknown.
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
