/// One consistent copy of the disease.sh data: the countries and the worldwide totals from one fetch.
public struct Snapshot: Sendable, Equatable {
    /// Every entry of `/v3/covid-19/countries`, in upstream order.
    public var countries: [Country]
    /// `/v3/covid-19/all`.
    public var totals: WorldTotals
    /// Where it came from, e.g. `https://disease.sh` or `file:data/disease-sh/countries.json`.
    public var source: String
    /// When this copy was stored, in milliseconds since the Unix epoch; `nil` before it is stored.
    public var importedAt: Int64?

    /// Creates a snapshot; `importedAt` is set by the store.
    public init(countries: [Country], totals: WorldTotals, source: String, importedAt: Int64? = nil) {
        self.countries = countries
        self.totals = totals
        self.source = source
        self.importedAt = importedAt
    }

    /// The newest `updated` among the totals and the countries, in ms since the epoch; `nil` when none has one.
    public var dataUpdated: Int64? {
        ([totals.updated] + countries.map(\.updated)).compactMap { $0 }.max()
    }
}
