import AtlasCore

/// The snapshot tables' columns, the same in both stores: an entry's own fields, then one column per
/// figure under its API name.
enum SnapshotColumns {
    /// `countries`: the position, the entry's own fields, then its figures.
    static let countries =
        ["position", "updated", "country", "_id", "iso2", "iso3", "lat", "long", "flag", "continent"]
        + Figure.perCountry.map(\.name)
    /// `world_totals`: the row id, the time, then every figure.
    static let totals = ["id", "updated"] + Figure.allCases.map(\.name)
    /// Where the figures start in a row of each table (0-based column index).
    static let countryFiguresStart = 10
    static let totalsFiguresStart = 2
}
