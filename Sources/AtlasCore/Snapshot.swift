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
    /// The store's version counter for this copy (it grows with every replace); `nil` before it is stored.
    public var version: Int64?
    /// The upstream entries the decoder left out (for the import's report); never stored, and not part
    /// of the data (`==` ignores it).
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

    /// When the data was last updated, in ms since the epoch: the totals' `updated` (the time of the
    /// `/all` fetch), else the newest country `updated`; `nil` when none has one.
    ///
    /// The totals win because one entry with a wrong time (even one in the future) must not make
    /// the whole snapshot look fresh.
    public var dataUpdated: Int64? {
        totals.updated ?? countries.compactMap(\.updated).max()
    }

    /// Equal when the data and where it came from are equal; `version` is the store's bookkeeping
    /// and does not make two copies of the same data different.
    public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
        lhs.countries == rhs.countries && lhs.totals == rhs.totals && lhs.source == rhs.source
            && lhs.importedAt == rhs.importedAt
    }
}
