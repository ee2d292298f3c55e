/// One consistent copy of the disease.sh data: the countries and the totals of one fetch.
public struct Snapshot: Sendable, Equatable {
    /// Every entry of `/v3/covid-19/countries`, in upstream order.
    public var countries: [Country]
    /// `/v3/covid-19/all`.
    public var totals: WorldTotals
    /// Where it came from: `https://disease.sh` or `file:data/disease-sh/countries.json`.
    public var source: String
    /// When stored, ms since the Unix epoch; `nil` before.
    public var importedAt: Int64?
    /// The store's version counter of this copy; `nil` before it is stored.
    public var version: Int64?
    /// Upstream entries the decoder left out, for the import's report; never stored, ignored by `==`.
    public var leftOut: [LeftOutEntry] = []

    /// Creates a snapshot; `importedAt` is set by the store.
    public init(
        countries: [Country], totals: WorldTotals, source: String, importedAt: Int64? = nil, version: Int64? = nil
    ) {
        self.countries = countries
        self.totals = totals
        self.source = source
        self.importedAt = importedAt
        self.version = version
    }

    /// When the data was last updated, ms since the epoch: the totals' `updated`, else the newest
    /// country's; `nil` when none has one. The totals win, so one entry's wrong time cannot freshen all.
    public var dataUpdated: Int64? {
        totals.updated ?? countries.compactMap(\.updated).max()
    }

    /// Equal data from the same source; `version` is the store's bookkeeping.
    public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
        lhs.countries == rhs.countries && lhs.totals == rhs.totals && lhs.source == rhs.source
            && lhs.importedAt == rhs.importedAt
    }
}
